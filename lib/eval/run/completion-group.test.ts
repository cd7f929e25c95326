/**
 * A batch's grouped completions (issue 19): the verdicts of the runs finishing in the same stretch
 * share one SQLite transaction, and each run still answers for itself, as completeRun does.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { completeRuns, getEvaluation, getRun, getSnapshot } from '@/db/queries/runs';
import { run } from '@/db/sql';
import { completionFixture } from '@/tests/helpers/completion-fixture';
import { groupedCompletions } from './completion-group';

const { snapshot, values, evaluation, runningRuns } = await completionFixture('grouped-sqlite');

const statuses = (ids: string[]) => Promise.all(ids.map(async (id) => (await getRun(id))?.status));

describe('completeRuns', () => {
  it('answers per run in one group: an ended run is left as it was, the others land whole', async () => {
    const ids = await runningRuns(3);
    await run(sql`update test_runs set status = 'failed', error_message = 'interrupted' where id = ${ids[1] as string}`);
    const results = await completeRuns(ids.map((id, i) => ({ id, snapshot, values: values(i), evaluation: evaluation(i) })));
    expect(results).toEqual([
      { status: 'fulfilled', value: true },
      { status: 'fulfilled', value: false },
      { status: 'fulfilled', value: true },
    ]);
    expect(await statuses(ids)).toEqual(['completed', 'failed', 'completed']);
    expect((await getRun(ids[1] as string))?.errorMessage).toBe('interrupted');
    expect(await getEvaluation(ids[1] as string)).toBeUndefined();
    expect((await getSnapshot(ids[1] as string)).length).toBe(0);
    for (const [i, id] of [[0, ids[0]], [2, ids[2]]] as [number, string][]) {
      expect((await getSnapshot(id)).map((t) => t.exposedName)).toEqual(['lookup']);
      expect(await getEvaluation(id)).toMatchObject({ classification: evaluation(i).classification, reasoning: `r${i}`, toolCorrect: false });
    }
    expect((await getRun(ids[2] as string))?.executionTimeMs).toBe(102);
  });

  it('a completion the table refuses fails alone; the rest of its group still lands', async () => {
    const ids = await runningRuns(3);
    // A confidence above 1 breaks ck_test_runs_confidence: the group's transaction is undone, then each is tried alone.
    const results = await completeRuns(ids.map((id, i) => ({ id, snapshot, values: values(i, i === 1 ? 2 : 0.5), evaluation: evaluation(i) })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await statuses(ids)).toEqual(['completed', 'running', 'completed']);
  });
});

describe('groupedCompletions', () => {
  it('writes the completions asked for together in one group, each with its own answer', async () => {
    const ids = await runningRuns(4);
    await run(sql`update test_runs set status = 'cancelled' where id = ${ids[3] as string}`);
    const complete = groupedCompletions();
    const answers = Promise.allSettled(ids.map((id, i) => complete(id, snapshot, values(i, i === 2 ? 7 : null), evaluation(i))));
    // Nothing is written before the group's turn.
    expect(await statuses(ids)).toEqual(['running', 'running', 'running', 'cancelled']);
    expect((await answers).map((r) => (r.status === 'fulfilled' ? r.value : 'error'))).toEqual([true, true, 'error', false]);
    expect(await statuses(ids)).toEqual(['completed', 'completed', 'running', 'cancelled']);
  });
});
