import type { JudgedRun } from '@/db/queries/experiments';
import type { Classification } from '../eval/judge/classify';
import { bootstrapF1 } from '../stats/bootstrap';
import { compareOutcomes, type CaseOutcome, type MetricComparison } from '../stats/compare';
import { countClassifications, sumCounts, type ClassificationMetric, type Counts } from '../stats/counts';
import { DEFAULT_CONFIDENCE } from '../stats/types';
import { wilsonInterval } from '../stats/wilson';

/**
 * A variant's figures from its batch's judged runs: the headline metrics with 95% intervals,
 * the comparison against the baseline on the same (case, model) units, the cases whose verdict
 * flipped, and the off-diagonal confusion. The statistics are lib/stats'; this file only
 * shapes runs into its units and its answers into the API's.
 *
 * The unit is a case x model: each run is already one verdict (the modal selection of its
 * samples), so a unit has one outcome per variant.
 */

export type Estimate = { value: number | null; low: number | null; high: number | null; method: string };
export type VariantMetrics = {
  counts: Counts & { total: number };
  precision: Estimate;
  recall: Estimate;
  f1: Estimate;
  accuracy: Estimate;
  /** TN / (TN + FP): how often the model left the tools alone when no tool was expected. */
  specificity: Estimate;
};

/** The headline metrics of an experiment: lib/stats' four and specificity (computed here; the CLI gate's list stays four). */
export type ExperimentMetric = ClassificationMetric | 'specificity';
export const EXPERIMENT_METRICS: readonly ExperimentMetric[] = ['f1', 'precision', 'recall', 'accuracy', 'specificity'];
export type Delta = Pick<MetricComparison, 'delta' | 'pValue' | 'outcome' | 'method'> & { low: number | null; high: number | null };
export type FlipDto = { testCaseId: string; testCaseName: string; model: string; before: Classification; after: Classification };
export type VariantComparison = {
  metrics: Record<ExperimentMetric, Delta>;
  flipped: { fixed: FlipDto[]; regressed: FlipDto[] };
};
type ToolSide = { server: string; tool: string } | null;
export type ConfusionDto = { expected: ToolSide; selected: ToolSide; count: number };

const WILSON = `Wilson score interval, ${DEFAULT_CONFIDENCE * 100}%`;

/** The pairing key of a run's model: every setting that makes two model configs different. */
export function modelKeyOf(run: JudgedRun): string {
  return JSON.stringify([run.provider, run.model, run.baseUrl, run.systemPrompt, run.temperature, run.timeout, run.maxRetries]);
}

function modelLabel(run: JudgedRun): string {
  return `${run.provider ?? '?'}/${run.model ?? '?'}`;
}

function wilson(successes: number, trials: number): Estimate {
  const interval = wilsonInterval(successes, trials);
  return { value: trials === 0 ? null : successes / trials, low: interval?.lower ?? null, high: interval?.upper ?? null, method: WILSON };
}

function unitCounts(runs: readonly JudgedRun[]): Counts[] {
  const units = new Map<string, Classification[]>();
  for (const run of runs) {
    const key = JSON.stringify([run.testCaseId, modelKeyOf(run)]);
    units.set(key, [...(units.get(key) ?? []), run.classification]);
  }
  return [...units.values()].map(countClassifications);
}

/** Null until some run of the variant has a verdict. */
export function estimateMetrics(runs: readonly JudgedRun[]): VariantMetrics | null {
  if (runs.length === 0) return null;
  const units = unitCounts(runs);
  const c = sumCounts(units);
  const total = c.tp + c.fp + c.tn + c.fn;
  const f1 = bootstrapF1(units);
  return {
    counts: { ...c, total },
    precision: wilson(c.tp, c.tp + c.fp),
    recall: wilson(c.tp, c.tp + c.fn),
    // F1 has no closed-form interval worth trusting at these sizes: a percentile bootstrap over units.
    f1: { value: f1.estimate, low: f1.interval?.lower ?? null, high: f1.interval?.upper ?? null, method: `${f1.method} over case x model units, ${DEFAULT_CONFIDENCE * 100}%` },
    accuracy: wilson(c.tp + c.tn, total),
    specificity: wilson(c.tn, c.tn + c.fp),
  };
}

function toOutcomes(runs: readonly JudgedRun[]): CaseOutcome[] {
  return runs.map((r) => ({ caseId: r.testCaseId, model: modelKeyOf(r), classification: r.classification }));
}

function toDelta(m: MetricComparison): Delta {
  return { delta: m.delta, low: m.interval?.lower ?? null, high: m.interval?.upper ?? null, pValue: m.pValue, outcome: m.outcome, method: m.method };
}

/**
 * Specificity is accuracy on the units where no tool was expected (every outcome of such a unit
 * is TN or FP, on both sides, since the expectation is the case's): so its delta is the
 * accuracy comparison of those units alone, the same paired test and interval as accuracy
 * (exact McNemar and Newcombe for one outcome per unit, else the paired resampling).
 */
function specificityComparison(baseline: readonly JudgedRun[], variant: readonly JudgedRun[]): MetricComparison {
  const negatives = (runs: readonly JudgedRun[]) => toOutcomes(runs.filter((r) => r.classification === 'TN' || r.classification === 'FP'));
  return compareOutcomes(negatives(baseline), negatives(variant)).metrics.accuracy;
}

/** The variant against the baseline on the (case, model) units both have a verdict for. */
export function compareVariant(baseline: readonly JudgedRun[], variant: readonly JudgedRun[]): VariantComparison {
  const result = compareOutcomes(toOutcomes(baseline), toOutcomes(variant));
  const index = (runs: readonly JudgedRun[]) => new Map(runs.map((r) => [JSON.stringify([r.testCaseId, modelKeyOf(r)]), r]));
  const before = index(baseline);
  const after = index(variant);
  const flip = (unit: { caseId: string; model: string }): FlipDto => {
    const key = JSON.stringify([unit.caseId, unit.model]);
    const a = before.get(key) as JudgedRun;
    const b = after.get(key) as JudgedRun;
    return { testCaseId: unit.caseId, testCaseName: b.testCaseName, model: modelLabel(b), before: a.classification, after: b.classification };
  };
  return {
    metrics: {
      precision: toDelta(result.metrics.precision),
      recall: toDelta(result.metrics.recall),
      f1: toDelta(result.metrics.f1),
      accuracy: toDelta(result.metrics.accuracy),
      specificity: toDelta(specificityComparison(baseline, variant)),
    },
    flipped: { fixed: result.fixed.map(flip), regressed: result.regressed.map(flip) },
  };
}

/** Off-diagonal cells of the variant's confusion matrix (the model picked another tool, or none, or one where none was expected), most frequent first. */
export function offDiagonal(runs: readonly JudgedRun[]): ConfusionDto[] {
  const cells = new Map<string, ConfusionDto>();
  for (const r of runs) {
    const expected = r.expectedServer !== null && r.expectedTool !== null ? { server: r.expectedServer, tool: r.expectedTool } : null;
    const selected = r.selectedServer !== null && r.selectedTool !== null ? { server: r.selectedServer, tool: r.selectedTool } : null;
    if (expected?.server === selected?.server && expected?.tool === selected?.tool) continue;
    const key = JSON.stringify([expected, selected]);
    const cell = cells.get(key) ?? { expected, selected, count: 0 };
    cell.count += 1;
    cells.set(key, cell);
  }
  // Ties in code-point order of the pair, the same in every locale.
  const order = (c: ConfusionDto) => JSON.stringify([c.expected, c.selected]);
  return [...cells.values()].sort((a, b) => b.count - a.count || (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}
