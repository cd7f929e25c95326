import type { Classification } from '@/lib/eval/judge/classify';
import { bootstrapPairedDeltas, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapResult, type PairedCounts } from './bootstrap';
import { CLASSIFICATION_METRICS, computeMetric, countClassifications, sameCounts, sumCounts, type ClassificationMetric, type Counts } from './counts';
import { comparePaired, decideOutcome, type PairedOutcome } from './paired';
import { pairedPermutationTests, type PermutationResult } from './permutation';
import { assertLevel, DEFAULT_ALPHA, DEFAULT_CONFIDENCE, type Interval } from './types';

/**
 * Baseline against variant on the same cases: the one entry point experiments, the CI gate
 * and the batch comparison call. Plain objects in and out, no database rows.
 *
 * The unit is a case x model. Repeated samples of a unit are pooled into its counts (they
 * share the query, so they are not independent evidence); units present on one side only are
 * left out and listed. Per metric:
 *   accuracy, one outcome per unit and side: exact McNemar p-value, Newcombe paired interval;
 *   anything else: exact (or seeded Monte Carlo) paired randomization test for the p-value,
 *   paired percentile bootstrap over units for the interval of the difference.
 * The verdict is the same rule for all (decideOutcome in paired.ts): too_few_cases when some
 * units changed but fewer than a unanimous change would need to reach p < alpha, else
 * improved / regressed when p < alpha, else no_significant_change.
 */

export type CaseOutcome = { caseId: string; model: string; classification: Classification };

export type CompareOptions = { alpha?: number; confidence?: number; resamples?: number; seed?: number };

export type MetricComparison = {
  baseline: number | null;
  current: number | null;
  /** current - baseline; null when either is null. */
  delta: number | null;
  interval: Interval | null;
  pValue: number | null;
  significant: boolean;
  outcome: PairedOutcome;
  method: string;
};

export type UnitOutcome = {
  caseId: string;
  model: string;
  baseline: Counts;
  current: Counts;
  /** Share of the unit's outcomes that were correct (TP or TN), per side. */
  baselineCorrect: number;
  currentCorrect: number;
};

export type OutcomeComparison = {
  /** Units (case x model) present on both sides. */
  units: number;
  /** Units whose counts differ between the sides. */
  changedUnits: number;
  metrics: Record<ClassificationMetric, MetricComparison>;
  /** Units whose share of correct outcomes rose (fixed) or fell (regressed). */
  fixed: UnitOutcome[];
  regressed: UnitOutcome[];
  /** Units with outcomes on one side only, left out of every figure. */
  unpaired: { baseline: UnitKey[]; current: UnitKey[] };
  alpha: number;
  confidence: number;
};

export type UnitKey = { caseId: string; model: string };

export function compareOutcomes(baseline: readonly CaseOutcome[], current: readonly CaseOutcome[], options: CompareOptions = {}): OutcomeComparison {
  const counted = (groups: Map<string, Group>) => [...groups.values()].map((g) => ({ caseId: g.caseId, model: g.model, counts: countClassifications(g.classifications) }));
  return compareUnitCounts(counted(groupByUnit(baseline)), counted(groupByUnit(current)), options);
}

/** One unit's outcomes already counted: what compareOutcomes pools a unit's samples into. */
export type UnitCounts = { caseId: string; model: string; counts: Counts };

/**
 * compareOutcomes on counts: the same figures for the same units without one object per outcome (a batch
 * of 200,000 runs is a few hundred units). Units are taken in the order they first appear, as
 * compareOutcomes takes them (the seeded draws follow it); a unit named twice is pooled.
 */
