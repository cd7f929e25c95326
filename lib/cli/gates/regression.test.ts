import { describe, expect, it } from 'vitest';
import type { CaseResult, Results } from '../results/schema';
import { caseResultOf, RESULTS_MODEL, resultsOf } from '@/tests/helpers/cli-results';
import { alternatingUnits, compareResults, evaluateRegression } from './regression';

type Verdict = 'TP' | 'FN';
const MODEL = RESULTS_MODEL;
const caseOf = caseResultOf;
const results = (startedAt: string, cases: CaseResult[]): Results => resultsOf(startedAt, cases);

const run = (startedAt: string, verdicts: (i: number) => Verdict) => results(startedAt, Array.from({ length: 10 }, (_, i) => caseOf(`c${i}`, verdicts(i))));

describe('flaky across runs', () => {
  it('marks a unit whose verdict changes twice or more, in time order; one change stays a flip', () => {
    const h1 = results('2026-01-01T00:00:00Z', [caseOf('alt', 'TP'), caseOf('drop', 'TP'), caseOf('gone', 'TP')]);
    const h2 = results('2026-01-02T00:00:00Z', [caseOf('alt', 'FN'), caseOf('drop', 'TP'), caseOf('gone', 'FN')]);
    const h3 = results('2026-01-03T00:00:00Z', [caseOf('alt', 'TP'), caseOf('drop', 'TP'), caseOf('gone', 'TP')]);
    const current = [caseOf('alt', 'FN'), caseOf('drop', 'FN')];
    // Given out of order: sorted by startedAt, so alt reads TP FN TP FN (3 changes).
    const flaky = alternatingUnits([h3, h1, h2], current);
    expect([...flaky.values()]).toEqual([{ caseId: 'alt', model: MODEL, verdicts: ['TP', 'FN', 'TP', 'FN'], changes: 3 }]);
    // In the given order it would read TP TP FN FN: one change, not flaky.
    expect(alternatingUnits([results('2026-01-01T00:00:00Z', [caseOf('alt', 'TP')]), results('2026-01-02T00:00:00Z', [caseOf('alt', 'TP')]), results('2026-01-03T00:00:00Z', [caseOf('alt', 'FN')])], [caseOf('alt', 'FN')]).size).toBe(0);
  });

  it('keeps models apart: the same case alternating across two models is not flaky', () => {
    const h1 = results('2026-01-01T00:00:00Z', [caseOf('c', 'TP', 'a/m'), caseOf('c', 'FN', 'b/m')]);
    const h2 = results('2026-01-02T00:00:00Z', [caseOf('c', 'TP', 'a/m'), caseOf('c', 'FN', 'b/m')]);
    expect(alternatingUnits([h1, h2], [caseOf('c', 'TP', 'a/m'), caseOf('c', 'FN', 'b/m')]).size).toBe(0);
  });

  it('ten right then eight wrong: a significant regression alone, but flaky noise (not failing the gate) when the history had them wrong', () => {
    const earlier = run('2026-01-01T00:00:00Z', () => 'FN');
    const baseline = run('2026-01-02T00:00:00Z', () => 'TP');
    const current = run('2026-01-03T00:00:00Z', (i) => (i < 8 ? 'FN' : 'TP')).cases;

    const alone = compareResults(baseline, current, 'baseline.json');
    expect(alone.regressed).toHaveLength(8);
    expect(alone.flaky).toEqual([]);
    expect(evaluateRegression(alone, undefined, false).find((g) => g.id === 'regression:accuracy')?.status).toBe('failed');

    const withHistory = compareResults(baseline, current, 'baseline.json', [earlier]);
    expect(withHistory.regressed).toEqual([]);
    expect(withHistory.flaky.map((f) => f.caseId)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7']);
    expect(withHistory.flaky[0]?.reason).toBe('verdict changed 2 times over 3 runs (FN -> TP -> FN)');
    expect(withHistory.units).toBe(2);
    expect(evaluateRegression(withHistory, undefined, false).some((g) => g.status === 'failed')).toBe(false);
  });

  it('a history where the units were right all along leaves the regression as it was', () => {
    const earlier = run('2026-01-01T00:00:00Z', () => 'TP');
    const baseline = run('2026-01-02T00:00:00Z', () => 'TP');
    const current = run('2026-01-03T00:00:00Z', (i) => (i < 8 ? 'FN' : 'TP')).cases;
    expect(compareResults(baseline, current, 'b', [earlier])).toEqual(compareResults(baseline, current, 'b'));
  });

  it('one unit can be flaky both ways: the reasons are joined', () => {
    const earlier = results('2026-01-01T00:00:00Z', [caseOf('c', 'TP')]);
    const baseline = results('2026-01-02T00:00:00Z', [caseOf('c', 'FN', MODEL, 0.5)]);
    const regression = compareResults(baseline, [caseOf('c', 'TP')], 'b', [earlier]);
    expect(regression.flaky).toEqual([{ caseId: 'c', model: MODEL, reason: 'samples disagree (agreement 0.50 -> 1.00); verdict changed 2 times over 3 runs (TP -> FN -> TP)' }]);
  });
});
