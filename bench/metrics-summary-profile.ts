/**
 * Where the metrics summary's time goes, per filter case: each statement of getMetricsSummary timed on its
 * own (median of warm calls) on whichever database this process runs on (DATA_DIR or DATABASE_URL), as
 * metrics-dialect-child.ts. `node --conditions=react-server --import tsx bench/metrics-summary-profile.ts`.
 */
import { closeDb, prepareDatabase } from '@/db/client';
import { readMetricsSnapshot, selectEvaluationTotals, selectRunRollups, selectToolCells } from '@/db/queries/metrics';
import { selectCallOutcomes, selectSequenceCaseFigures } from '@/db/queries/metrics-calls';
import {
  canReadLatencyHistogram,
  canReadRollup,
  canReadToolLatencyHistogram,
  selectLatencyAtFromHistogram,
  selectLatencyAtFromToolHistogram,
  selectRollupEvaluationTotals,
  selectRollupRunRollups,
  selectRollupToolCells,
} from '@/db/queries/metrics-rollup';
import { getMetricsSummary, toScope } from '@/lib/metrics/summary';
import { lookUpMetricsFilterCases } from './metrics-filter-cases';
import { warmMedianMs } from './warm-median';

const only = process.env.BENCH_METRICS_CASES ?? '';

const measure = async (fn: () => Promise<unknown>): Promise<number> => Math.round(await warmMedianMs(fn));

async function main(): Promise<void> {
  await prepareDatabase();
  const rows = [];
  for (const [label, filters] of await lookUpMetricsFilterCases()) {
    if (!label.includes(only)) continue;
    const scope = toScope(filters);
    const rollup = canReadRollup(scope);
    const inSnapshot = (fn: () => Promise<unknown>) => () => readMetricsSnapshot(fn);
    const n = rollup ? (await readMetricsSnapshot(() => selectRollupRunRollups(scope))).all.latencyRuns : 0;
    const byTool = canReadToolLatencyHistogram(scope);
    const histogram = rollup && (byTool || canReadLatencyHistogram(scope));
    const at = (k: number) => (byTool ? selectLatencyAtFromToolHistogram(scope, k) : selectLatencyAtFromHistogram(scope, k));
    rows.push({
      case: label,
      rollup,
      summary: await measure(() => getMetricsSummary(filters)),
      totals: await measure(inSnapshot(() => (rollup ? selectRollupEvaluationTotals(scope) : selectEvaluationTotals(scope)))),
      cells: await measure(inSnapshot(() => (rollup ? selectRollupToolCells(scope) : selectToolCells(scope)))),
      runRollups: await measure(inSnapshot(() => (rollup ? selectRollupRunRollups(scope) : selectRunRollups(scope)))),
      p50: histogram ? await measure(inSnapshot(() => at(Math.floor(n / 2)))) : '',
      p95: histogram ? await measure(inSnapshot(() => at(Math.floor(n * 0.95)))) : '',
      seqCases: await measure(inSnapshot(() => selectSequenceCaseFigures(scope))),
      callOutcomes: await measure(inSnapshot(() => selectCallOutcomes(scope))),
    });
  }
  await closeDb();
  console.table(rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
