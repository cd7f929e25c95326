import { readMetricsSnapshot } from '@/db/queries/metrics';
import { hasBatch, selectBatchRunOutcomes, selectCaseOutcomePairs, type BatchRunOutcome, type CaseOutcomePair } from '@/db/queries/metrics-compare';
import { NotFoundError } from '@/lib/errors';
import { isCorrect, type Classification } from '@/lib/eval/judge/classify';
import { compareUnitCounts, type UnitCounts } from '@/lib/stats/compare';
import { addCounts, emptyCounts, type ClassificationMetric, type Counts } from '@/lib/stats/counts';
import type { PairedOutcome } from '@/lib/stats/paired';
import { computeRates, toConfusionCounts, type ConfusionCounts, type HeadlineRates } from './rates';
import { getMetricsSummary, type MetricsSummary } from './summary';
import { formatToolLabel } from './tool-label';

export type CaseChange = 'fixed' | 'regressed' | 'changed' | 'same' | 'added' | 'removed';

export type CaseComparison = {
  testCaseId: string;
  testCaseName: string;
  provider: string | null;
  model: string | null;
  a: Classification | null;
  b: Classification | null;
  /** The tool the run selected ("server/tool" or "none"); null when the batch has no completed run. */
  aSelected: string | null;
  bSelected: string | null;
  change: CaseChange;
};

const DELTA_METRICS = {
  precision: (s) => s.precision,
  recall: (s) => s.recall,
  f1: (s) => s.f1,
  accuracy: (s) => s.accuracy,
  specificity: (s) => s.specificity,
  parameterCompleteness: (s) => s.parameters.completeness,
  parameterCorrectness: (s) => s.parameters.correctness,
  typeConformance: (s) => s.parameters.typeConformance,
  confidenceAverage: (s) => s.confidence.average,
  passKRate: (s) => s.passK?.rate ?? null,
  latencyP50: (s) => s.latency.p50,
  latencyP95: (s) => s.latency.p95,
  latencyMean: (s) => s.latency.mean,
  tokensTotal: (s) => s.tokens.total,
} satisfies Record<string, (s: MetricsSummary) => number | null>;

/** b - a per metric; null when either side has no value. */
export type MetricDeltas = Record<keyof typeof DELTA_METRICS, number | null>;

/** The metrics whose delta compares the shared case x model units only (the compare rollup counts them per unit). */
export const SHARED_DELTA_METRICS = ['precision', 'recall', 'f1', 'accuracy', 'specificity'] as const satisfies readonly (keyof MetricDeltas)[];
export type SharedDeltaMetric = (typeof SHARED_DELTA_METRICS)[number];

/** One batch's classification figures over the shared units. */
export type SharedSide = HeadlineRates & { counts: ConfusionCounts };

/**
 * The case x model units both batches ran (every completed, judged run of a unit counts, as in the significance
 * test) and each batch's classification figures over them: what `deltas` compares for SHARED_DELTA_METRICS.
 */
export type SharedUnits = {
  units: number;
  /** Units only batch a (b) ran: left out of the shared figures, still in the whole-batch summaries. */
  onlyA: number;
  onlyB: number;
  a: SharedSide;
  b: SharedSide;
};

export type BatchComparison = {
  /** Each batch's whole-batch summary. */
  a: MetricsSummary;
  b: MetricsSummary;
  /**
   * b - a: precision, recall, F1, accuracy and specificity over the shared units (`shared`); the other metrics
   * (parameters, confidence, pass^k, latency, tokens) over each batch's own runs, as `batchDeltas`.
   */
  deltas: MetricDeltas;
  /** b - a of the whole-batch summaries, every metric. Equal to `deltas` when both batches ran the same units. */
  batchDeltas: MetricDeltas;
  shared: SharedUnits;
  /** Regressions first, then fixes, other changes, added, removed and unchanged cases. */
  cases: CaseComparison[];
  changes: Record<CaseChange, number>;
  /** Whether each classification metric changed significantly, on the case x model units both batches ran. */
  significance: Record<ClassificationMetric, MetricSignificance>;
  /** What the significance figures cover: the test cases both batches ran, and how many one side lacks. */
  sharedCases: SharedCases;
};

/** b - a with its confidence interval [low, high], the test's p-value and the verdict (lib/stats compareOutcomes). */
export type MetricSignificance = { delta: number | null; low: number | null; high: number | null; pValue: number | null; outcome: PairedOutcome; method: string };

