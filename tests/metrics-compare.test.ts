import { beforeAll, describe, expect, it } from 'vitest';
import * as compareRoute from '@/app/api/metrics/compare/route';
import { selectBatchRunOutcomesFromRuns, selectCaseOutcomePairsFromRuns } from '@/db/queries/metrics-compare-runs';
import { compareBatches, compareSignificance, type BatchComparison, type CompareReads } from '@/lib/metrics/compare';
import type { BatchRunOutcome } from '@/db/queries/metrics-compare';
import { seededRandom } from '@/lib/seeded-random';
import { call } from './helpers/api';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

type ErrorBody = { error: { code: string; message: string } };

const t1: Tool = { server: 's', name: 't1' };
const t2: Tool = { server: 's', name: 't2' };
const ids = { a: '', b: '', empty: '' };
const cases: Record<string, string> = {};

/**
 * Batch a is the baseline, b the candidate; model m1 unless noted. c5 has several runs per
 * batch: the latest completed one counts, a later failed run does not.
 */
beforeAll(async () => {
  const w = createRunWriter();
  for (const [name, expected] of [['c1', t1], ['c2', t2], ['c3', null], ['c4', t1], ['c5', t2], ['c6', t1], ['c7', t2]] as const) {
    cases[name] = w.testCase({ name, expected, servers: ['s'] });
  }
  const m1 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  const m2 = w.modelSettings({ provider: 'local', model: 'router' });
  // b records its own settings rows, as each batch does; they match a's by provider and model.
  const m1b = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  const m2b = w.modelSettings({ provider: 'local', model: 'router' });
  ids.a = w.batch({ name: 'baseline' });
  ids.b = w.batch({ name: 'candidate' });
  ids.empty = w.batch({ name: 'empty' });
  const c = (name: string) => cases[name] ?? '';
  const inA = { batchId: ids.a, modelSettingsId: m1, createdAt: '2025-05-01T10:00:00.000Z', executionTimeMs: 100 };
  const inB = { batchId: ids.b, modelSettingsId: m1b, createdAt: '2025-05-02T10:00:00.000Z', executionTimeMs: 300 };

  w.run({ ...inA, testCaseId: c('c1'), selected: null }); // FN
  w.run({ ...inB, testCaseId: c('c1'), selected: t1 }); // TP: fixed
  w.run({ ...inA, testCaseId: c('c2'), selected: t2 }); // TP
  w.run({ ...inB, testCaseId: c('c2'), selected: t1 }); // FN: regressed
  w.run({ ...inA, testCaseId: c('c3'), selected: null }); // TN
  w.run({ ...inB, testCaseId: c('c3'), selected: null }); // TN: same
  w.run({ ...inA, testCaseId: c('c4'), selected: t2 }); // FN (wrong tool)
  w.run({ ...inB, testCaseId: c('c4'), selected: null }); // FN (no tool): changed
  w.run({ ...inA, testCaseId: c('c5'), selected: null, completedAt: '2025-05-01T10:00:01.000Z' }); // FN, older
  w.run({ ...inA, testCaseId: c('c5'), selected: t2, completedAt: '2025-05-01T10:00:05.000Z' }); // TP, latest in a
  w.run({ ...inB, testCaseId: c('c5'), selected: t2, completedAt: '2025-05-02T10:00:05.000Z' }); // TP, latest completed in b
  w.run({ ...inB, testCaseId: c('c5'), selected: null, completedAt: '2025-05-02T10:00:01.000Z' }); // FN, older
  w.run({ ...inB, testCaseId: c('c5'), status: 'failed', completedAt: '2025-05-02T10:00:09.000Z' }); // ignored
  w.run({ ...inA, testCaseId: c('c6'), selected: t1 }); // only in a: removed
  w.run({ ...inB, testCaseId: c('c7'), selected: t2 }); // only in b: added
  w.run({ ...inA, testCaseId: c('c3'), modelSettingsId: m2, selected: null }); // TN
  w.run({ ...inB, testCaseId: c('c3'), modelSettingsId: m2b, selected: t1 }); // FP: regressed for this model only
  await w.flush();
});

