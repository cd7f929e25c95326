import { readMetricsSnapshot } from '@/db/queries/metrics';
import { selectBatchTrend } from '@/db/queries/metrics-trend';
import { excludeExperimentBatches } from './experiment-scope';
import type { MetricsFilters } from './filters';
import { computeRates, toConfusionCounts, type ConfusionCounts, type HeadlineRates } from './rates';
import { toScope } from './summary';

/** How many batches the trend by batch shows (the latest ones). */
export const BATCH_TREND_LIMIT = 50;

export type BatchTrendPoint = HeadlineRates & { batchId: string; name: string; createdAt: string; counts: ConfusionCounts };

/**
 * Accuracy, F1, precision and recall per batch, oldest first (the x axis is batches in order), with the summary's filters
 * (experiment variants' batches left out as there).
 */
export async function getBatchTrend(filters: MetricsFilters): Promise<{ items: BatchTrendPoint[]; limit: number }> {
  const rows = await readMetricsSnapshot(async () => selectBatchTrend(await excludeExperimentBatches(filters, toScope(filters)), BATCH_TREND_LIMIT));
  rows.reverse();
  return {
    items: rows.map((r) => {
      const counts = toConfusionCounts(r);
      return { batchId: r.batchId, name: r.name, createdAt: r.createdAt, counts, ...computeRates(counts) };
    }),
    limit: BATCH_TREND_LIMIT,
  };
}
