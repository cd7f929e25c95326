import 'server-only';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../client';
import { affected, get } from '../sql';
import { assessmentPendingSql } from './run-confidence';
import { runBatches, testRuns } from '../tables';
import { nowIso } from './util';

/**
 * The rows the work queue (lib/queue, issue 20) moves: a queued run is claimed from pending
 * (or from running, when its first worker died and the queue retried it: the queue's run lock
 * guarantees that worker is gone), a batch starts once and ends once, whichever process ends
 * its last run. Both dialects.
 */

export type QueuedRunRow = { id: string; testCaseId: string; modelSettingsId: string | null; samples: number; batchId: string | null };

/**
 * Marks the runs running (one statement) and answers the rows of those that had not ended
 * (cancelled, completed, deleted runs are left out).
 */
export async function claimQueuedRuns(runIds: readonly string[]): Promise<QueuedRunRow[]> {
  if (runIds.length === 0) return [];
  return getDb()
    .update(testRuns)
    .set({ status: 'running', startedAt: nowIso() })
    .where(and(inArray(testRuns.id, [...runIds]), inArray(testRuns.status, ['pending', 'running'])))
    .returning({ id: testRuns.id, testCaseId: testRuns.testCaseId, modelSettingsId: testRuns.modelSettingsId, samples: testRuns.samples, batchId: testRuns.batchId });
}

/** pending -> running, once (the first run any process starts). */
export async function startQueuedBatch(batchId: string): Promise<void> {
  await getDb()
    .update(runBatches)
    .set({ status: 'running', startedAt: nowIso() })
    .where(and(eq(runBatches.id, batchId), eq(runBatches.status, 'pending')));
}

export async function getBatchStatus(batchId: string): Promise<string | undefined> {
  const rows = await getDb().select({ status: runBatches.status }).from(runBatches).where(eq(runBatches.id, batchId)).limit(1);
  return rows[0]?.status;
}

/**
 * Ends the batch when none of its runs is pending or running and no deferred self-assessment is
 * still to come (a worker settles after recording one): failed when every run failed,
 * else completed. Only from pending/running, so of several processes ending the last runs at
 * once exactly one writes it (and a cancelled batch stays cancelled). Answers the status it
 * wrote, or null.
 */
export async function finishBatchIfDone(batchId: string): Promise<'completed' | 'failed' | null> {
  const db = getDb();
  // Called after every run: the common answer (runs still open) is one indexed probe, not a count of the batch.
  const open = await db
    .select({ id: testRuns.id })
    .from(testRuns)
    .where(and(eq(testRuns.batchId, batchId), inArray(testRuns.status, ['pending', 'running'])))
    .limit(1);
  if (open.length > 0) return null;
  // A deferred self-assessment still to come (issue 19 on Postgres): the batch ends when it is in.
  if (await get(sql`select 1 as one from test_runs where batch_id = ${batchId} and ${assessmentPendingSql()} limit 1`)) return null;
  const rows = await db.select({ status: testRuns.status, n: count() }).from(testRuns).where(eq(testRuns.batchId, batchId)).groupBy(testRuns.status);
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  if (n('pending') + n('running') > 0) return null;
  const total = rows.reduce((sum, r) => sum + Number(r.n), 0);
  const status = total > 0 && n('failed') === total ? 'failed' : 'completed';
  const result = await db
    .update(runBatches)
    .set({ status, completedAt: nowIso(), ...(status === 'failed' ? { errorMessage: 'every run failed; see the runs for their errors' } : {}) })
    .where(and(eq(runBatches.id, batchId), inArray(runBatches.status, ['pending', 'running'])));
  return affected(result) > 0 ? status : null;
}

/** Runs no live process can finish: failed with `message` (re-runnable), if still pending or running. Answers their batches. */
export async function failAbandonedRuns(runIds: string[], message: string): Promise<string[]> {
  if (runIds.length === 0) return [];
  const rows = await getDb()
    .update(testRuns)
    .set({ status: 'failed', errorMessage: message.slice(0, 4000), completedAt: nowIso() })
    .where(and(inArray(testRuns.id, runIds), inArray(testRuns.status, ['pending', 'running'])))
    .returning({ batchId: testRuns.batchId });
  return [...new Set(rows.map((r) => r.batchId).filter((b): b is string => b !== null))];
}

/** Cancel from any process: the batch's queued runs end as cancelled, the batch too (in-flight runs end as their workers see the abort). */
export async function cancelQueuedBatch(batchId: string, message: string): Promise<boolean> {
  const db = getDb();
  await db
    .update(testRuns)
    .set({ status: 'cancelled', errorMessage: message, completedAt: nowIso() })
    .where(and(eq(testRuns.batchId, batchId), eq(testRuns.status, 'pending')));
  const result = await db
    .update(runBatches)
    .set({ status: 'cancelled', completedAt: nowIso() })
    .where(and(eq(runBatches.id, batchId), inArray(runBatches.status, ['pending', 'running'])));
  return affected(result) > 0;
}
