import { compareOutcomes, type MetricComparison } from '../../stats/compare';
import { CLASSIFICATION_METRICS } from '../../stats/counts';
import type { CaseResult, GateResult, Regression, Results } from '../results/schema';
import type { MetricThresholds } from '../suite/schema';

/** An earlier results file: when it started, and its verdicts. */
export type HistoryRun = Pick<Results, 'startedAt' | 'cases'>;

const unitKey = (id: string, model: string) => JSON.stringify([id, model]);
const passed = (c: CaseResult) => c.classification === 'TP' || c.classification === 'TN';

/**
 * Units whose verdict (right: TP/TN, wrong: FP/FN) alternates across runs of the same model:
 * it changed at least twice in the sequence of earlier runs (oldest first) then the current
 * one. One change is a regression or a fix and stays a flip; right, wrong, right again is
 * noise that says nothing about this change. Runs without a verdict for the unit are skipped.
 */
export function alternatingUnits(earlier: readonly HistoryRun[], current: readonly CaseResult[]): Map<string, { caseId: string; model: string; verdicts: string[]; changes: number }> {
  const runs = [...earlier].sort((a, b) => a.startedAt.localeCompare(b.startedAt)).map((r) => r.cases);
  const byUnit = new Map<string, CaseResult[]>();
  for (const cases of [...runs, current]) {
    for (const c of cases) {
      if (!c.classification) continue;
      const k = unitKey(c.id, c.model);
      byUnit.set(k, [...(byUnit.get(k) ?? []), c]);
    }
  }
  const now = new Set(current.map((c) => unitKey(c.id, c.model)));
  const out = new Map<string, { caseId: string; model: string; verdicts: string[]; changes: number }>();
  for (const [k, seen] of byUnit) {
    const changes = seen.slice(1).filter((c, i) => passed(c) !== passed(seen[i] as CaseResult)).length;
    if (changes >= 2 && now.has(k)) {
      out.set(k, { caseId: seen[0]!.id, model: seen[0]!.model, verdicts: seen.map((c) => c.classification as string), changes });
    }
  }
  return out;
}

/**
 * The current run against a baseline results file, with lib/stats/compare (the same
 * comparison as experiments and the dashboard's batch comparison): a drop counts only when it
 * is significant; too_few_cases is its own outcome. Flaky units are listed apart from the
 * flips: samples disagree on either side, or (given earlier results files, `history`) the
 * verdict alternates across the runs of the same model. A unit flaky across runs is also left
 * out of the paired comparison, so noise alone does not fail the gate.
 */
export function compareResults(baseline: Results, current: readonly CaseResult[], baselineName: string, history: readonly HistoryRun[] = []): Regression {
  const acrossRuns = history.length ? alternatingUnits([...history, baseline], current) : new Map<string, never>();
  const outcomes = (cases: readonly CaseResult[]) => cases.flatMap((c) => (c.classification && !acrossRuns.has(unitKey(c.id, c.model)) ? [{ caseId: c.id, model: c.model, classification: c.classification }] : []));
  const comparison = compareOutcomes(outcomes(baseline.cases), outcomes(current));
  const key = unitKey;
  const before = new Map(baseline.cases.map((c) => [key(c.id, c.model), c]));
  const after = new Map(current.map((c) => [key(c.id, c.model), c]));
  const unstable = (c: CaseResult | undefined) => c !== undefined && c.samples.agreement !== null && c.samples.agreement < 1;
  const flaky: Regression['flaky'] = [];
  for (const [k, c] of after) {
    const b = before.get(k);
    const reasons: string[] = [];
    if (unstable(c) || unstable(b)) reasons.push(`samples disagree (agreement ${[b?.samples.agreement, c.samples.agreement].map((a) => (a === null || a === undefined ? '-' : a.toFixed(2))).join(' -> ')})`);
    const alternating = acrossRuns.get(k);
    if (alternating) reasons.push(`verdict changed ${alternating.changes} times over ${alternating.verdicts.length} runs (${alternating.verdicts.join(' -> ')})`);
    if (reasons.length) flaky.push({ caseId: c.id, model: c.model, reason: reasons.join('; ') });
  }
  const flakyKeys = new Set(flaky.map((f) => key(f.caseId, f.model)));
  const flip = (u: { caseId: string; model: string }) => ({
    caseId: u.caseId,
    model: u.model,
    baseline: before.get(key(u.caseId, u.model))?.classification ?? '-',
    current: after.get(key(u.caseId, u.model))?.classification ?? '-',
  });
  return {
    baseline: baselineName,
    units: comparison.units,
    metrics: Object.fromEntries(CLASSIFICATION_METRICS.map((m) => [m, toMetric(comparison.metrics[m])])),
    regressed: comparison.regressed.filter((u) => !flakyKeys.has(key(u.caseId, u.model))).map(flip),
    fixed: comparison.fixed.filter((u) => !flakyKeys.has(key(u.caseId, u.model))).map(flip),
    flaky,
    unpaired: { baseline: comparison.unpaired.baseline.length, current: comparison.unpaired.current.length },
  };
}

function toMetric(m: MetricComparison): Regression['metrics'][string] {
  return { baseline: m.baseline, current: m.current, delta: m.delta, interval: m.interval ? [m.interval.lower, m.interval.upper] : null, pValue: m.pValue, outcome: m.outcome, method: m.method };
}

const pts = (v: number) => `${(v * 100).toFixed(1)} pts`;

/**
 * maxRegression: a metric fails when its drop is significant AND larger than allowed.
 * Without maxRegression, any significant drop of a metric fails. too_few_cases is reported
 * and fails only under --strict.
 */
export function evaluateRegression(regression: Regression, allowed: MetricThresholds | undefined, strict: boolean): GateResult[] {
  return CLASSIFICATION_METRICS.flatMap((metric): GateResult[] => {
    const limit = allowed ? allowed[metric] : 0;
    if (limit === undefined) return [];
    const m = regression.metrics[metric];
    if (!m) return [];
    const drop = m.delta === null ? 0 : -m.delta;
    const base = { id: `regression:${metric}`, metric, kind: 'regression' as const, threshold: limit, actual: m.delta };
    if (m.outcome === 'too_few_cases') {
      return [{ ...base, status: strict ? ('failed' as const) : ('too_few_cases' as const), message: `${metric}: too few changed cases to tell (${regression.units} paired)${strict ? '; --strict fails it' : ''}` }];
    }
    const failed = m.outcome === 'regressed' && drop > limit;
    const p = m.pValue === null ? '' : `, p = ${m.pValue.toPrecision(2)}`;
    const message =
      m.outcome === 'regressed'
        ? `${metric} dropped ${pts(drop)} (significant${p})${failed ? `, more than the ${pts(limit)} allowed` : `, within the ${pts(limit)} allowed`}`
        : `${metric} ${m.delta === null ? 'n/a' : `${m.delta >= 0 ? '+' : ''}${pts(m.delta)}`} (${m.outcome.replace(/_/g, ' ')}${p})`;
    return [{ ...base, status: failed ? ('failed' as const) : ('passed' as const), message }];
  });
}
