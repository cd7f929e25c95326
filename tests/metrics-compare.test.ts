import { beforeAll, describe, expect, it } from 'vitest';
import * as compareRoute from '@/app/api/metrics/compare/route';
import { compareSignificance, type BatchComparison } from '@/lib/metrics/compare';
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

  it('gives b - a per metric, null when either side has none', () => {
    expect(body.deltas.precision).toBe(3 / 4 - 1);
    expect(body.deltas.recall).toBe(0);
    expect(body.deltas.accuracy).toBe(4 / 8 - 5 / 8);
    expect(body.deltas.specificity).toBe(1 / 2 - 1);
    expect(body.deltas.f1).toBe(6 / 10 - 6 / 9);
    expect(body.deltas.latencyP50).toBe(200);
    expect(body.deltas.latencyMean).toBe(200);
    expect(body.deltas.passKRate).toBeNull();
    expect(body.deltas.parameterCompleteness).toBeNull();
    expect(body.deltas.tokensTotal).toBe(0);
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
    expect(body.sharedCases.warning).toMatch(/1 added and 1 removed.*only the 5 shared/);
    // One fix and two regressions in six units cannot reach p < 0.05 either way.
    expect(body.significance.accuracy.outcome).toBe('too_few_cases');
    // Every completed run of a unit counts (c5 has two per batch): 4 of 7 correct in a, 3 of 7 in b.
    expect(body.significance.accuracy.delta).toBeCloseTo(3 / 7 - 4 / 7, 10);
    for (const metric of ['precision', 'recall', 'f1', 'accuracy'] as const) {
      const m = body.significance[metric];
      expect(Object.keys(m).sort()).toEqual(['delta', 'high', 'low', 'method', 'outcome', 'pValue']);
    }
    // The existing fields stay as they were.
    expect(body.deltas.accuracy).toBe(4 / 8 - 5 / 8);
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
