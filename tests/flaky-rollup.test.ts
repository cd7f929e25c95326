import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { isPostgres } from '@/db/dialect';
import { selectFlakyPairs, selectFlakyPairsPerRun, selectFlakyRollup, type FlakyFilter } from '@/db/queries/flaky';
import { all, get, run, sqlBool } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { seededRandom } from '@/lib/seeded-random';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';
import { runRandomOperations } from './helpers/random-operations';

/**
 * flaky_rollup is kept by triggers on test_runs and evaluation_results; the flaky pairs read it. These tests drive
 * every write that changes what a run adds to it (lifecycles with the evaluation written before or after the
 * completion, re-classification, samples and confidence changes, listings, moves between groups, evaluations
 * whose pass^k changes, that are added, moved or deleted, deletes, cascades, SET NULL, statements over many runs)
 * in random order, and require the table to equal its recomputation from the runs and the pairs to equal the
 * exact per-run query.
 */

const tools: Tool[] = [{ server: 'roll-srv', name: 'a' }, { server: 'roll-srv', name: 'b' }];
const ids = async (query: SQL) => (await all<{ id: string }>(query)).map((r) => r.id);
const numbers = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && k !== 'last_run_at' && !k.endsWith('_id') && k !== 'batch_key' ? Number(v) : v])));

beforeAll(async () => {
  const w = createRunWriter();
  const rng = seededRandom(19);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;
  const cases = Array.from({ length: 8 }, (_, i) => w.testCase({ name: `roll case ${i}`, expected: tools[0] ?? null }));
  const gpt = w.modelSettings({ provider: 'openai', model: 'gpt-roll' });
  const settings = [gpt, w.modelSettings({ provider: 'openai', model: 'gpt-roll' }), w.modelSettings({ provider: 'local', model: 'roll-router' }), w.modelSettings({ provider: 'anthropic', model: 'claude-roll' })];
  const batches = [w.batch({ name: 'roll 1' }), w.batch({ name: 'roll 2' }), w.batch({ name: 'roll 3' })];
  for (let i = 0; i < 400; i++) {
    w.run({
      testCaseId: pick(cases),
      batchId: rng() < 0.15 ? null : pick(batches),
      modelSettingsId: rng() < 0.05 ? null : pick(settings),
      selected: rng() < 0.1 ? null : pick(tools),
      samples: rng() < 0.5 ? 3 : 1,
      confidence: pick([null, 0.4, 2 / 3, 1]),
      passK: pick([true, false, null]),
      createdAt: `2025-01-0${1 + Math.floor(rng() * 3)}T0${Math.floor(rng() * 3)}:00:00.000Z`,
    });
  }
  await w.flush();
  for (const hash of ['roll-1', 'roll-2']) await run(sql`insert into tool_sets (hash) values (${hash})`);
  const sets = (await all<{ id: number }>(sql`select id from tool_sets where hash like 'roll-%' order by id`)).map((r) => r.id);
  for (const id of await ids(sql`select id from test_runs order by id`)) {
    const source = pick([null, 'sample_agreement', 'local_margin']);
    await run(sql`update test_runs set tool_set_id = ${rng() < 0.2 ? null : pick(sets)}, confidence_source = ${source} where id = ${id}`);
  }
}, 120_000);

async function expectRollupExact(step: string): Promise<void> {
  expect(numbers(await selectFlakyRollup(false)), `${step} / rollup rows`).toEqual(numbers(await selectFlakyRollup(true)));
  const filters: FlakyFilter[] = [{}, { provider: 'openai' }, { provider: 'local' }, { model: 'gpt-roll' }];
  for (const filter of filters) {
    expect((await selectFlakyPairs(filter, { limit: 10_000, offset: 0 })).rows, `${step} / pairs ${JSON.stringify(filter)}`).toEqual(await selectFlakyPairsPerRun(filter));
  }
}

const CLASSES = ['TP', 'FP', 'TN', 'FN'] as const;