export type SharedCases = {
  /** Test cases with a judged run in both batches (the significance figures use only these). */
  shared: number;
  /** In b only. */
  added: number;
  /** In a only. */
  removed: number;
  /** Case x model units compared, and how many of them changed. */
  units: number;
  changedUnits: number;
  /** Set when the batches ran different cases (or models on a case): which figures cover what. */
  warning: string | null;
};

const CHANGE_ORDER: CaseChange[] = ['regressed', 'fixed', 'changed', 'added', 'removed', 'same'];

/** Correct means TP or TN; a different tool with the same classification still counts as changed. */
export function classifyChange(
  a: Classification | null,
  b: Classification | null,
  aSelected: string | null,
  bSelected: string | null,
): CaseChange {
  if (a === null) return 'added';
  if (b === null) return 'removed';
  if (!isCorrect(a) && isCorrect(b)) return 'fixed';
  if (isCorrect(a) && !isCorrect(b)) return 'regressed';
  return a === b && aSelected === bSelected ? 'same' : 'changed';
}

function computeDeltas(a: MetricsSummary, b: MetricsSummary): MetricDeltas {
  const deltas = {} as MetricDeltas;
  for (const [key, read] of Object.entries(DELTA_METRICS) as [keyof MetricDeltas, (s: MetricsSummary) => number | null][]) {
    const [before, after] = [read(a), read(b)];
    deltas[key] = before === null || after === null ? null : after - before;
  }
  return deltas;
}

function toCaseComparison(p: CaseOutcomePair): CaseComparison {
  const aSelected = p.aClassification === null ? null : formatToolLabel(p.aSelectedServer, p.aSelectedTool);
  const bSelected = p.bClassification === null ? null : formatToolLabel(p.bSelectedServer, p.bSelectedTool);
  return {
    testCaseId: p.testCaseId,
    testCaseName: p.testCaseName,
    provider: p.provider,
    model: p.model,
    a: p.aClassification,
    b: p.bClassification,
    aSelected,
    bSelected,
    change: classifyChange(p.aClassification, p.bClassification, aSelected, bSelected),
  };
}

const text = (v: string | null) => v ?? '';

function compareCases(x: CaseComparison, y: CaseComparison): number {
  return (
    CHANGE_ORDER.indexOf(x.change) - CHANGE_ORDER.indexOf(y.change) ||
    text(x.testCaseName).localeCompare(text(y.testCaseName)) ||
    text(x.provider).localeCompare(text(y.provider)) ||
    text(x.model).localeCompare(text(y.model)) ||
    x.testCaseId.localeCompare(y.testCaseId)
  );
}

/** Where the comparison reads its case pairs and run outcomes: the compare rollup, or (as a reference) the runs. */
export type CompareReads = { pairs: typeof selectCaseOutcomePairs; outcomes: typeof selectBatchRunOutcomes };

const ROLLUP_READS: CompareReads = { pairs: selectCaseOutcomePairs, outcomes: selectBatchRunOutcomes };

/** Batch b against batch a: both summaries, per-metric deltas and what changed per case and model. */
export async function compareBatches(a: string, b: string, reads: CompareReads = ROLLUP_READS): Promise<BatchComparison> {
  return readMetricsSnapshot(async () => {
    for (const id of [a, b]) if (!(await hasBatch(id))) throw new NotFoundError('Batch', id);
    const summaryA = await getMetricsSummary({ batchId: a });
    const summaryB = await getMetricsSummary({ batchId: b });
    const cases = (await reads.pairs(a, b)).map(toCaseComparison).sort(compareCases);
    const changes = Object.fromEntries(CHANGE_ORDER.map((c) => [c, 0])) as Record<CaseChange, number>;
    for (const c of cases) changes[c.change]++;
    const { significance, sharedCases, shared } = compareSignificance(await reads.outcomes(a), await reads.outcomes(b));
    const batchDeltas = computeDeltas(summaryA, summaryB);
    const deltas = { ...batchDeltas };
    for (const metric of SHARED_DELTA_METRICS) {
      const [before, after] = [shared.a[metric], shared.b[metric]];
      deltas[metric] = before === null || after === null ? null : after - before;
    }
    return { a: summaryA, b: summaryB, deltas, batchDeltas, shared, cases, changes, significance, sharedCases };
  });
}

