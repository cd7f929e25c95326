import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { countRuns, deleteRun, failRun, listRuns, markRunRunning, type RunFilter } from '@/db/queries/runs';
import { all, get, run } from '@/db/sql';
import { createRunWriter, writeSyntheticRuns, type SyntheticRuns } from './helpers/synthetic-runs';

/**
 * GET /api/test-runs's total (countRuns) is read from metrics_rollup's groups without a test case filter. It must
 * equal the exact count of the runs for every filter combination, on data where the two could differ: runs without
 * a batch (the rollup's '' key), runs of every status, unclassified runs, two settings rows of one model, and after
 * the writes that move a run between groups (running, failed, deleted, a batch deleted under its runs).
 */

let data: SyntheticRuns;
const STATUSES = [undefined, 'pending', 'running', 'completed', 'failed', 'cancelled'] as const;
const CLASSES = [undefined, 'TP', 'FP', 'TN', 'FN'] as const;

beforeAll(async () => {
  data = await writeSyntheticRuns(400, { seed: 11, batches: 3, days: 3, failedShare: 0.1, testCases: 10, servers: 2 });
  const write = createRunWriter();
  const model = data.models[0];
  const twin = write.modelSettings({ provider: model?.provider ?? 'openai', model: model?.model ?? 'gpt-4o-mini' });
  const [a, b, c] = data.testCaseIds;
  if (!a || !b || !c) throw new Error('no test cases');
  write.run({ testCaseId: a, batchId: null, modelSettingsId: twin, createdAt: '2025-01-02T10:00:00.000Z' });
  write.run({ testCaseId: b, batchId: null, modelSettingsId: twin, status: 'failed', errorMessage: 'x', createdAt: '2025-01-02T11:00:00.000Z' });
  for (const status of ['pending', 'running', 'cancelled'] as const) {
    write.run({ testCaseId: c, batchId: data.batchIds[0], modelSettingsId: twin, status, createdAt: '2025-01-03T09:00:00.000Z' });
  }
  await write.flush();
});

/** The exact count, straight from the runs (what listRuns counted before the rollup). */
async function exactCount(f: RunFilter): Promise<number> {
  const where: SQL[] = [sql`true`];
  if (f.testCaseId) where.push(sql`r.test_case_id = ${f.testCaseId}`);
  if (f.batchId) where.push(sql`r.batch_id = ${f.batchId}`);
  if (f.status) where.push(sql`r.status = ${f.status}`);
  if (f.classification) where.push(sql`r.classification = ${f.classification}`);
  if (f.provider) where.push(sql`m.provider = ${f.provider}`);
  if (f.model) where.push(sql`m.model = ${f.model}`);
  const row = await get<{ n: number }>(sql`select count(*) as n from test_runs r left join model_settings m on m.id = r.model_settings_id where ${sql.join(where, sql` and `)}`);
  return Number(row?.n ?? 0);
}

async function filters(): Promise<RunFilter[]> {
  const batches = [undefined, ...data.batchIds, 'no-such-batch'];
  const models = (await all<{ provider: RunFilter['provider']; model: string }>(sql`select distinct provider, model from model_settings order by provider, model`)).flatMap((m) => [
    { provider: m.provider },
    { model: m.model },
    { provider: m.provider, model: m.model },
  ]);
  const out: RunFilter[] = [];
  for (const batchId of batches) for (const status of STATUSES) for (const classification of CLASSES) for (const m of [{}, ...models]) out.push({ batchId, status, classification, ...m });
  return out;
}

async function expectExactCounts(step: string): Promise<void> {
  const mismatches: string[] = [];
  for (const f of await filters()) {
    const [fast, exact] = [await countRuns(f), await exactCount(f)];
    if (fast !== exact) mismatches.push(`${JSON.stringify(f)}: ${fast} instead of ${exact}`);
  }
  expect(mismatches, step).toEqual([]);
  // Some filters must match runs, or equal zeros would prove nothing.
  expect(await countRuns({})).toBeGreaterThan(100);
}

describe('countRuns (the runs list total)', () => {
  it('equals the exact count for every filter combination', async () => {
    await expectExactCounts('as written');
  });

  it('stays exact after runs move between groups and are deleted', async () => {
    const pending = await all<{ id: string }>(sql`select id from test_runs where status = 'pending' order by id`);
    const [first] = pending;
    if (!first) throw new Error('no pending run');
    await markRunRunning(first.id);
    await failRun(first.id, 'failed', 'boom');
    const completed = await get<{ id: string }>(sql`select id from test_runs where status = 'completed' order by id limit 1`);
    if (!completed) throw new Error('no completed run');
    expect(await deleteRun(completed.id)).toBe(true);
    // A batch deleted under its runs (their batch_id becomes NULL or they go with it, as the schema says).
    await run(sql`delete from run_batches where id = ${data.batchIds[2] ?? ''}`);
    await expectExactCounts('after the writes');
  });

  it('is the total listRuns returns, with a test case filter too', async () => {
    const testCaseId = data.testCaseIds[0] ?? '';
    for (const f of [{}, { testCaseId }, { testCaseId, status: 'completed' as const }, { batchId: data.batchIds[0], classification: 'TP' as const }]) {
      const { rows, total } = await listRuns({ ...f, limit: 1000, offset: 0 });
      expect(total, JSON.stringify(f)).toBe(await exactCount(f));
      expect(rows.length, JSON.stringify(f)).toBe(Math.min(total, 1000));
    }
  });
});
