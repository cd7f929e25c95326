import { beforeAll, describe, expect, it } from 'vitest';
import * as caseRunsRoute from '@/app/api/test-cases/[id]/runs/route';
import * as listRoute from '@/app/api/test-cases/route';
import type { CaseHistory, TestCaseListItemDto } from '@/lib/test-cases/history';
import { call } from './helpers/api';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

type ErrorBody = { error: { code: string; message: string } };

const t1: Tool = { server: 'hist', name: 't1' };
const t2: Tool = { server: 'hist', name: 't2' };
const ids = { tc: '', quiet: '', b1: '', b2: '' };
const runs: Record<string, string> = {};

/**
 * "history case" ran in two batches with two models, plus one single run outside a batch:
 *   day 1 (batch "monday"):   gpt FN (chose t2)      local TP (margin 0.4)
 *   day 2 (batch "tuesday"):  gpt TP (args 0.5), x3  local failed
 *   day 3 (no batch):         gpt pending
 * "quiet case" never ran.
 */
beforeAll(async () => {
  const w = createRunWriter();
  ids.tc = w.testCase({ name: 'history case', expected: t1, servers: ['hist'] });
  ids.quiet = w.testCase({ name: 'quiet case', expected: t1, servers: ['hist'] });
  ids.b1 = w.batch({ name: 'monday', createdAt: '2025-03-03T09:00:00.000Z' });
  ids.b2 = w.batch({ name: 'tuesday', createdAt: '2025-03-04T09:00:00.000Z' });
  const gpt1 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  const local1 = w.modelSettings({ provider: 'local', model: 'lexical' });
  const gpt2 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  const local2 = w.modelSettings({ provider: 'local', model: 'lexical' });
  const gpt3 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  const day = (d: number, m = 0) => `2025-03-0${d + 2}T09:0${m}:00.000Z`;
  runs.gptMon = w.run({ testCaseId: ids.tc, batchId: ids.b1, modelSettingsId: gpt1, selected: t2, createdAt: day(1) });
  runs.localMon = w.run({ testCaseId: ids.tc, batchId: ids.b1, modelSettingsId: local1, selected: t1, correctness: 1, confidence: 0.4, createdAt: day(1, 1) });
  runs.gptTue = w.run({ testCaseId: ids.tc, batchId: ids.b2, modelSettingsId: gpt2, selected: t1, correctness: 0.5, samples: 3, confidence: 1, passK: true, createdAt: day(2) });
  runs.localTue = w.run({ testCaseId: ids.tc, batchId: ids.b2, modelSettingsId: local2, status: 'failed', errorMessage: 'tool listing failed', createdAt: day(2, 1) });
  runs.gptWed = w.run({ testCaseId: ids.tc, batchId: null, modelSettingsId: gpt3, status: 'pending', completedAt: null, createdAt: day(3) });
  await w.flush();
});

const history = (id: string, query: Record<string, string> = {}) =>
  call<CaseHistory & ErrorBody>(caseRunsRoute.GET, 'GET', `/api/test-cases/${id}/runs`, { params: { id }, query });

describe('GET /api/test-cases/{id}/runs', () => {
  it('lists the runs across batches and models, newest first, with batch, model and verdict', async () => {
    const res = await history(ids.tc);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(res.body.items.map((r) => r.id)).toEqual([runs.gptWed, runs.localTue, runs.gptTue, runs.localMon, runs.gptMon]);
    expect(res.body.items[0]).toMatchObject({ batchId: null, batchName: null, modelLabel: 'openai/gpt-4o-mini', outcome: 'pending', classification: null });
    expect(res.body.items[1]).toMatchObject({ batchName: 'tuesday', modelLabel: 'local/lexical', outcome: 'error', error: 'tool listing failed' });
    expect(res.body.items[2]).toMatchObject({ batchName: 'tuesday', classification: 'TP', outcome: 'correct', argumentScore: 0.5, samples: 3, passK: true, agreement: 1 });
    expect(res.body.items[4]).toMatchObject({ batchId: ids.b1, batchName: 'monday', classification: 'FN', outcome: 'wrong', selectedTool: 't2', passK: null, agreement: null });
  });

  it('says where each confidence comes from (runs written before the source was recorded: from provider and samples)', async () => {
    const { body } = await history(ids.tc);
    const source = (id: string | undefined) => body.items.find((r) => r.id === id)?.confidenceSource;
    expect(source(runs.gptTue)).toBe('sample_agreement');
    expect(source(runs.localMon)).toBe('local_margin');
    expect(source(runs.gptMon)).toBeNull();
  });

  it('pages the history', async () => {
    const { body } = await history(ids.tc, { limit: '2', offset: '2' });
    expect(body.items.map((r) => r.id)).toEqual([runs.gptTue, runs.localMon]);
    expect(body).toMatchObject({ total: 5, limit: 2, offset: 2 });
  });

  it("gives each model's verdicts over time, oldest first, on every page", async () => {
    const { body } = await history(ids.tc, { limit: '1', offset: '4' });
    const byLabel = Object.fromEntries(body.timeline.map((m) => [m.modelLabel, m.runs.map((r) => r.outcome)]));
    expect(byLabel).toEqual({ 'openai/gpt-4o-mini': ['wrong', 'correct', 'pending'], 'local/lexical': ['correct', 'error'] });
  });

  it('answers an empty history for a case that never ran, 404 for an unknown case, 400 for a bad page', async () => {
    const quiet = await history(ids.quiet);
    expect(quiet.status).toBe(200);
    expect(quiet.body).toMatchObject({ items: [], total: 0, timeline: [] });
    const missing = await history('no-such-case');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const bad = await history(ids.tc, { limit: '0' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message + JSON.stringify(bad.body.error)).toContain('limit');
  });
});

describe('GET /api/test-cases: last verdict per model', () => {
  it("carries each case's latest completed verdict per model; unfinished and failed runs do not replace it", async () => {
    const res = await call<{ items: TestCaseListItemDto[] }>(listRoute.GET, 'GET', '/api/test-cases', { query: { search: 'case', limit: '50' } });
    expect(res.status).toBe(200);
    const item = res.body.items.find((c) => c.id === ids.tc);
    // gpt: Tuesday's TP (Wednesday's run is still pending); local: Monday's TP (Tuesday's failed).
    expect(item?.lastVerdicts.map((v) => [v.modelLabel, v.classification, v.runId])).toEqual([
      ['openai/gpt-4o-mini', 'TP', runs.gptTue],
      ['local/lexical', 'TP', runs.localMon],
    ]);
    expect(item?.lastVerdicts[0]?.outcome).toBe('correct');
    expect(res.body.items.find((c) => c.id === ids.quiet)?.lastVerdicts).toEqual([]);
  });
});
