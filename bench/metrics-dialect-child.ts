/**
 * One side of bench/metrics-pg-1m.bench.ts: the metrics summary for every filter case, the batch comparison
 * and the batch counts, on whichever database this process was started with (DATA_DIR for SQLite,
 * DATABASE_URL for Postgres: the dialect is fixed when the query modules load, so each side is a process of
 * its own). Prints one JSON line: per case the median of warm calls and the summary itself.
 */
import { sql } from 'drizzle-orm';
import { closeDb, prepareDatabase } from '@/db/client';
import { countRunsByStatus } from '@/db/queries/runs';
import { all } from '@/db/sql';
import { compareBatches } from '@/lib/metrics/compare';
import { getMetricsSummary } from '@/lib/metrics/summary';
import { lookUpMetricsFilterCases } from './metrics-filter-cases';
import { medianOfCallsMs } from './warm-median';

export type CaseResult = { label: string; ms: number; figures: unknown };

/** Median of warm calls, after one call that warms the caches; and what that call returned. */
async function measure(fn: () => Promise<unknown>): Promise<{ ms: number; figures: unknown }> {
  const figures = await fn();
  return { ms: await medianOfCallsMs(fn), figures };
}

/** BENCH_METRICS_CASES=<text>: only the cases whose label holds it (a quick look at one figure). */
const only = process.env.BENCH_METRICS_CASES ?? '';

async function main(): Promise<void> {
  await prepareDatabase();
  const results: CaseResult[] = [];
  for (const [label, filters] of await lookUpMetricsFilterCases()) {
    if (label.includes(only)) results.push({ label, ...(await measure(() => getMetricsSummary(filters))) });
  }
  const batchIds = (await all<{ id: string }>(sql`select id from run_batches order by name`)).map((r) => r.id);
  const [a, b] = batchIds;
  if (a && b && 'compare two batches'.includes(only)) {
    const compare = await measure(() => compareBatches(a, b));
    results.push({ label: 'compare two batches', ...compare });
  }
  const countsLabel = `batch counts (${batchIds.length} batches)`;
  if (countsLabel.includes(only)) {
    const counts = await measure(async () => Object.fromEntries(await countRunsByStatus(batchIds)));
    results.push({ label: countsLabel, ...counts });
  }
  await closeDb();
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
