import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as flakyRoute from '@/app/api/metrics/flaky/route';
import { prepareDatabase } from '@/db/client';
import { selectFlakyHistory, selectFlakyHistoryRanked, selectFlakyPairs, selectFlakyPairsPerRun } from '@/db/queries/flaky';
import { get as getRow, run } from '@/db/sql';
import type { FlakyList } from '@/lib/metrics/flaky';
import { call } from './helpers/api';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

type ErrorBody = { error: { code: string; message: string } };

const t1: Tool = { server: 'fx-srv', name: 't1' };
const t2: Tool = { server: 'fx-srv', name: 't2' };
const cases: Record<string, string> = {};
const ids = { normal1: '', normal2: '', original: '', rewrite: '', lateRun: '' };

/**
 * Issue 14: an experiment's `original` variant shows the same tools as a normal batch, so its runs would make false
 * "verdict changed" flips. steady: right in two normal batches, wrong in the original variant (flaky only with the
 * experiment); split: samples disagree in a normal batch (flaky either way) and in a newer run of the original
 * variant, which must stay out of its counts and history; loose: a run without a batch, right, then the variant
 * wrong (no batch: no flip either way).
 */
beforeAll(async () => {
  await prepareDatabase();
  const w = createRunWriter();
  for (const name of ['steady', 'split', 'loose']) cases[name] = w.testCase({ name: `fx ${name}`, expected: t1 });
  const gpt = w.modelSettings({ provider: 'openai', model: 'gpt-fx' });
  ids.normal1 = w.batch({ name: 'fx night 1' });
  ids.normal2 = w.batch({ name: 'fx night 2' });
  ids.original = w.batch({ name: 'fx exp · original' });
  ids.rewrite = w.batch({ name: 'fx exp · rewrite' });
  const c = (n: string) => cases[n] ?? '';
  const at = (d: number) => `2025-07-0${d}T00:00:00.000Z`;
  const runIds: string[] = [];
  runIds.push(w.run({ batchId: ids.normal1, modelSettingsId: gpt, testCaseId: c('steady'), selected: t1, createdAt: at(1) }));
  runIds.push(w.run({ batchId: ids.normal2, modelSettingsId: gpt, testCaseId: c('steady'), selected: t1, createdAt: at(2) }));
  runIds.push(w.run({ batchId: ids.original, modelSettingsId: gpt, testCaseId: c('steady'), selected: t2, createdAt: at(3) }));
  runIds.push(w.run({ batchId: ids.rewrite, modelSettingsId: gpt, testCaseId: c('steady'), selected: t2, createdAt: at(3) }));
  runIds.push(w.run({ batchId: ids.normal1, modelSettingsId: gpt, testCaseId: c('split'), selected: t1, samples: 3, confidence: 2 / 3, passK: false, createdAt: at(1) }));
  ids.lateRun = w.run({ batchId: ids.original, modelSettingsId: gpt, testCaseId: c('split'), selected: t1, samples: 3, confidence: 2 / 3, passK: false, createdAt: at(4) });
  runIds.push(ids.lateRun);
  runIds.push(w.run({ batchId: null, modelSettingsId: gpt, testCaseId: c('loose'), selected: t1, createdAt: at(1) }));
  runIds.push(w.run({ batchId: ids.original, modelSettingsId: gpt, testCaseId: c('loose'), selected: t2, createdAt: at(3) }));
  await w.flush();
  const setId = Number((await getRow<{ id: number }>(sql`insert into tool_sets (hash) values ('fx-same') returning id`))?.id);
  for (const id of runIds) await run(sql`update test_runs set tool_set_id = ${setId}, confidence_source = 'sample_agreement' where id = ${id}`);
  const experiment = randomUUID();
  await run(sql`insert into experiments (id, name, models, samples, concurrency, test_case_ids, baseline_tools, created_at)
    values (${experiment}, 'fx', '[]', 1, 1, '[]', '{}', '2025-07-03T00:00:00.000Z')`);
  for (const [ordinal, [name, batchId]] of [['original', ids.original], ['rewrite', ids.rewrite]].entries()) {
    await run(sql`insert into experiment_variants (id, experiment_id, name, ordinal, changes, batch_id, created_at)
      values (${randomUUID()}, ${experiment}, ${name}, ${ordinal}, '[]', ${batchId}, '2025-07-03T00:00:00.000Z')`);
  }
});

const list = (query: Record<string, string> = {}) => call<FlakyList & ErrorBody>(flakyRoute.GET, 'GET', '/api/metrics/flaky', { query: { model: 'gpt-fx', ...query } });
const names = (body: FlakyList) => body.items.map((i) => `${i.testCaseName}:${i.reasons.join('+')}`).sort();

describe('flaky cases leave experiment variants out', () => {
  it('does not list a case that only the variant runs make flaky, and keeps the variant runs out of the history', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['fx split:samples_disagree']);
    const split = res.body.items[0];
    expect(split).toMatchObject({ runs: 1, disagreeingRuns: 1 });
    expect(split?.history.map((h) => h.batchId)).toEqual([ids.normal1]);
    expect((await list({ includeExperiments: 'false' })).body).toEqual(res.body);
  });

  it('lists it with includeExperiments=true, the variant runs in the history', async () => {
    const res = await list({ includeExperiments: 'true' });
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['fx split:samples_disagree', 'fx steady:verdict_changed']);
    const split = res.body.items.find((i) => i.testCaseName === 'fx split');
    expect(split).toMatchObject({ runs: 2, disagreeingRuns: 2 });
    expect(split?.history.map((h) => h.runId)[0]).toBe(ids.lateRun);
  });

  it('lists a variant batch\'s own flaky cases with its batchId, that batch alone', async () => {
    const res = await list({ batchId: ids.original });
    expect(res.status).toBe(200);
    // steady was wrong in the variant only: within one batch no verdict changes.
    expect(names(res.body)).toEqual(['fx split:samples_disagree']);
    expect(res.body.items[0]).toMatchObject({ runs: 1, disagreeingRuns: 1 });
    expect(res.body.items[0]?.history.map((h) => h.runId)).toEqual([ids.lateRun]);
    expect(names((await list({ batchId: ids.normal2 })).body)).toEqual([]);
  });

  it('answers 400 for an includeExperiments that is not true or false', async () => {
    const res = await list({ includeExperiments: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('includeExperiments');
  });

  it('reads the same pairs and history from the rollup as the per-run reference under the exclusion', async () => {
    const scopes = [{}, { excludeBatchIds: [ids.original, ids.rewrite] }, { excludeBatchIds: [ids.original] }, { batchId: ids.original }, { batchId: ids.normal1 }];
    for (const scope of scopes) {
      const { rows } = await selectFlakyPairs(scope, { limit: 100, offset: 0 });
      expect(rows).toEqual(await selectFlakyPairsPerRun(scope));
      const caseIds = Object.values(cases);
      for (const perPair of [1, 3]) {
        expect(await selectFlakyHistory(caseIds, perPair, scope)).toEqual(await selectFlakyHistoryRanked(caseIds, perPair, scope));
      }
    }
    // Not vacuous: the exclusion changes the pairs.
    const all = (await selectFlakyPairs({}, { limit: 100, offset: 0 })).rows.length;
    const without = (await selectFlakyPairs({ excludeBatchIds: [ids.original, ids.rewrite] }, { limit: 100, offset: 0 })).rows.length;
    expect(all).toBeGreaterThan(without);
  });
});
