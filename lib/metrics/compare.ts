import { readMetricsSnapshot } from '@/db/queries/metrics';
import { hasBatch, selectBatchRunOutcomes, selectCaseOutcomePairs, type BatchRunOutcome, type CaseOutcomePair } from '@/db/queries/metrics-compare';
import { NotFoundError } from '@/lib/errors';
import { isCorrect, type Classification } from '@/lib/eval/judge/classify';
import { compareUnitCounts, type UnitCounts } from '@/lib/stats/compare';
import type { ClassificationMetric, Counts } from '@/lib/stats/counts';
import type { PairedOutcome } from '@/lib/stats/paired';
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

export type BatchComparison = {
  a: MetricsSummary;
  b: MetricsSummary;
  deltas: MetricDeltas;
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
  /** Set when the batches' test sets differ: the summaries and deltas above cover different cases. */
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
    const { significance, sharedCases } = compareSignificance(await reads.outcomes(a), await reads.outcomes(b));
    return { a: summaryA, b: summaryB, deltas: computeDeltas(summaryA, summaryB), cases, changes, significance, sharedCases };
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

/**
 * The same test the CI gate and experiments use, on the test cases both batches ran: a case
 * added or removed between the batches is counted and named in the warning, never compared.
 */
export function compareSignificance(a: readonly BatchRunOutcome[], b: readonly BatchRunOutcome[]): Pick<BatchComparison, 'significance' | 'sharedCases'> {
  const inA = new Set(a.map((r) => r.testCaseId));
  const inB = new Set(b.map((r) => r.testCaseId));
  const shared = new Set([...inA].filter((id) => inB.has(id)));
  const added = [...inB].filter((id) => !inA.has(id)).length;
  const removed = [...inA].filter((id) => !inB.has(id)).length;
  const result = compareUnitCounts(toUnitCounts(a, shared), toUnitCounts(b, shared));
  const significance = Object.fromEntries(
    Object.entries(result.metrics).map(([metric, m]) => [
      metric,
      { delta: m.delta, low: m.interval?.lower ?? null, high: m.interval?.upper ?? null, pValue: m.pValue, outcome: m.outcome, method: m.method },
    ]),
  ) as Record<ClassificationMetric, MetricSignificance>;
  const warning =
    added || removed
      ? `The batches ran different test cases: ${added} added and ${removed} removed. Significance compares only the ${shared.size} shared case(s); the summaries and deltas cover each batch's own cases.`
      : null;
  return { significance, sharedCases: { shared: shared.size, added, removed, units: result.units, changedUnits: result.changedUnits, warning } };
}
