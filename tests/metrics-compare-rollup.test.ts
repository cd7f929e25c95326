import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { selectBatchRunOutcomes, selectCaseOutcomePairs, type BatchRunOutcome, type CaseOutcomePair } from '@/db/queries/metrics-compare';
import { selectBatchRunOutcomesFromRuns, selectCaseOutcomePairsFromRuns } from '@/db/queries/metrics-compare-runs';
import { all, get, run } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { compareBatches, compareSignificance } from '@/lib/metrics/compare';
import { seededRandom } from '@/lib/seeded-random';
import { createRunWriter, writeSyntheticRuns, type SyntheticRuns } from './helpers/synthetic-runs';
import { runRandomOperations } from './helpers/random-operations';

/**
 * metrics_compare_rollup is kept by triggers on test_runs; the batch comparison reads it. These tests drive the
 * writes that change which run is a unit's latest or how its runs are counted (several runs per unit, failed runs,
 * re-classification, deletes, moves, SET NULL, cascades, statements over many runs) in random order and require
 * the comparison's reads from the rollup to equal the exact per-run reads (db/queries/metrics-compare-runs.ts).
 */

let data: SyntheticRuns;

beforeAll(async () => {
  data = await writeSyntheticRuns(900, { seed: 5, batches: 3, days: 3, failedShare: 0.1, testCases: 12, servers: 2 });
  // A second settings row with the same provider and model inside one batch: one unit with the first.
  const write = createRunWriter();
  const model = data.models[0];
  const twin = write.modelSettings({ provider: model?.provider ?? 'openai', model: model?.model ?? 'gpt-4o-mini' });
  const cases = await ids(sql`select id from test_cases order by id limit 4`);
  for (const [i, testCaseId] of cases.entries()) {
    write.run({ testCaseId, batchId: data.batchIds[0], modelSettingsId: twin, createdAt: `2025-01-0${1 + (i % 3)}T23:00:00.000Z`, selected: null });
  }
  await write.flush();
});

const ids = async (query: SQL) => (await all<{ id: string }>(query)).map((r) => r.id);

const pairKey = (p: CaseOutcomePair) => JSON.stringify([p.testCaseId, p.provider, p.model]);
const sortPairs = (pairs: CaseOutcomePair[]) => [...pairs].sort((x, y) => pairKey(x).localeCompare(pairKey(y)));
const outcomeKey = (o: BatchRunOutcome) => JSON.stringify([o.testCaseId, o.provider, o.model, o.classification]);
const sortOutcomes = (rows: BatchRunOutcome[]) => [...rows].map((o) => ({ ...o, runs: Number(o.runs) })).sort((x, y) => outcomeKey(x).localeCompare(outcomeKey(y)));

/** Every ordered pair of batches (and a batch with itself, and one that does not exist): rollup reads equal the per-run reads. */
async function expectRollupMatchesRuns(step: string): Promise<void> {
  const batches = [...(await ids(sql`select id from run_batches order by id`)), 'no-such-batch'];
  for (const a of batches) {
    const outcomes = sortOutcomes(await selectBatchRunOutcomes(a));
    expect(outcomes, `${step} / outcomes of ${a}`).toEqual(sortOutcomes(await selectBatchRunOutcomesFromRuns(a)));
    for (const b of batches) {
      const why = `${step} / ${a} vs ${b}`;
      expect(sortPairs(await selectCaseOutcomePairs(a, b)), why).toEqual(sortPairs(await selectCaseOutcomePairsFromRuns(a, b)));
    }
  }
  // The whole comparison (cases in order, changes, significance, shared cases) for one pair of batches.
  const [a, b] = batches;
  if (a && b) {
    const perRun = { pairs: selectCaseOutcomePairsFromRuns, outcomes: selectBatchRunOutcomesFromRuns };
    expect(await compareBatches(a, b), `${step} / comparison`).toEqual(await compareBatches(a, b, perRun));
    const fromRollup = compareSignificance(await selectBatchRunOutcomes(b), await selectBatchRunOutcomes(a));
    expect(fromRollup, `${step} / significance b vs a`).toEqual(compareSignificance(await selectBatchRunOutcomesFromRuns(b), await selectBatchRunOutcomesFromRuns(a)));
  }
}