/**
 * One counted unit per case x model, in unit order: the seeded bootstrap and permutation draws follow the order
 * units first appear, so the figures must not depend on the order the database returned the rows in (SQLite and
 * Postgres differ). Counts, not one outcome per run: a batch of 200,000 runs is a few hundred units.
 */
function toUnitCounts(runs: readonly BatchRunOutcome[], keep: ReadonlySet<string>): UnitCounts[] {
  const units = new Map<string, UnitCounts>();
  for (const r of runs) {
    if (!keep.has(r.testCaseId) || r.runs <= 0) continue;
    const model = `${r.provider ?? ''}/${r.model ?? ''}`;
    const key = `${r.testCaseId}\u0000${model}`;
    const unit = units.get(key) ?? { caseId: r.testCaseId, model, counts: { tp: 0, fp: 0, tn: 0, fn: 0 } };
    const field = r.classification.toLowerCase() as keyof Counts;
    unit.counts[field] += r.runs;
    units.set(key, unit);
  }
  return [...units.keys()].sort().flatMap((key) => units.get(key) ?? []);
}

const unitKeyOf = (u: UnitCounts) => `${u.caseId}\u0000${u.model}`;

/** Each side's counts summed over the units both sides have (each list holds a unit once: toUnitCounts). */
function sumSharedUnits(a: readonly UnitCounts[], b: readonly UnitCounts[]): SharedUnits {
  const inB = new Map(b.map((u) => [unitKeyOf(u), u.counts]));
  const [sumA, sumB] = [emptyCounts(), emptyCounts()];
  let units = 0;
  for (const u of a) {
    const other = inB.get(unitKeyOf(u));
    if (!other) continue;
    units++;
    addCounts(sumA, u.counts);
    addCounts(sumB, other);
  }
  const side = (c: Counts): SharedSide => {
    const counts = toConfusionCounts(c);
    return { counts, ...computeRates(counts) };
  };
  return { units, onlyA: a.length - units, onlyB: b.length - units, a: side(sumA), b: side(sumB) };
}

function describeDifference(added: number, removed: number, sharedCases: number, shared: SharedUnits): string | null {
  const rest = "each batch's whole-batch figures are shown beside them, and the other metrics cover each batch's own runs.";
  if (added || removed) {
    return `The batches ran different test cases: ${added} added and ${removed} removed. Significance compares only the ${sharedCases} shared case(s), and so do the changes of precision, recall, F1, accuracy and specificity (the ${shared.units} case x model unit(s) both batches ran); ${rest}`;
  }
  if (shared.onlyA || shared.onlyB) {
    return `The batches ran different models on some cases: ${shared.onlyA} case x model unit(s) only in A and ${shared.onlyB} only in B. Significance and the changes of precision, recall, F1, accuracy and specificity compare only the ${shared.units} unit(s) both batches ran; ${rest}`;
  }
  return null;
}

/**
 * The same test the CI gate and experiments use, on the test cases both batches ran: a case
 * added or removed between the batches is counted and named in the warning, never compared.
 * The shared units' classification figures, which the deltas compare, come from the same counts.
 */
export function compareSignificance(a: readonly BatchRunOutcome[], b: readonly BatchRunOutcome[]): Pick<BatchComparison, 'significance' | 'sharedCases' | 'shared'> {
  const inA = new Set(a.map((r) => r.testCaseId));
  const inB = new Set(b.map((r) => r.testCaseId));
  const shared = new Set([...inA].filter((id) => inB.has(id)));
  const added = [...inB].filter((id) => !inA.has(id)).length;
  const removed = [...inA].filter((id) => !inB.has(id)).length;
  const [unitsA, unitsB] = [toUnitCounts(a, inA), toUnitCounts(b, inB)];
  const result = compareUnitCounts(toUnitCounts(a, shared), toUnitCounts(b, shared));
  const sharedUnits = sumSharedUnits(unitsA, unitsB);
  const significance = Object.fromEntries(
    Object.entries(result.metrics).map(([metric, m]) => [
      metric,
      { delta: m.delta, low: m.interval?.lower ?? null, high: m.interval?.upper ?? null, pValue: m.pValue, outcome: m.outcome, method: m.method },
    ]),
  ) as Record<ClassificationMetric, MetricSignificance>;
  const warning = describeDifference(added, removed, shared.size, sharedUnits);
  return { significance, sharedCases: { shared: shared.size, added, removed, units: result.units, changedUnits: result.changedUnits, warning }, shared: sharedUnits };
}