function makeOperations(rng: () => number) {
  const write = createRunWriter();
  const pick = <T,>(items: readonly T[]): T | undefined => items[Math.floor(rng() * items.length)];
  const randomRun = async (where: SQL = sql`true`) =>
    get<{ id: string; batchId: string | null; testCaseId: string; modelSettingsId: string | null; toolSetId: number | null }>(
      sql`select id, batch_id as "batchId", test_case_id as "testCaseId", model_settings_id as "modelSettingsId", tool_set_id as "toolSetId" from test_runs where ${where} order by random() limit 1`,
    );
  const judged = sql`status = 'completed' and classification is not null`;
  // Most picks fall on a run whose pass^k failed (a few percent of the runs otherwise): those move the e_ columns.
  const failedPassK = sql`exists (select 1 from evaluation_results e where e.test_run_id = test_runs.id and e.pass_k = ${sqlBool(false)})`;
  const judgedOften = () => (rng() < 0.6 ? sql`${judged} and ${failedPassK}` : judged);
  const withoutEvaluation = sql`not exists (select 1 from evaluation_results e where e.test_run_id = test_runs.id)`;
  const at = () => `2025-01-0${1 + Math.floor(rng() * 3)}T0${Math.floor(rng() * 3)}:00:00.000Z`;
  // Ids of their own: a run may get an evaluation again after its first moved to another run.
  let evaluations = 0;
  const passK = () => pick([sqlBool(true), sqlBool(false), sqlBool(false), null]) ?? null;
  const addEvaluation = (runId: string, classification: string) =>
    run(sql`insert into evaluation_results (id, test_run_id, classification, tool_correct, failure_reasons, pass_k)
      values (${`ev-${++evaluations}`}, ${runId}, ${classification}, ${sqlBool(classification === 'TP' || classification === 'TN')}, '[]', ${passK()})`);

  return {
    async insertCompleted() {
      const other = await randomRun(judged);
      if (!other) return;
      write.run({ testCaseId: other.testCaseId, batchId: other.batchId, modelSettingsId: other.modelSettingsId, selected: pick([...tools, null]), samples: 3, confidence: pick([0.4, 1, null]), passK: rng() < 0.5, createdAt: at() });
      await write.flush();
    },
    /** pending -> running -> completed, the evaluation written before or after the completion. */
    async runLifecycle() {
      const other = await randomRun();
      if (!other) return;
      const id = write.run({ testCaseId: other.testCaseId, batchId: other.batchId, modelSettingsId: other.modelSettingsId, status: 'pending', samples: 3, createdAt: at() });
      await write.flush();
      const classification = pick(CLASSES) ?? 'TP';
      await run(sql`update test_runs set status = 'running', confidence_score = ${pick([0.4, 1])}, confidence_source = ${pick(['sample_agreement', null])} where id = ${id}`);
      const before = rng() < 0.5;
      if (before) await addEvaluation(id, classification);
      await withTransaction(async () => {
        await run(sql`update test_runs set status = 'completed', classification = ${classification}, tool_set_id = ${other.toolSetId} where id = ${id}`);
        if (!before) await addEvaluation(id, classification);
      });
    },
    async reclassify() {
      const picked = await randomRun(judgedOften());
      if (picked) await run(sql`update test_runs set classification = ${pick(CLASSES) ?? 'FN'} where id = ${picked.id}`);
    },
    async uncomplete() {
      const picked = await randomRun(judgedOften());
      if (picked) await run(sql`update test_runs set status = ${pick(['running', 'failed'] as const) ?? 'failed'} where id = ${picked.id}`);
    },
    async complete() {
      const picked = await randomRun(sql`status <> 'completed'`);
      if (picked) await run(sql`update test_runs set status = 'completed', classification = coalesce(classification, ${pick(CLASSES) ?? 'TP'}) where id = ${picked.id}`);
    },
    async unclassify() {
      const picked = await randomRun(judgedOften());
      if (picked) await run(sql`update test_runs set classification = null where id = ${picked.id}`);
    },
    async changeSamples() {
      const picked = await randomRun(judgedOften());
      if (picked) await run(sql`update test_runs set samples = ${pick([1, 3])}, confidence_score = ${pick([null, 0.5, 1])}, confidence_source = ${pick([null, 'sample_agreement', 'local_margin'])} where id = ${picked.id}`);
    },
    async moveInTime() {
      const picked = await randomRun(judgedOften());
      if (picked) await run(sql`update test_runs set created_at = ${at()} where id = ${picked.id}`);
    },
    async moveGroup() {
      const picked = await randomRun(judgedOften());
      const target = await randomRun();
      if (!picked || !target) return;
      const column = pick(['batch_id', 'tool_set_id', 'test_case_id', 'model_settings_id'] as const) ?? 'batch_id';
      const value = { batch_id: target.batchId, tool_set_id: target.toolSetId, test_case_id: target.testCaseId, model_settings_id: target.modelSettingsId }[column];
      await run(sql`update test_runs set ${sql.raw(column)} = ${value} where id = ${picked.id}`);
    },
    async setPassK() {
      const picked = await randomRun(judgedOften());
      if (picked) await run(sql`update evaluation_results set pass_k = ${passK()} where test_run_id = ${picked.id}`);
    },
    async deleteEvaluation() {
      const picked = await randomRun(judgedOften());
      if (picked) await run(sql`delete from evaluation_results where test_run_id = ${picked.id}`);
    },
    async addEvaluation() {
      const picked = await randomRun(sql`${judged} and ${withoutEvaluation}`);
      if (picked) await addEvaluation(picked.id, (await get<{ c: string }>(sql`select classification as c from test_runs where id = ${picked.id}`))?.c ?? 'TP');
    },
    async moveEvaluation() {
      const from = await randomRun(judgedOften());
      const to = await randomRun(withoutEvaluation);
      if (from && to) await run(sql`update evaluation_results set test_run_id = ${to.id} where test_run_id = ${from.id}`);
    },
    async deleteRun() {
      const picked = await randomRun(judgedOften());
      if (picked) await run(sql`delete from test_runs where id = ${picked.id}`);
    },
    /** One statement over every run of a (case, settings): re-classify them all, or delete all but one. */
    async wholeGroup() {
      const picked = await randomRun(judgedOften());
      if (!picked) return;
      const group = sql`test_case_id = ${picked.testCaseId} and model_settings_id is not distinct from ${picked.modelSettingsId}`;
      if (rng() < 0.5) await run(sql`update test_runs set classification = case when classification = 'TP' then 'FN' else 'TP' end, created_at = ${at()} where ${group} and classification is not null`);
      else await run(sql`delete from test_runs where ${group} and id <> ${picked.id}`);
    },
    async deleteModelSettings() {
      const existing = await ids(sql`select id from model_settings`);
      const id = pick(existing);
      if (id && existing.length > 2) await run(sql`delete from model_settings where id = ${id}`);
    },
    async deleteTestCase() {
      const existing = await ids(sql`select id from test_cases`);
      const id = pick(existing);
      if (id && existing.length > 4) await run(sql`delete from test_cases where id = ${id}`);
    },
    async deleteBatch() {
      const existing = await ids(sql`select id from run_batches`);
      const id = pick(existing);
      if (id && existing.length > 2) await run(sql`delete from run_batches where id = ${id}`);
    },
  };
}

