import { beforeAll, describe, expect, it } from 'vitest';
import * as matrixRoute from '@/app/api/batches/[id]/matrix/route';
import { getSqlite, prepareDatabase } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { withTransaction } from '@/db/transaction';
import type { BatchMatrix } from '@/lib/metrics/matrix/batch-matrix';
import { call } from './helpers/api';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

const t1: Tool = { server: 's', name: 't1' };
const t2: Tool = { server: 's', name: 't2' };
const ids = { batch: '', other: '', empty: '', m1: '', m2: '', big: '' };
const cases: Record<string, string> = {};
const runs: Record<string, string> = {};

/**
 * One batch, two models (m1 openai/gpt-4o-mini, m2 local/lexical) at samples = 3, five cases:
 *   alpha  m1 TP (args 1, all samples)      m2 FN: chose t2 (agreement 2/3, pass^3 false)
 *   beta   m1 TP (args 0.5)                 m2 TP but one sample wrong (agreement 2/3)
 *   delta  m1 TP (an older failed run too)  m2 TP: the models agree
 *   eps    m1 still pending                 m2 cancelled
 *   gamma  m1 TN                            m2 failed with an error
 */
beforeAll(async () => {
  await prepareDatabase();
  const w = createRunWriter();
  cases.alpha = w.testCase({ name: 'c-alpha', expected: t1, servers: ['s'] });
  cases.beta = w.testCase({ name: 'c-beta', expected: t1, servers: ['s'] });
  cases.gamma = w.testCase({ name: 'c-gamma', expected: null, servers: ['s'] });
  cases.delta = w.testCase({ name: 'c-delta', expected: t2, servers: ['s'] });
  cases.eps = w.testCase({ name: 'c-eps', expected: t1, servers: ['s'] });
  ids.m1 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  ids.m2 = w.modelSettings({ provider: 'local', model: 'lexical' });
  ids.batch = w.batch({ name: 'two models x3' });
  ids.other = w.batch({ name: 'another batch' });
  ids.empty = w.batch({ name: 'nothing ran' });
  const c = (k: string) => cases[k] ?? '';
  const a = { batchId: ids.batch, modelSettingsId: ids.m1, samples: 3 };
  const b = { batchId: ids.batch, modelSettingsId: ids.m2, samples: 3 };
  runs.alpha1 = w.run({ ...a, testCaseId: c('alpha'), selected: t1, correctness: 1, confidence: 1, passK: true });
  runs.alpha2 = w.run({ ...b, testCaseId: c('alpha'), selected: t2, confidence: 2 / 3, passK: false });
  runs.beta1 = w.run({ ...a, testCaseId: c('beta'), selected: t1, correctness: 0.5, confidence: 1, passK: true });
  runs.beta2 = w.run({ ...b, testCaseId: c('beta'), selected: t1, correctness: 1, confidence: 2 / 3, passK: false });
  runs.gamma1 = w.run({ ...a, testCaseId: c('gamma'), selected: null, confidence: 1, passK: true });
  runs.gamma2 = w.run({ ...b, testCaseId: c('gamma'), status: 'failed', errorMessage: 'provider timed out after 30 s' });
  runs.deltaOld = w.run({ ...a, testCaseId: c('delta'), status: 'failed', errorMessage: 'first try', createdAt: '2025-01-01T00:00:00.000Z' });
  runs.delta1 = w.run({ ...a, testCaseId: c('delta'), selected: t2, correctness: 1, confidence: 1, passK: true, createdAt: '2025-01-01T00:01:00.000Z' });
  runs.delta2 = w.run({ ...b, testCaseId: c('delta'), selected: t2, correctness: 1, confidence: 1, passK: true });
  runs.eps1 = w.run({ ...a, testCaseId: c('eps'), status: 'pending', completedAt: null });
  runs.eps2 = w.run({ ...b, testCaseId: c('eps'), status: 'cancelled' });
  // Another batch's run of the same case must not leak into this matrix.
  w.run({ batchId: ids.other, modelSettingsId: w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' }), testCaseId: c('alpha'), selected: null });
  await w.flush();
});

const get = (id: string, query: Record<string, string> = {}) =>
  call<BatchMatrix & ErrorBody>(matrixRoute.GET, 'GET', `/api/batches/${id}/matrix`, { params: { id }, query });

const names = (m: BatchMatrix) => m.rows.map((r) => r.testCaseName);

describe('GET /api/batches/{id}/matrix', () => {
  it('has one column per model of the batch, in launch order, with outcome counts', async () => {
    const res = await get(ids.batch);
    expect(res.status).toBe(200);
    expect(res.body.batch.name).toBe('two models x3');
    expect(res.body.models.map((m) => m.label)).toEqual(['openai/gpt-4o-mini', 'local/lexical']);
    expect(res.body.models[0]?.counts).toEqual({ correct: 4, wrong: 0, error: 0, cancelled: 0, pending: 1 });
    expect(res.body.models[1]?.counts).toEqual({ correct: 2, wrong: 1, error: 1, cancelled: 1, pending: 0 });
    expect(res.body.total).toBe(5);
  });

  it('fills each cell with the run, verdict, confidence, pass^k, agreement and argument score', async () => {
    const { body } = await get(ids.batch);
    const row = (name: string) => body.rows.find((r) => r.testCaseName === name);
    const alpha = row('c-alpha');
    expect(alpha?.cells[0]).toMatchObject({ runId: runs.alpha1, classification: 'TP', outcome: 'correct', argumentScore: 1, passK: true, agreement: 1, samples: 3 });
    expect(alpha?.cells[1]).toMatchObject({ runId: runs.alpha2, classification: 'FN', outcome: 'wrong', selectedTool: 't2', passK: false, argumentScore: null });
    expect(alpha?.cells[1]?.agreement).toBeCloseTo(2 / 3, 5);
    expect(row('c-gamma')?.cells[1]).toMatchObject({ runId: runs.gamma2, status: 'failed', outcome: 'error', classification: null, error: 'provider timed out after 30 s' });
    // A cell with two runs shows the completed one and lists both.
    const delta = row('c-delta')?.cells[0];
    expect(delta?.runId).toBe(runs.delta1);
    expect([...(delta?.runIds ?? [])].sort()).toEqual([runs.delta1, runs.deltaOld].sort());
    expect(row('c-eps')?.cells.map((c) => c?.outcome)).toEqual(['pending', 'cancelled']);
    expect(row('c-alpha')?.disagreement).toBeCloseTo(1.333, 3);
    expect(row('c-delta')?.disagreement).toBe(0);
  });

  it('sorts by name (default), disagreement (most first) and worst verdict (worst first)', async () => {
    expect(names((await get(ids.batch)).body)).toEqual(['c-alpha', 'c-beta', 'c-delta', 'c-eps', 'c-gamma']);
    expect(names((await get(ids.batch, { dir: 'desc' })).body)).toEqual(['c-gamma', 'c-eps', 'c-delta', 'c-beta', 'c-alpha']);
    const dis = (await get(ids.batch, { sort: 'disagreement' })).body;
    expect(dis.dir).toBe('desc');
    expect(names(dis)).toEqual(['c-alpha', 'c-gamma', 'c-beta', 'c-delta', 'c-eps']);
    expect(names((await get(ids.batch, { sort: 'worst' })).body)).toEqual(['c-gamma', 'c-alpha', 'c-beta', 'c-delta', 'c-eps']);
    expect(names((await get(ids.batch, { sort: 'worst', dir: 'desc' })).body)).toEqual(['c-eps', 'c-delta', 'c-beta', 'c-alpha', 'c-gamma']);
  });

  it("sorts by one model's column: its worst cells first, weaker arguments before perfect ones", async () => {
    expect(names((await get(ids.batch, { sort: 'model', modelId: ids.m2 })).body)).toEqual(['c-gamma', 'c-alpha', 'c-beta', 'c-delta', 'c-eps']);
    expect(names((await get(ids.batch, { sort: 'model', modelId: ids.m1 })).body)).toEqual(['c-beta', 'c-alpha', 'c-delta', 'c-gamma', 'c-eps']);
  });

  it('pages the rows after sorting and reports the total', async () => {
    const { body } = await get(ids.batch, { limit: '2', offset: '2' });
    expect(names(body)).toEqual(['c-delta', 'c-eps']);
    expect(body).toMatchObject({ total: 5, limit: 2, offset: 2 });
  });

  it('filters the rows by a case-name search (any letter case) before paging; the model columns and counts stay whole', async () => {
    const { body } = await get(ids.batch, { search: 'ALPHA', sort: 'worst' });
    expect(names(body)).toEqual(['c-alpha']);
    expect(body).toMatchObject({ total: 1, search: 'ALPHA' });
    expect(body.models[1]?.counts.wrong).toBe(1);
    expect((await get(ids.batch, { search: 'c-' })).body.total).toBe(5);
    expect((await get(ids.batch, { search: 'nothing like it' })).body).toMatchObject({ total: 0, rows: [] });
  });

  it('answers 404 for an unknown batch and an empty matrix for a batch without runs', async () => {
    const missing = await get('no-such-batch');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const empty = await get(ids.empty);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ models: [], rows: [], total: 0 });
  });

  it('refuses bad queries with 400 naming the field', async () => {
    const noModel = await get(ids.batch, { sort: 'model' });
    expect(noModel.status).toBe(400);
    expect(JSON.stringify(noModel.body.error)).toContain('modelId');
    const foreign = await get(ids.batch, { sort: 'model', modelId: 'not-a-column' });
    expect(foreign.status).toBe(400);
    const badSort = await get(ids.batch, { sort: 'colour' });
    expect(badSort.status).toBe(400);
    expect(JSON.stringify(badSort.body.error)).toContain('sort');
    expect((await get(ids.batch, { limit: '0' })).status).toBe(400);
    expect((await get(ids.batch, { limit: '501' })).status).toBe(400);
  });

  it('reads a 2,000-case x 2-model batch through the batch index, well within a second', async () => {
    const w = createRunWriter();
    const m1 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const m2 = w.modelSettings({ provider: 'anthropic', model: 'claude-sonnet-4' });
    ids.big = w.batch({ name: 'big' });
    await withTransaction(async () => {
      for (let i = 0; i < 2000; i++) {
        const tc = w.testCase({ name: `big-${String(i).padStart(4, '0')}`, expected: t1, servers: ['s'] });
        w.run({ batchId: ids.big, modelSettingsId: m1, testCaseId: tc, selected: i % 3 === 0 ? t2 : t1, correctness: 1 });
        w.run({ batchId: ids.big, modelSettingsId: m2, testCaseId: tc, selected: i % 5 === 0 ? null : t1, correctness: 0.5 });
      }
      await w.flush();
    });
    if (!isPostgres()) {
      // SQLite's plan: the batch index drives it (Postgres picks by its own statistics).
      const plan = getSqlite()
        .prepare("explain query plan select r.id from test_runs r join test_cases tc on tc.id = r.test_case_id left join evaluation_results e on e.test_run_id = r.id where r.batch_id = 'x'")
        .all() as { detail: string }[];
      expect(plan.map((p) => p.detail).join('\n')).toMatch(/idx_test_runs_batch/);
    }
    const started = performance.now();
    const res = await get(ids.big, { sort: 'disagreement', limit: '100' });
    const ms = performance.now() - started;
    console.info(`matrix of 2,000 cases x 2 models, sorted by disagreement: ${ms.toFixed(0)} ms`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2000);
    expect(res.body.rows).toHaveLength(100);
    // Case 0 is wrong for m1 (t2) and m2 (no tool): two different answers.
    expect(res.body.rows[0]?.disagreement).toBe(1);
    expect(ms).toBeLessThan(1000);
    // Writing 4,000 runs through Postgres's rollup triggers takes seconds on a loaded machine.
  }, 90_000);
});