const compare = (a: string, b: string) =>
  call<BatchComparison & ErrorBody>(compareRoute.GET, 'GET', '/api/metrics/compare', { query: { a, b } });

describe('GET /api/metrics/compare', () => {
  let body: BatchComparison;
  beforeAll(async () => {
    const res = await compare(ids.a, ids.b);
    expect(res.status).toBe(200);
    body = res.body;
  });

  it('summarizes each batch', () => {
    // a: c1 FN, c2 TP, c3 TN, c4 FN, c5 FN + TP, c6 TP, c3/m2 TN.
    expect(body.a.counts).toEqual({ tp: 3, fp: 0, tn: 2, fn: 3, total: 8 });
    // b: c1 TP, c2 FN, c3 TN, c4 FN, c5 TP + FN, c7 TP, c3/m2 FP.
    expect(body.b.counts).toEqual({ tp: 3, fp: 1, tn: 1, fn: 3, total: 8 });
    expect(body.b.runs).toEqual({ completed: 8, failed: 1, total: 9 });
  });

  it('gives b - a per metric of the whole batches, null when either side has none', () => {
    expect(body.batchDeltas.precision).toBe(3 / 4 - 1);
    expect(body.batchDeltas.recall).toBe(0);
    expect(body.batchDeltas.accuracy).toBe(4 / 8 - 5 / 8);
    expect(body.batchDeltas.specificity).toBe(1 / 2 - 1);
    expect(body.batchDeltas.f1).toBe(6 / 10 - 6 / 9);
    for (const d of [body.deltas, body.batchDeltas]) {
      expect(d.latencyP50).toBe(200);
      expect(d.latencyMean).toBe(200);
      expect(d.passKRate).toBeNull();
      expect(d.parameterCompleteness).toBeNull();
      expect(d.tokensTotal).toBe(0);
    }
  });

  it('gives the classification deltas over the case x model units both batches ran (c6 and c7 left out)', () => {
    // a over shared units: c1 FN, c2 TP, c3 TN, c4 FN, c5 FN + TP, c3/router TN; b: c1 TP, c2 FN, c3 TN, c4 FN, c5 TP + FN, c3/router FP.
    expect(body.shared).toMatchObject({ units: 6, onlyA: 1, onlyB: 1 });
    expect(body.shared.a.counts).toEqual({ tp: 2, fp: 0, tn: 2, fn: 3, total: 7 });
    expect(body.shared.b.counts).toEqual({ tp: 2, fp: 1, tn: 1, fn: 3, total: 7 });
    expect(body.deltas.precision).toBe(2 / 3 - 1);
    expect(body.deltas.recall).toBe(0);
    expect(body.deltas.accuracy).toBe(3 / 7 - 4 / 7);
    expect(body.deltas.specificity).toBe(1 / 2 - 1);
    expect(body.deltas.f1).toBe(4 / 8 - 4 / 7);
    // The same change as the significance test's, which pools the same units.
    expect(body.deltas.accuracy).toBeCloseTo(body.significance.accuracy.delta ?? NaN, 12);
    expect(body.deltas.f1).toBe(body.significance.f1.delta);
    // The whole-batch figures stay beside them: a's c6 TP and b's c7 TP count there.
    expect(body.a.counts.tp - body.shared.a.counts.tp).toBe(1);
    expect(body.b.counts.tp - body.shared.b.counts.tp).toBe(1);
  });

  it('compares a model only one batch ran on a case apart: the same cases, another model set', async () => {
    const w = createRunWriter();
    const mA = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const mA2 = w.modelSettings({ provider: 'local', model: 'router' });
    const mB = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const x = w.batch({ name: 'two models' });
    const y = w.batch({ name: 'one model' });
    for (let i = 0; i < 4; i++) {
      const id = w.testCase({ name: `models-${i}`, expected: t1, servers: ['s'] });
      w.run({ batchId: x, modelSettingsId: mA, testCaseId: id, selected: t1 });
      w.run({ batchId: x, modelSettingsId: mA2, testCaseId: id, selected: t2 }); // the weak model, only in x
      w.run({ batchId: y, modelSettingsId: mB, testCaseId: id, selected: t1 });
    }
    await w.flush();
    const { body: c } = await compare(x, y);
    expect(c.sharedCases).toMatchObject({ shared: 4, added: 0, removed: 0, units: 4 });
    expect(c.shared).toMatchObject({ units: 4, onlyA: 4, onlyB: 0 });
    // Whole batches: 4 of 8 right against 4 of 4 (+50 pp, the weak model gone); the shared units did not change.
    expect(c.batchDeltas.accuracy).toBe(0.5);
    expect(c.deltas.accuracy).toBe(0);
    expect(c.deltas.recall).toBe(0);
    // The compare rollup and the runs themselves give the same comparison, shared figures included.
    const perRun: CompareReads = { pairs: selectCaseOutcomePairsFromRuns, outcomes: selectBatchRunOutcomesFromRuns };
    expect(JSON.parse(JSON.stringify(await compareBatches(x, y, perRun)))).toEqual(c);
    expect(JSON.parse(JSON.stringify(await compareBatches(ids.a, ids.b, perRun)))).toEqual(body);
    expect(c.sharedCases.warning).toMatch(/different models on some cases: 4 case x model unit\(s\) only in A and 0 only in B/);
  });

  it('pairs the latest completed run per case and model, regressions first', () => {
    const rows = body.cases.map((c) => [c.testCaseName, c.model, c.a, c.b, c.change]);
    expect(rows).toEqual([
      ['c2', 'gpt-4o-mini', 'TP', 'FN', 'regressed'],
      ['c3', 'router', 'TN', 'FP', 'regressed'],
      ['c1', 'gpt-4o-mini', 'FN', 'TP', 'fixed'],
      ['c4', 'gpt-4o-mini', 'FN', 'FN', 'changed'],
      ['c7', 'gpt-4o-mini', null, 'TP', 'added'],
      ['c6', 'gpt-4o-mini', 'TP', null, 'removed'],
      ['c3', 'gpt-4o-mini', 'TN', 'TN', 'same'],
      ['c5', 'gpt-4o-mini', 'TP', 'TP', 'same'],
    ]);
    expect(body.changes).toEqual({ regressed: 2, fixed: 1, changed: 1, added: 1, removed: 1, same: 2 });
  });

  it('names the tools selected on each side', () => {
    const c4 = body.cases.find((c) => c.testCaseName === 'c4');
    expect(c4).toMatchObject({ testCaseId: cases.c4, provider: 'openai', aSelected: 's/t2', bSelected: 'none' });
    const c7 = body.cases.find((c) => c.testCaseName === 'c7');
    expect(c7).toMatchObject({ aSelected: null, bSelected: 's/t2' });
  });

  it('compares against a batch without runs', async () => {
    const res = await compare(ids.a, ids.empty);
    expect(res.status).toBe(200);
    expect(res.body.b.counts.total).toBe(0);
    expect(res.body.deltas.accuracy).toBeNull();
    expect(res.body.cases.every((c) => c.change === 'removed')).toBe(true);
    expect(res.body.cases).toHaveLength(7);
  });

  it('answers 404 for an unknown batch and 400 without both ids', async () => {
    const missing = await compare(ids.a, 'no-such-batch');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect(missing.body.error.message).toContain('no-such-batch');
    expect((await compare('nope', ids.b)).status).toBe(404);
    const bad = await call<ErrorBody>(compareRoute.GET, 'GET', '/api/metrics/compare', { query: { a: ids.a } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
  });
});

describe('GET /api/metrics/compare: significance (lib/stats compareOutcomes)', () => {
  it('compares only the shared cases and says how many were added and removed', async () => {
    const { body } = await compare(ids.a, ids.b);
    // Shared: c1-c5 (c6 only in a, c7 only in b); units c1, c2, c3 x 2 models, c4, c5; c1, c2 and c3/router changed.
    expect(body.sharedCases).toMatchObject({ shared: 5, added: 1, removed: 1, units: 6, changedUnits: 3 });
    expect(body.sharedCases.warning).toMatch(/1 added and 1 removed. Significance compares only the 5 shared case\(s\), and so do the changes .*the 6 case x model unit\(s\) both batches ran\); each batch's whole-batch figures are shown beside them/);
    // One fix and two regressions in six units cannot reach p < 0.05 either way.
    expect(body.significance.accuracy.outcome).toBe('too_few_cases');
    // Every completed run of a unit counts (c5 has two per batch): 4 of 7 correct in a, 3 of 7 in b.
    expect(body.significance.accuracy.delta).toBeCloseTo(3 / 7 - 4 / 7, 10);
    for (const metric of ['precision', 'recall', 'f1', 'accuracy'] as const) {
      const m = body.significance[metric];
      expect(Object.keys(m).sort()).toEqual(['delta', 'high', 'low', 'method', 'outcome', 'pValue']);
    }
    // The whole-batch delta is still there, beside the shared one.
    expect(body.batchDeltas.accuracy).toBe(4 / 8 - 5 / 8);
  });

  it('a drop on every one of twelve shared cases is a significant regression; the same test sets give no warning', async () => {
    const w = createRunWriter();
    const m = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const before = w.batch({ name: 'all right' });
    const after = w.batch({ name: 'all wrong' });
    const steady = w.batch({ name: 'all right again' });
    for (let i = 0; i < 12; i++) {
      const id = w.testCase({ name: `sig-${i}`, expected: t1, servers: ['s'] });
      w.run({ batchId: before, modelSettingsId: m, testCaseId: id, selected: t1 });
      w.run({ batchId: after, modelSettingsId: m, testCaseId: id, selected: t2 });
      w.run({ batchId: steady, modelSettingsId: m, testCaseId: id, selected: t1 });
    }
    await w.flush();
    const { body } = await compare(before, after);
    expect(body.sharedCases).toEqual({ shared: 12, added: 0, removed: 0, units: 12, changedUnits: 12, warning: null });
    // The same units on both sides: the deltas are the whole batches'.
    expect(body.deltas).toEqual(body.batchDeltas);
    expect(body.shared).toMatchObject({ units: 12, onlyA: 0, onlyB: 0 });
    const accuracy = body.significance.accuracy;
    expect(accuracy.outcome).toBe('regressed');
    expect(accuracy.delta).toBe(-1);
    expect(accuracy.pValue).toBeLessThan(0.05);
    expect(accuracy.high).toBeLessThan(0);
    expect(body.significance.recall.outcome).toBe('regressed');
    const same = (await compare(before, steady)).body;
    expect(same.significance.accuracy).toMatchObject({ delta: 0, outcome: 'no_significant_change' });
  });

  it('gives the same significance whatever order the database returns the runs in (SQLite and Postgres differ)', () => {
    const rng = seededRandom(5);
    const classes = ['TP', 'FP', 'TN', 'FN'] as const;
    const runs = (shift: number): BatchRunOutcome[] =>
      Array.from({ length: 400 }, (_, i) => ({
        testCaseId: `case-${i % 40}`,
        provider: 'openai',
        model: i % 3 ? 'gpt-a' : 'gpt-b',
        classification: classes[Math.floor(rng() * 4 + shift) % 4] ?? 'TP',
        runs: 1 + (i % 2),
      }));
    const [a, b] = [runs(0), runs(0.7)];
    const shuffled = <T>(items: T[]) => items.map((item) => ({ item, key: rng() })).sort((x, y) => x.key - y.key).map((x) => x.item);
    const inOrder = compareSignificance(a, b);
    // Not vacuous: resampled intervals, which follow the order units are drawn in.
    expect(inOrder.significance.f1.low).not.toBeNull();
    expect(compareSignificance(shuffled(a), shuffled(b))).toEqual(inOrder);
    expect(compareSignificance([...a].reverse(), [...b].reverse())).toEqual(inOrder);
  });
});
