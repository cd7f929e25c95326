import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeRun, getEvaluation, getRun } from '@/db/queries/runs';
import { isPostgres } from '@/db/dialect';
import { all, run } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { completionFixture } from './helpers/completion-fixture';

/**
 * The completions a worker's runs reach in the same turn (issue 20): on Postgres one call of
 * mcp_eval_complete_runs for all of them (one transaction), on SQLite one transaction each as
 * before. Either way each run answers for itself: a run that had ended is left as it was, and the
 * others' verdicts and evaluations land as if each had been completed alone.
 */

const { snapshot, values, evaluation, runningRuns } = await completionFixture('grouped');

describe('completions of one turn', () => {
  it('answer per run, leave an ended run alone, and on Postgres commit together', async () => {
    const [first, ...ids] = await runningRuns(6);
    // The listing is stored by the first run that shows it (in a transaction of its own); the runs after it find it.
    expect(await completeRun(first as string, snapshot, values(0), evaluation(0))).toBe(true);
    await run(sql`update test_runs set status = 'cancelled' where id = ${ids[2] as string}`);
    // All asked for in the same turn, as the runs of a worker whose answers arrive together.
    const answers = await Promise.all(ids.map((id, i) => completeRun(id, snapshot, values(i), evaluation(i))));
    expect(answers).toEqual([true, true, false, true, true]);
    for (const [i, id] of ids.entries()) {
      const row = await getRun(id);
      const ev = await getEvaluation(id);
      if (i === 2) {
        expect(row?.status).toBe('cancelled');
        expect(ev).toBeUndefined();
        continue;
      }
      expect(row).toMatchObject({ status: 'completed', classification: values(i).classification, selectedTool: values(i).selectedTool, inputTokens: 10 * i, executionTimeMs: 100 + i });
      expect(row?.toolSetId).not.toBeNull();
      expect(ev).toMatchObject({ classification: evaluation(i).classification, reasoning: `r${i}`, toolCorrect: i % 2 === 1 });
    }
    // A second completion of the same runs changes nothing.
    expect(await Promise.all(ids.map((id, i) => completeRun(id, snapshot, values(i + 1), evaluation(i + 1))))).toEqual([false, false, false, false, false]);
    if (isPostgres()) {
      const tx = await all<{ x: string }>(sql`select distinct xmin::text as x from evaluation_results where test_run_id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      expect(tx).toHaveLength(1);
    }
  });

  it('inside a caller\'s transaction complete there, one by one', async () => {
    const ids = await runningRuns(2);
    const answers = await withTransaction(async () => Promise.all(ids.map((id, i) => completeRun(id, snapshot, values(i), evaluation(i)))));
    expect(answers).toEqual([true, true]);
    for (const id of ids) expect((await getRun(id))?.status).toBe('completed');
  });

  it.skipIf(!isPostgres())('a group whose call fails completes its other runs alone (Postgres groups them)', async () => {
    const ids = await runningRuns(3);
    // A verdict the table refuses (confidence above 1 breaks ck_test_runs_confidence): only that run fails.
    const results = await Promise.allSettled(ids.map((id, i) => completeRun(id, snapshot, { ...values(i), confidenceScore: i === 1 ? 2 : 0.5 }, evaluation(i))));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await Promise.all(ids.map(async (id) => (await getRun(id))?.status))).toEqual(['completed', 'running', 'completed']);
  });
});
