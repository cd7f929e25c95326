import { compareOutcomes, type MetricComparison } from '../../stats/compare';
import { CLASSIFICATION_METRICS } from '../../stats/counts';
import type { CaseResult, GateResult, Regression, Results } from '../results/schema';
import type { MetricThresholds } from '../suite/schema';

/**
 * The current run against a baseline results file, with lib/stats/compare (the same
 * comparison as experiments and the dashboard's batch comparison): a drop counts only when it
 * is significant; too_few_cases is its own outcome. Flaky units (samples disagree on either
 * side) are listed apart from the flips.
 */
export function compareResults(baseline: Results, current: readonly CaseResult[], baselineName: string): Regression {
  const outcomes = (cases: readonly CaseResult[]) => cases.flatMap((c) => (c.classification ? [{ caseId: c.id, model: c.model, classification: c.classification }] : []));
  const comparison = compareOutcomes(outcomes(baseline.cases), outcomes(current));
  const key = (id: string, model: string) => JSON.stringify([id, model]);
  const before = new Map(baseline.cases.map((c) => [key(c.id, c.model), c]));
  const after = new Map(current.map((c) => [key(c.id, c.model), c]));
  const unstable = (c: CaseResult | undefined) => c !== undefined && c.samples.agreement !== null && c.samples.agreement < 1;
  const flaky: Regression['flaky'] = [];
  for (const [k, c] of after) {
    const b = before.get(k);
    if (unstable(c) || unstable(b)) flaky.push({ caseId: c.id, model: c.model, reason: `samples disagree (agreement ${[b?.samples.agreement, c.samples.agreement].map((a) => (a === null || a === undefined ? '-' : a.toFixed(2))).join(' -> ')})` });
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
