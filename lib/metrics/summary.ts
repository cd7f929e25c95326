import {
  readMetricsSnapshot,
  selectEvaluationTotals,
  selectLatenciesAt,
  selectRunRollups,
  selectToolCells,
  withResolvedRunScope,
  type MetricsScope,
  type RunRollup,
  type RunRollups,
  type RunScope,
} from '@/db/queries/metrics';
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
import { getCallMetrics, type CallMetrics } from './calls';
import { readSplitFigures, splitDayBounds, type SplitFigures } from './day-split';
import type { BatchRunCount } from '@/db/queries/metrics-experiment-batches';
import { countExperimentRunsLeftOut, excludeExperimentBatches } from './experiment-scope';
import { toCreatedAtBounds, type MetricsFilters } from './filters';
import { locateNearestRank } from './percentile';
import { computeRates, divideOrNull, toConfusionCounts, type ConfusionCounts, type HeadlineRates } from './rates';
import { buildConfusionMatrix, summarizeTools, type ConfusionMatrix, type ToolMetrics } from './tools';

export type TokenTotals = { input: number; output: number; total: number };

export type ModelMetrics = HeadlineRates & {
  provider: string | null;
  model: string | null;
  counts: ConfusionCounts;
  meanLatencyMs: number | null;
  tokens: TokenTotals;
};

export type DayMetrics = { date: string; counts: ConfusionCounts; accuracy: number | null; f1: number | null };

export type { ConfusionMatrix, ToolMetrics } from './tools';

export type MetricsSummary = HeadlineRates & {
  counts: ConfusionCounts;
  parameters: { completeness: number | null; correctness: number | null; typeConformance: number | null; measuredRuns: number };
  confidence: { robust: number; misleading: number; needsClarity: number; unrated: number; average: number | null };
  passK: { runs: number; passed: number; rate: number | null } | null;
  latency: { p50: number | null; p95: number | null; mean: number | null };
  tokens: TokenTotals;
  runs: { completed: number; failed: number; total: number };
  byTool: ToolMetrics[];
  byModel: ModelMetrics[];
  byDay: DayMetrics[];
  confusionMatrix: ConfusionMatrix;
  /** Per-call precision/recall/F1 and per-case steps, tokens and latency of sequence runs; null without any. */
  calls: CallMetrics | null;
  /**
   * The evaluated runs of experiment variants' batches that the other filters match but the summary leaves out,
   * and how many batches hold them (./experiment-scope); 0 and 0 when there are none, or with a batchId or
   * includeExperiments (then they are counted above).
   */
  experimentsLeftOut: BatchRunCount;
};

/** The filters as the queries take them (dates as created_at bounds). */
export function toScope(filters: MetricsFilters): MetricsScope {
  const { from, to, includeExperiments: _include, ...rest } = filters;
  const bounds = toCreatedAtBounds({ from, to });
  return { ...rest, createdFrom: bounds.from, createdBefore: bounds.before };
}

function toTokenTotals(r: RunRollup): TokenTotals {
  return { input: r.inputTokens, output: r.outputTokens, total: r.inputTokens + r.outputTokens };
}

/** Nearest-rank p50 and p95 of the scope's `n` evaluated runs, read run by run. */
async function readLatencyPercentiles(scope: RunScope, n: number): Promise<[number | null, number | null]> {
  if (n === 0) return [null, null];
  const [p50 = null, p95 = null] = await selectLatenciesAt(scope, [locateNearestRank(50, n), locateNearestRank(95, n)], n);
  return [p50, p95];
}

/**
 * The nearest-rank percentile through a latency histogram (the tool histogram for a tool/server filter);
 * undefined sends the caller to the per-run read.
 */
async function readHistogramPercentile(scope: MetricsScope, p: number, n: number, byTool: boolean): Promise<number | null | undefined> {
  if (n === 0) return null;
  const k = nearestRankPosition(p, n);
  return byTool ? selectLatencyAtFromToolHistogram(scope, k) : selectLatencyAtFromHistogram(scope, k);
}

type RunFigures = { rollups: RunRollups; p50: number | null; p95: number | null };

/**
 * The run-side statements share one resolution of a tool/server filter (see withResolvedRunScope).
 * Counts and sums come from the maintained rollup where it serves the scope; percentiles cannot
 * be summed, so they stay the exact nearest-rank read of the latency index.
 */