describe('flaky_rollup', () => {
  it('holds the backfill of the runs after the writes, with groups of several runs, listings and failed pass^k', async () => {
    const shape = await get<{ groups: number; multi: number; failed: number; listed: number }>(
      sql`select count(*) as groups, sum(case when runs > 1 then 1 else 0 end) as multi, sum(e_all) as failed, sum(case when tool_set_key <> 0 then 1 else 0 end) as listed from flaky_rollup`,
    );
    expect(Number(shape?.multi)).toBeGreaterThan(10);
    expect(Number(shape?.failed)).toBeGreaterThan(5);
    expect(Number(shape?.listed)).toBeGreaterThan(10);
    await expectRollupExact('after the writes');
    expect((await selectFlakyPairsPerRun({})).some((p) => p.flippedToolSets > 0 && p.disagreeingRuns > 0)).toBe(true);
  });

  it('stays equal to its recomputation and the per-run pairs through random writes, deletes and cascades', async () => {
    const rng = seededRandom(23);
    const ops = makeOperations(rng);
    const seen = await runRandomOperations(rng, ops, { steps: 160, checkEvery: 10, check: expectRollupExact });
    expect(seen.sort()).toEqual(Object.keys(ops).sort());
  }, 120_000);

  it("is what this database's backfill writes from the same runs", async () => {
    const kept = numbers(await selectFlakyRollup(false));
    expect(kept.length).toBeGreaterThan(10);
    const file = isPostgres() ? 'db/migrations-pg/0011_flaky_rollup.sql' : 'db/migrations/0022_flaky_rollup.sql';
    const backfill = readFileSync(file, 'utf8').split('--> statement-breakpoint').find((st) => st.trim().startsWith('-- Backfill'));
    if (!backfill) throw new Error(`no backfill in ${file}`);
    await withTransaction(async () => {
      await run(sql`delete from flaky_rollup`);
      await run(sql.raw(backfill));
    });
    expect(numbers(await selectFlakyRollup(false))).toEqual(kept);
  });
});