export function compareUnitCounts(baseline: readonly UnitCounts[], current: readonly UnitCounts[], options: CompareOptions = {}): OutcomeComparison {
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  assertLevel('alpha', alpha);
  assertLevel('confidence', confidence);
  const before = poolUnits(baseline);
  const after = poolUnits(current);
  const units: UnitOutcome[] = [];
  for (const [key, group] of before) {
    const other = after.get(key);
    if (!other) continue;
    const a = group.counts;
    const b = other.counts;
    units.push({ caseId: group.caseId, model: group.model, baseline: a, current: b, baselineCorrect: correctShare(a), currentCorrect: correctShare(b) });
  }
  const pairs: PairedCounts[] = units.map((u) => ({ a: u.baseline, b: u.current }));
  const singleOutcome = units.every((u) => total(u.baseline) === 1 && total(u.current) === 1);
  const settings = { alpha, confidence, resamples: options.resamples ?? DEFAULT_RESAMPLES, seed: options.seed ?? DEFAULT_SEED };
  const resampled = CLASSIFICATION_METRICS.filter((metric) => !(metric === 'accuracy' && singleOutcome));
  // One bootstrap pass for every resampled metric: the draws are shared, the cost is not repeated.
  const intervals = bootstrapPairedDeltas(pairs, resampled, settings);
  const tests = pairedPermutationTests(pairs, resampled, { seed: settings.seed });
  const metrics = Object.fromEntries(
    CLASSIFICATION_METRICS.map((metric) => {
      const boot = intervals[metric];
      const test = tests[metric];
      return [metric, boot && test ? compareByResampling(pairs, metric, boot, test, settings) : compareAccuracyExactly(units, settings)];
    }),
  ) as Record<ClassificationMetric, MetricComparison>;
  return {
    units: units.length,
    changedUnits: units.filter((u) => !sameCounts(u.baseline, u.current)).length,
    metrics,
    fixed: units.filter((u) => u.currentCorrect > u.baselineCorrect),
    regressed: units.filter((u) => u.currentCorrect < u.baselineCorrect),
    unpaired: { baseline: missingFrom(before, after), current: missingFrom(after, before) },
    alpha,
    confidence,
  };
}

type Settings = { alpha: number; confidence: number; resamples: number; seed: number };

function compareAccuracyExactly(units: readonly UnitOutcome[], settings: Settings): MetricComparison {
  const paired = comparePaired(
    units.map((u) => ({ id: unitKey(u.caseId, u.model), a: u.baselineCorrect === 1, b: u.currentCorrect === 1 })),
    settings,
  );
  const a = computeMetric('accuracy', sumCounts(units.map((u) => u.baseline)));
  const b = computeMetric('accuracy', sumCounts(units.map((u) => u.current)));
  return {
    baseline: a,
    current: b,
    delta: paired.diff,
    interval: paired.interval,
    pValue: paired.pValue,
    significant: paired.outcome === 'improved' || paired.outcome === 'regressed',
    outcome: paired.outcome,
    method: paired.method,
  };
}

function compareByResampling(pairs: readonly PairedCounts[], metric: ClassificationMetric, boot: BootstrapResult, test: PermutationResult, settings: Settings): MetricComparison {
  const a = computeMetric(metric, sumCounts(pairs.map((p) => p.a)));
  const b = computeMetric(metric, sumCounts(pairs.map((p) => p.b)));
  const delta = a === null || b === null ? null : b - a;
  // An undefined difference (e.g. precision with no picks on a side) is no evidence either way.
  const outcome = decideOutcome(delta ?? 0, test.changedUnits, pairs.length, test.pValue ?? 1, settings.alpha);
  return {
    baseline: a,
    current: b,
    delta,
    interval: boot.interval,
    pValue: test.pValue,
    significant: outcome === 'improved' || outcome === 'regressed',
    outcome,
    method: `${test.method} (alpha ${settings.alpha}); ${boot.method}, ${settings.confidence * 100}% interval over case x model units`,
  };
}

type Group = { caseId: string; model: string; classifications: Classification[] };

function unitKey(caseId: string, model: string): string {
  return JSON.stringify([caseId, model]);
}

function groupByUnit(outcomes: readonly CaseOutcome[]): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const o of outcomes) {
    const key = unitKey(o.caseId, o.model);
    const group = groups.get(key) ?? { caseId: o.caseId, model: o.model, classifications: [] };
    group.classifications.push(o.classification);
    groups.set(key, group);
  }
  return groups;
}

function poolUnits(units: readonly UnitCounts[]): Map<string, UnitCounts> {
  const pooled = new Map<string, UnitCounts>();
  for (const u of units) {
    const key = unitKey(u.caseId, u.model);
    const seen = pooled.get(key);
    pooled.set(key, seen ? { ...seen, counts: sumCounts([seen.counts, u.counts]) } : u);
  }
  return pooled;
}

function missingFrom(from: Map<string, UnitCounts>, other: Map<string, UnitCounts>): UnitKey[] {
  return [...from].filter(([key]) => !other.has(key)).map(([, g]) => ({ caseId: g.caseId, model: g.model }));
}

function total(c: Counts): number {
  return c.tp + c.fp + c.tn + c.fn;
}

function correctShare(c: Counts): number {
  return (c.tp + c.tn) / total(c);
}