const CLASSES = ['TP', 'FP', 'TN', 'FN'] as const;

/** The writes that move a unit's latest run or its counts, each a random instance drawn from the current rows. */
function makeOperations(rng: () => number) {
  const write = createRunWriter();
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(rng() * items.length)];
  const randomRun = (where: SQL = sql`true`) =>
    get<{ id: string; batchId: string | null; testCaseId: string; modelSettingsId: string | null }>(
      sql`select id, batch_id as "batchId", test_case_id as "testCaseId", model_settings_id as "modelSettingsId" from test_runs where ${where} order by random() limit 1`,
    );
  const judged = sql`status = 'completed' and classification is not null and batch_id is not null`;
  const caseIds = () => ids(sql`select id from test_cases`);
  const settingsIds = () => ids(sql`select id from model_settings`);
  const batchIds = () => ids(sql`select id from run_batches`);
  // Few distinct times, so keys tie on their first parts and the id decides.
  const at = () => `2025-01-0${1 + Math.floor(rng() * 3)}T${String(Math.floor(rng() * 3)).padStart(2, '0')}:00:00.000Z`;

  return {
    /** Another completed run (sample) of an existing unit, later or earlier than its latest. */
    async insertCompleted() {
      const other = await randomRun(judged);
      if (!other) return;
      write.run({ testCaseId: other.testCaseId, batchId: other.batchId, modelSettingsId: other.modelSettingsId, createdAt: at(), completedAt: rng() < 0.3 ? null : at(), selected: rng() < 0.5 ? null : undefined });
      await write.flush();
    },
    /** A failed or cancelled run, latest in time: never counted. */
    async insertFailed() {
      const other = await randomRun(judged);
      if (!other) return;
      write.run({ testCaseId: other.testCaseId, batchId: other.batchId, modelSettingsId: other.modelSettingsId, status: pick(['failed', 'cancelled'] as const), completedAt: '2025-01-09T00:00:00.000Z' });
      await write.flush();
    },
    /** pending -> running -> completed and judged, as the runner writes it. */
    async runLifecycle() {
      const testCaseId = pick(await caseIds());
      if (!testCaseId) return;
      const id = write.run({ testCaseId, batchId: pick(await batchIds()) ?? null, modelSettingsId: pick(await settingsIds()) ?? null, status: 'pending', createdAt: at(), completedAt: null });
      await write.flush();
      await run(sql`update test_runs set status = 'running' where id = ${id}`);
      await run(sql`update test_runs set status = 'completed', classification = ${pick(CLASSES) ?? 'TP'}, selected_server = 's', selected_tool = 't', completed_at = ${at()} where id = ${id}`);
    },
    /** The judge changes its mind about one run (often a unit's latest). */
    async reclassify() {
      const picked = await randomRun(judged);
      if (picked) await run(sql`update test_runs set classification = ${pick(CLASSES) ?? 'FN'}, selected_tool = ${pick(['a', 'b', null])} where id = ${picked.id}`);
    },
    /** A completed run set back (a re-run of the case): it stops counting. */
    async uncomplete() {
      const picked = await randomRun(judged);
      if (picked) await run(sql`update test_runs set status = ${pick(['running', 'failed'] as const) ?? 'failed'} where id = ${picked.id}`);
    },
    async unclassify() {
      const picked = await randomRun(judged);
      if (picked) await run(sql`update test_runs set classification = null where id = ${picked.id}`);
    },
    async moveInTime() {
      const picked = await randomRun(judged);
      if (picked) await run(sql`update test_runs set completed_at = ${rng() < 0.2 ? null : at()}, created_at = ${at()} where id = ${picked.id}`);
    },
    async moveToBatch() {
      const picked = await randomRun(judged);
      const batchId = rng() < 0.2 ? null : pick(await batchIds()) ?? null;
      if (picked) await run(sql`update test_runs set batch_id = ${batchId} where id = ${picked.id}`);
    },
    async moveToCase() {
      const picked = await randomRun(judged);
      const testCaseId = pick(await caseIds());
      if (picked && testCaseId) await run(sql`update test_runs set test_case_id = ${testCaseId} where id = ${picked.id}`);
    },
    async deleteRun() {
      const picked = await randomRun(judged);
      if (picked) await run(sql`delete from test_runs where id = ${picked.id}`);
    },
    /** One statement over every run of a unit: re-classify them all, or delete them all. */
    async wholeUnit() {
      const picked = await randomRun(judged);
      if (!picked) return;
      const unit = sql`batch_id = ${picked.batchId} and test_case_id = ${picked.testCaseId} and model_settings_id is not distinct from ${picked.modelSettingsId}`;
      if (rng() < 0.5) await run(sql`update test_runs set classification = case when classification = 'TP' then 'FN' else 'TP' end where ${unit} and classification is not null`);
      else await run(sql`delete from test_runs where ${unit} and id <> ${picked.id}`);
    },
    /** Several writes in one transaction, as completeRun and the judge make them. */
    async transaction() {
      const a = await randomRun(judged);
      const b = await randomRun(judged);
      if (!a || !b) return;
      await withTransaction(async () => {
        await run(sql`update test_runs set classification = 'FP' where id = ${a.id}`);
        await run(sql`update test_runs set completed_at = '2025-01-08T00:00:00.000Z' where id = ${b.id}`);
      });
    },
    /** ON DELETE SET NULL: the runs of a deleted settings row lose their model. */
    async deleteModelSettings() {
      const existing = await settingsIds();
      const id = pick(existing);
      if (id && existing.length > 1) await run(sql`delete from model_settings where id = ${id}`);
    },
    async deleteTestCase() {
      const existing = await caseIds();
      const id = pick(existing);
      if (id && existing.length > 4) await run(sql`delete from test_cases where id = ${id}`);
    },
    async deleteBatch() {
      const existing = await batchIds();
      const id = pick(existing);
      if (id && existing.length > 2) await run(sql`delete from run_batches where id = ${id}`);
    },
    async addBatch() {
      write.batch({ name: `b${Math.floor(rng() * 1e6)}` });
      await write.flush();
    },
  };
}

