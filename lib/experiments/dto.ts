import type { ExperimentRow, ExperimentVariantRow, RunBatchRow } from '@/db/schema';
import type { RunCounts } from '@/db/queries/runs';
import type { Tool } from '../mcp/client';
import type { ConfusionDto, VariantComparison, VariantMetrics } from './results';
import type { ToolOverride } from '../eval/run/tool-overrides';

/**
 * The JSON shapes of /api/experiments (the contract the experiments UI builds on; it imports
 * these types only). Status and progress are the aggregate of the variants' batches.
 */

export type ExperimentStatus = RunBatchRow['status'];

export type ChangedToolDto = { server: string; name: string; originalName: string; description: string; originalDescription: string };

export type VariantDto = {
  name: string;
  batchId: string | null;
  status: ExperimentStatus;
  changes: ToolOverride[];
  tools: ChangedToolDto[];
  metrics: VariantMetrics | null;
  comparison: VariantComparison | null;
  confusion: ConfusionDto[];
};

export type ExperimentDto = {
  id: string;
  name: string;
  status: ExperimentStatus;
  models: unknown[];
  samples: number;
  concurrency: number;
  testCaseIds: string[];
  createdAt: string;
  completedAt: string | null;
  progress: RunCounts;
  variants: VariantDto[];
};

const FINISHED: readonly ExperimentStatus[] = ['completed', 'failed', 'cancelled', 'interrupted'];

export function isFinished(status: ExperimentStatus): boolean {
  return FINISHED.includes(status);
}

/**
 * All pending: pending; any still to do: running; once all are finished, the most telling end
 * (a cancel, an interruption, a batch whose every run failed) wins over completed.
 */
export function aggregateStatus(statuses: readonly ExperimentStatus[]): ExperimentStatus {
  if (statuses.length === 0 || statuses.every((s) => s === 'pending')) return 'pending';
  if (statuses.some((s) => !isFinished(s))) return 'running';
  for (const end of ['cancelled', 'interrupted', 'failed'] as const) if (statuses.includes(end)) return end;
  return 'completed';
}

export function sumCounts(counts: readonly RunCounts[]): RunCounts {
  const total: RunCounts = { total: 0, pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 };
  for (const c of counts) for (const k of Object.keys(total) as (keyof RunCounts)[]) total[k] += c[k];
  return total;
}

/** Only the changed tools, each with what the model saw and what the server lists. */
export function changedTools(changes: readonly ToolOverride[], baseline: ExperimentRow['baselineTools']): ChangedToolDto[] {
  return changes.map((c) => {
    const original = (baseline[c.server] as Tool[] | undefined)?.find((t) => t.name === c.tool);
    const originalDescription = original?.description ?? '';
    return { server: c.server, name: c.name ?? c.tool, originalName: c.tool, description: c.description ?? originalDescription, originalDescription };
  });
}

export type VariantWithBatch = ExperimentVariantRow & { batch: RunBatchRow | null };
