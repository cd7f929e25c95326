import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { get, run } from '@/db/sql';
import { getMetricsSummary } from '@/lib/metrics/summary';
import { createRunWriter } from './helpers/synthetic-runs';

/**
 * evaluation_results carries copies of its run's model_settings_id and batch_id (migration
 * 0003), so model and batch filters skip the join to test_runs. Triggers keep them in step
 * whoever writes the rows; these tests hold them to it.
 */

const tool = { server: 's', name: 'search' };
let ids: { m1: string; m2: string; b1: string; b2: string; run: string };

const copiesOf = (runId: string) =>
  get(sql`select model_settings_id as "modelSettingsId", batch_id as "batchId" from evaluation_results where test_run_id = ${runId}`);

beforeAll(async () => {
  const w = createRunWriter();
  const testCaseId = w.testCase({ name: 'c1', expected: tool, servers: ['s'] });
  const m1 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  const m2 = w.modelSettings({ provider: 'anthropic', model: 'claude' });
  const b1 = w.batch({ name: 'one' });
  const b2 = w.batch({ name: 'two' });
  w.run({ testCaseId, batchId: b1, modelSettingsId: m1, selected: tool });
  w.run({ testCaseId, batchId: b2, modelSettingsId: m2, selected: null });
  await w.flush();
  const run = (await get<{ id: string }>(sql`select id from test_runs where batch_id = ${b1}`))?.id ?? '';
  ids = { m1, m2, b1, b2, run };
});

describe('run scope copied onto evaluation results', () => {
  it('fills the copies when an evaluation is written', async () => {
    expect(await copiesOf(ids.run)).toEqual({ modelSettingsId: ids.m1, batchId: ids.b1 });
  });

  it('filters the summary by model and by batch through the copies', async () => {
    const byModel = await getMetricsSummary({ provider: 'openai', model: 'gpt-4o-mini' });
    expect(byModel.counts).toMatchObject({ tp: 1, fn: 0, total: 1 });
    const byBatch = await getMetricsSummary({ batchId: ids.b2 });
    expect(byBatch.counts).toMatchObject({ tp: 0, fn: 1, total: 1 });
  });

  it('follows the run when its batch or model settings change, and when the settings row is deleted', async () => {
    await run(sql`update test_runs set batch_id = ${ids.b2}, model_settings_id = ${ids.m2} where id = ${ids.run}`);
    expect(await copiesOf(ids.run)).toEqual({ modelSettingsId: ids.m2, batchId: ids.b2 });
    expect((await getMetricsSummary({ batchId: ids.b2 })).counts.total).toBe(2);
    await run(sql`delete from model_settings where id = ${ids.m2}`);
    expect(await copiesOf(ids.run)).toEqual({ modelSettingsId: null, batchId: ids.b2 });
  });
});
