import 'server-only';
import { getBatchStatus } from '@/db/queries/run-queue';
import { getRun } from '@/db/queries/runs';
import type { JobEvent } from '../eval/api/dto';
import { getRunQueue } from './active';

/** A lost NOTIFY (a reconnect) must not leave a stream open forever: the batch's row is read this often too. */
const POLL_MS = 2_000;
const ENDED = new Set(['completed', 'failed', 'cancelled', 'interrupted']);

/**
 * Postgres: a batch's progress from whichever process works it, as the in-process job events
 * (jobs.ts subscribeJob) look. NOTIFY carries ids; the run's outcome is read back from its row.
 * Null when the batch is not pending or running (nothing more will happen).
 */
export async function subscribeBatchEvents(batchId: string, listener: (e: JobEvent) => void): Promise<(() => void) | null> {
  const { queue } = await getRunQueue();
  let ended = false;
  const end = (status: string) => {
    if (ended) return;
    ended = true;
    listener({ type: 'done', status });
  };
  // Run rows are read back asynchronously: one chain keeps the events in the order they were signalled.
  let chain: Promise<void> = Promise.resolve();
  const unsubscribe = queue.bus.subscribe((s) => {
    if (ended || !('batchId' in s) || s.batchId !== batchId) return;
    if (s.type === 'done') {
      chain = chain.then(() => end(s.status));
      return;
    }
    if (s.type !== 'run') return;
    chain = chain
      .then(async () => {
        const run = await getRun(s.runId);
        if (!run || ended) return;
        listener({ type: 'run', runId: run.id, testCaseId: run.testCaseId, status: run.status, classification: run.classification, errorMessage: run.errorMessage });
      })
      .catch(() => undefined);
  });
  // Subscribed first, then read: a batch that ends in between is seen by one or the other.
  const status = await getBatchStatus(batchId);
  if (!status || ENDED.has(status)) {
    unsubscribe();
    return null;
  }
  const poll = setInterval(() => {
    void getBatchStatus(batchId).then((s) => {
      if (!s || ENDED.has(s)) chain = chain.then(() => end(s ?? 'deleted'));
    });
  }, POLL_MS);
  poll.unref?.();
  return () => {
    ended = true;
    clearInterval(poll);
    unsubscribe();
  };
}

/**
 * subscribeBatchEvents shaped like jobs.ts's subscribeJob (synchronous, null when there is
 * nothing to follow), for the SSE stream: subscribes now and holds the events that arrive
 * before the stream attaches its listener.
 */
export async function openBatchEvents(batchId: string): Promise<(listener: (e: JobEvent) => void) => (() => void) | null> {
  const held: JobEvent[] = [];
  let deliver: (e: JobEvent) => void = (e) => void held.push(e);
  const unsubscribe = await subscribeBatchEvents(batchId, (e) => deliver(e));
  return (listener) => {
    if (!unsubscribe) return null;
    deliver = listener;
    for (const e of held.splice(0)) listener(e);
    return unsubscribe;
  };
}
