import { selectBatchTrend } from '@/db/queries/metrics-trend';
import type { MetricsFilters } from './filters';
import { computeRates, toConfusionCounts, type ConfusionCounts, type HeadlineRates } from './rates';
import { toScope } from './summary';

/** How many batches the trend by batch shows (the latest ones). */
export const BATCH_TREND_LIMIT = 50;

export type BatchTrendPoint = HeadlineRates & { batchId: string; name: string; createdAt: string; counts: ConfusionCounts };

/** Accuracy, F1, precision and recall per batch, oldest first (the x axis is batches in order), with the summary's filters. */
export async function getBatchTrend(filters: MetricsFilters): Promise<{ items: BatchTrendPoint[]; limit: number }> {
  const rows = (await selectBatchTrend(toScope(filters), BATCH_TREND_LIMIT)).reverse();
  return {
    items: rows.map((r) => {
      const counts = toConfusionCounts(r);
      return { batchId: r.batchId, name: r.name, createdAt: r.createdAt, counts, ...computeRates(counts) };
    }),
    limit: BATCH_TREND_LIMIT,
  };
}
