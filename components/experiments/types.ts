// Response shapes of /api/experiments, taken from their source (type-only imports are erased from client bundles).
export type { ExperimentDto, VariantDto, ExperimentStatus, ChangedToolDto } from '@/lib/experiments/dto';
export type { Estimate, Delta, FlipDto, ConfusionDto, VariantMetrics, VariantComparison } from '@/lib/experiments/results';
export type { ToolChange } from '@/lib/experiments/schemas';
export type { ExperimentMetric as MetricName } from '@/lib/experiments/results';
export type { PatchExport, ToolsExport } from '@/lib/experiments/export';

import type { z } from 'zod';
import type { ExperimentInputSchema } from '@/lib/experiments/schemas';
import type { Delta } from '@/lib/experiments/results';

export type DeltaOutcome = Delta['outcome'];

/** What the form posts: the JSON body of POST /api/experiments (never a key). */
export type ExperimentRequest = z.input<typeof ExperimentInputSchema>;

export type ApplyResult = { applied: unknown[] };

// The contract's limits, as lib/experiments/schemas.ts enforces them (its schema holds them inline).
export { ORIGINAL_VARIANT as BASELINE } from '@/lib/experiments/schemas';
export { MAX_CONCURRENCY as MAX_EXPERIMENT_CONCURRENCY } from '@/lib/eval/api/limits';
export const MAX_VARIANTS = 5;
export const MAX_EXPERIMENT_MODELS = 5;
export const MAX_EXPERIMENT_SAMPLES = 10;
export const MAX_DESCRIPTION = 10_000;