describe('metrics_compare_rollup', () => {
  it('holds what the per-run reads find after a bulk insert, several runs and two models per case', async () => {
    const shape = await get<{ units: number; runs: number; multi: number }>(
      sql`select count(*) as units, sum(tp + fp + tn + fn) as runs, sum(case when tp + fp + tn + fn > 1 then 1 else 0 end) as multi from metrics_compare_rollup`,
    );
    // The data has what the comparison must get right: units with several judged runs.
    expect(Number(shape?.multi)).toBeGreaterThan(10);
    expect(Number(shape?.runs)).toBe(Number((await get<{ n: number }>(sql`select count(*) as n from test_runs where status = 'completed' and classification is not null and batch_id is not null`))?.n));
    await expectRollupMatchesRuns('after the bulk insert');
  });

  it('stays equal to the per-run reads through random runs, re-classifications, moves, deletes and cascades', async () => {
    const rng = seededRandom(77);
    const ops = makeOperations(rng);
    const seen = await runRandomOperations(rng, ops, { steps: 120, checkEvery: 10, check: expectRollupMatchesRuns });
    expect(seen.sort()).toEqual(Object.keys(ops).sort());
  });

  it('finds the next latest run when the latest is deleted, and drops a unit whose last judged run goes', async () => {
    const write = createRunWriter();
    const testCaseId = write.testCase({ name: 'latest', expected: null });
    const batchId = write.batch({ name: 'latest' });
    const older = write.run({ testCaseId, batchId, selected: null, createdAt: '2025-03-01T00:00:00.000Z', completedAt: '2025-03-01T00:00:01.000Z' });
    const latest = write.run({ testCaseId, batchId, selected: { server: 's', name: 't' }, createdAt: '2025-03-01T00:00:00.000Z', completedAt: '2025-03-01T00:00:02.000Z' });
    await write.flush();
    const unit = async () => (await selectCaseOutcomePairs(batchId, batchId)).find((p) => p.testCaseId === testCaseId);
    expect(await unit()).toMatchObject({ aClassification: 'FP', aSelectedTool: 't' });
    await run(sql`delete from test_runs where id = ${latest}`);
    expect(await unit()).toMatchObject({ aClassification: 'TN', aSelectedTool: null });
    await run(sql`update test_runs set status = 'failed' where id = ${older}`);
    expect(await unit()).toBeUndefined();
    expect(await selectBatchRunOutcomes(batchId)).toEqual([]);
  });
});