async function readRunFigures(scope: MetricsScope, fromRollup: boolean): Promise<RunFigures> {
  const rollups = fromRollup ? await selectRollupRunRollups(scope) : undefined;
  const byTool = canReadToolLatencyHistogram(scope);
  if (rollups && (byTool || canReadLatencyHistogram(scope))) {
    const n = rollups.all.latencyRuns;
    const p50 = await readHistogramPercentile(scope, 50, n, byTool);
    const p95 = await readHistogramPercentile(scope, 95, n, byTool);
    if (p50 !== undefined && p95 !== undefined) return { rollups, p50, p95 };
  }
  // With the rollup's counts in hand only the percentiles read the runs, and they keep evaluated runs only.
  return withResolvedRunScope(
    scope,
    async (runScope) => {
      const runRollups = rollups ?? (await selectRunRollups(runScope));
      const n = runRollups.all.latencyRuns;
      const [p50, p95] = await readLatencyPercentiles(runScope, n);
      return { rollups: runRollups, p50, p95 };
    },
    { evaluatedOnly: rollups !== undefined },
  );
}

/**
 * metrics_rollup (kept by triggers in each writer's transaction) serves batch, model, whole-day
 * and tool/server filters from its groups; a bound inside a day adds or takes away its partial day's
 * runs (./day-split); a test case (or a tool filter with such a bound) reads the runs.
 */
async function readFigures(scope: MetricsScope): Promise<SplitFigures> {
  const split = splitDayBounds(scope);
  const figures = split && (await readSplitFigures(scope, split, nearestRankPosition));
  if (figures) return figures;
  const fromRollup = canReadRollup(scope);
  const totals = await (fromRollup ? selectRollupEvaluationTotals(scope) : selectEvaluationTotals(scope));
  const cells = await (fromRollup ? selectRollupToolCells(scope) : selectToolCells(scope));
  return { totals, cells, ...(await readRunFigures(scope, fromRollup)) };
}

function nearestRankPosition(p: number, n: number): number {
  const { offset, order } = locateNearestRank(p, n);
  return order === 'asc' ? offset : n - 1 - offset;
}

/**
 * The metrics of the completed, classified runs matching the filters, aggregated in SQL.
 * Evaluation figures (counts, parameters, confidence, pass^k, tools) read
 * evaluation_results and run figures (latency, tokens, per model and day) read test_runs,
 * each joining the other only when a filter needs it; the engine writes both together,
 * with the same classification, so they agree. Experiment variants' batches are left out unless the filters
 * name a batch or includeExperiments (./experiment-scope).
 */
export async function getMetricsSummary(filters: MetricsFilters = {}): Promise<MetricsSummary> {
  return readMetricsSnapshot(async () => {
    const scope = await excludeExperimentBatches(filters, toScope(filters));
    const { totals, cells, rollups, p50, p95 } = await readFigures(scope);
    const calls = await getCallMetrics(scope);
    const experimentsLeftOut = await countExperimentRunsLeftOut(scope);
    const counts = toConfusionCounts(totals);
    const all = rollups.all;
    return {
      counts,
      ...computeRates(counts),
      parameters: {
        completeness: totals.completeness,
        correctness: totals.correctness,
        typeConformance: totals.typeConformance,
        measuredRuns: totals.measuredRuns,
      },
      confidence: {
        robust: totals.robust,
        misleading: totals.misleading,
        needsClarity: totals.needsClarity,
        unrated: totals.unrated,
        average: totals.confidenceAverage,
      },
      passK:
        totals.passKRuns > 0
          ? { runs: totals.passKRuns, passed: totals.passKPassed, rate: divideOrNull(totals.passKPassed, totals.passKRuns) }
          : null,
      latency: {
        p50,
        p95,
        mean: divideOrNull(all.latencySum, all.latencyRuns),
      },
      tokens: toTokenTotals(all),
      runs: { completed: all.completed, failed: all.failed, total: all.runs },
      byTool: summarizeTools(cells),
      byModel: rollups.byModel.map((m) => {
        const modelCounts = toConfusionCounts(m);
        return {
          provider: m.provider,
          model: m.model,
          counts: modelCounts,
          ...computeRates(modelCounts),
          meanLatencyMs: divideOrNull(m.latencySum, m.latencyRuns),
          tokens: toTokenTotals(m),
        };
      }),
      byDay: rollups.byDay.map((d) => {
        const dayCounts = toConfusionCounts(d);
        const rates = computeRates(dayCounts);
        return { date: d.date, counts: dayCounts, accuracy: rates.accuracy, f1: rates.f1 };
      }),
      confusionMatrix: buildConfusionMatrix(cells),
      calls,
      experimentsLeftOut,
    };
  });
}
