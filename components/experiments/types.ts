// The experiments API's shapes, as fixed in the shared contract (backend: lib/experiments).
// Written here from the contract while the backend lands in parallel; once its DTO module exists
// these become type-only re-exports of it, like components/data/types.ts.
import type { Classification } from '@/lib/eval/judge/classify';
import type { ModelConfig } from '@/lib/providers/types';

export type ExperimentStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled' | 'interrupted';

export type ToolChange = {
  server: string;
  tool: string;
  description?: string;
  name?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
};

export type Estimate = { value: number | null; low: number | null; high: number | null; method: string };

export type DeltaOutcome = 'improved' | 'regressed' | 'no_significant_change' | 'too_few_cases';

export type Delta = { delta: number | null; low: number | null; high: number | null; pValue: number | null; outcome: DeltaOutcome; method: string };

export type MetricName = 'precision' | 'recall' | 'f1' | 'accuracy';

export type FlipDto = { testCaseId: string; testCaseName: string; model: string; before: Classification; after: Classification };

export type ToolRefDto = { server: string; tool: string };

export type VariantDto = {
  name: string;
  batchId: string | null;
  status: ExperimentStatus;
  changes: ToolChange[];
  tools?: { server: string; name: string; originalName: string; description: string; originalDescription: string }[];
  metrics: null | ({ counts: { tp: number; fp: number; tn: number; fn: number; total: number } } & Record<MetricName, Estimate>);
  comparison: null | { metrics: Record<MetricName, Delta>; flipped: { fixed: FlipDto[]; regressed: FlipDto[] } };
  confusion?: { expected: ToolRefDto | null; selected: ToolRefDto | null; count: number }[];
};

export type ExperimentProgress = { total: number; pending: number; running: number; completed: number; failed: number; cancelled: number };

export type ExperimentDto = {
  id: string;
  name: string;
  status: ExperimentStatus;
  models: ModelConfig[];
  samples: number;
  concurrency: number;
  testCaseIds: string[];
  createdAt: string;
  completedAt: string | null;
  progress: ExperimentProgress;
  variants: VariantDto[];
};

export type VariantInput = { name: string; changes: ToolChange[] };

/** The body of POST /api/experiments (keys travel as headers, never here). */
export type ExperimentRequest = {
  name?: string;
  testCaseIds?: string[];
  models: ModelConfig[];
  samples?: number;
  concurrency?: number;
  variants: VariantInput[];
};

export type ApplyResult = { applied: unknown[] };

export const BASELINE = 'original';
export const MAX_VARIANTS = 5;
export const MAX_EXPERIMENT_MODELS = 5;
export const MAX_EXPERIMENT_SAMPLES = 10;
export const MAX_EXPERIMENT_CONCURRENCY = 32;
export const ACTIVE_STATUSES: readonly ExperimentStatus[] = ['pending', 'running'];
