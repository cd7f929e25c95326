import { countEvaluatedRunsOfBatches, selectExperimentBatchIds, type BatchRunCount } from '@/db/queries/metrics-experiment-batches';
import type { MetricsScope } from '@/db/queries/metrics-scope';
import type { MetricsFilters } from './filters';

/**
 * Experiment variants' runs saw rewritten tool descriptions (issue 14), so the metrics views leave their batches out
 * unless the filter names a batch (batchId: that batch alone, experiment or not) or asks for them
 * (includeExperiments=true). Otherwise the summary, trend and confusions, and through them the similarity page's
 * "confused N times" and "missed by similarity", would mix in confusions of descriptions the servers do not have.
 */
export function includesExperiments(filters: Pick<MetricsFilters, 'batchId' | 'includeExperiments'>): boolean {
  return Boolean(filters.batchId) || filters.includeExperiments === true || filters.includeExperiments === 'true';
}

/** The scope with the experiment batches excluded when the filters leave them out; unchanged when there are none. */
export async function excludeExperimentBatches(filters: MetricsFilters, scope: MetricsScope): Promise<MetricsScope> {
  if (includesExperiments(filters)) return scope;
  const ids = await selectExperimentBatchIds();
  return ids.length > 0 ? { ...scope, excludeBatchIds: ids } : scope;
}

/**
 * What leaving the experiment batches out took from a scope that excludeExperimentBatches returned: the evaluated
 * runs of those batches that the other filters keep, and how many batches hold them. Zero when nothing was left out
 * (no experiments, a batchId, or includeExperiments).
 */
export async function countExperimentRunsLeftOut(scope: MetricsScope): Promise<BatchRunCount> {
  return countEvaluatedRunsOfBatches(scope, scope.excludeBatchIds ?? []);
}
