import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { isPostgres } from '@/db/dialect';
import { abandonPendingAssessments, INTERRUPTED_ASSESSMENT } from '@/db/queries/run-confidence';
import { cancelQueuedBatch, failAbandonedRuns } from '@/db/queries/run-queue';
import { countRunsByStatus } from '@/db/queries/runs';
import { all } from '@/db/sql';
import { getEnv } from '../env';
import { log } from '../log';
import type { ApiKeys } from '../providers/api-keys';
import type { ProviderId } from '../providers/catalog';
import { withTransaction } from '@/db/transaction';
import { createInProcessBatches } from './in-process-batches';
import { createInProcessQueue } from './in-process';
import { createPgBossQueue } from './pg-boss';
import { abandonRuns, createRunJobHandler, holdBatchKeys, needsKey, queuedRuns, settleBatch } from './run-jobs';
import type { BatchQueue, QueueWorker, RunQueue, SignalBus, SqlExecutor } from './types';

/**
 * This process's queue (Postgres: pg-boss; SQLite: memory) and its worker. The app creates it
 * on the first batch; `npm run worker` at start. Kept on globalThis so every route module
 * shares one.
 */
type Active = { queue: RunQueue & { bus: SignalBus }; batches: BatchQueue; worker: Promise<QueueWorker> | null };
const holder = globalThis as typeof globalThis & { __mcpEvalRunQueue?: Promise<Active>; __mcpEvalLeaseLost?: ((err: Error) => void)[] };

/**
 * Called when this process loses its lease connection (Postgres): its in-flight runs were
 * aborted and it works no more runs. `npm run worker` exits so its supervisor restarts it.
 */
export function onLeaseLost(listener: (err: Error) => void): void {
  (holder.__mcpEvalLeaseLost ??= []).push(listener);
}

export function getRunQueue(): Promise<Active> {
  holder.__mcpEvalRunQueue ??= open().catch((err: unknown) => {
    holder.__mcpEvalRunQueue = undefined;
    throw err;
  });
  return holder.__mcpEvalRunQueue;
}

async function open(): Promise<Active> {
  const env = getEnv();
  if (!isPostgres() || !env.databaseUrl) return { queue: createInProcessQueue(), batches: createInProcessBatches(), worker: null };
  const reapEveryMs = env.queueReapSeconds * 1000;
  const queue: Active['queue'] = await createPgBossQueue({
    connectionString: env.databaseUrl,
    reapEveryMs,
    orphanGraceMs: 2 * reapEveryMs,
    onAbandoned: (runs, reason) => abandonRuns(queue.bus)(runs, reason),
    onUnqueuedAbandoned: async (runIds) => void (await failAbandonedRuns(runIds, 'interrupted: the process running this single run stopped before it finished; run it again')),
    onAssessmentsAbandoned: async (runIds) => {
      for (const batchId of await abandonPendingAssessments(runIds, INTERRUPTED_ASSESSMENT)) await settleBatch(batchId, queue.bus);
    },
    onLeaseLost: (err) => {
      log.error('work queue lease lost: this process takes no more runs until it restarts', { error: err.message });
      for (const listener of holder.__mcpEvalLeaseLost ?? []) listener(err);
    },
  });
  log.info('work queue ready', { kind: queue.kind, processId: queue.processId });
  return { queue, batches: queuedBatches, worker: null };
}

/** Postgres: a batch's rows and its runs' jobs commit together; workers of any process run them. */
const queuedBatches: BatchQueue = {
  async submit({ write, models, keys }) {
    const batchId = await withTransaction(async () => {
      const { batchId, runIds } = await write();
      await enqueueBatch(batchId, runIds, models, keys);
      return batchId;
    });
    await startQueueWorker();
    return batchId;
  },
  async cancel(batchId, settleMs) {
    await cancelBatchEverywhere(batchId, settleMs);
  },
};

/** Starts this process working queued runs (once): the app for its keyed runs and its share of the rest, a worker for the rest. */
export async function startQueueWorker(concurrency = getEnv().queueConcurrency): Promise<QueueWorker> {
  const active = await getRunQueue();
  active.worker ??= active.queue.work(createRunJobHandler(active.queue.bus), { concurrency });
  return active.worker;
}

/**
 * Stops taking runs and waits for in-flight ones up to `drainMs`. Then, by default, aborts the
 * rest and closes the queue (keyed runs never started end interrupted). With `leaveInFlight`
 * (a worker about to exit) it answers how many runs are still going without touching them:
 * when the process ends, their locks go with its session and other workers retry them.
 */
export async function stopRunQueue(drainMs: number, { leaveInFlight = false } = {}): Promise<number> {
  const active = holder.__mcpEvalRunQueue;
  if (!active) return 0;
  holder.__mcpEvalRunQueue = undefined;
  const { queue, worker } = await active;
  const w = await worker;
  await w?.stop({ drainMs, abortLeft: !leaveInFlight });
  const left = w?.inFlight ?? 0;
  if (left > 0 && leaveInFlight) return left;
  await queue.close();
  return 0;
}

/** pg-boss's `db` option over the current drizzle transaction: `$n` placeholders bound as parameters. */
function currentTransaction(): SqlExecutor {
  return {
    async executeSql(text, values) {
      const query: SQL = sql.empty();
      let last = 0;
      for (const m of text.matchAll(/\$(\d+)/g)) {
        query.append(sql.raw(text.slice(last, m.index)));
        query.append(sql`${sql.param(values[Number(m[1]) - 1])}`);
        last = (m.index ?? 0) + m[0].length;
      }
      query.append(sql.raw(text.slice(last)));
      return { rows: await all(query) };
    },
  };
}

/**
 * Postgres: queues a new batch's runs inside the caller's open transaction (withTransaction),
 * so the batch and its jobs commit together. Runs whose provider gets a key from the request
 * go to this process's own queue and the keys stay in its memory; the rest go to the shared one.
 */
export async function enqueueBatch(batchId: string, runIds: readonly string[], models: readonly { provider: ProviderId }[], keys: ApiKeys): Promise<void> {
  const { queue } = await getRunQueue();
  const keyedByModel = models.map((m) => needsKey(m.provider, keys));
  if (keyedByModel.some(Boolean)) holdBatchKeys(batchId, keys);
  await queue.enqueue(queuedRuns(batchId, runIds, keyedByModel), currentTransaction());
}

/**
 * Postgres: cancel from any process. Queued runs and the batch end cancelled now; every
 * process aborts its in-flight runs of the batch, which end cancelled too. False when the batch had already ended.
 */
export async function cancelBatchEverywhere(batchId: string, settleMs = 0): Promise<boolean> {
  const { queue } = await getRunQueue();
  const cancelled = await cancelQueuedBatch(batchId, 'cancelled before it started');
  await queue.cancel(batchId);
  // Up to `settleMs` for the aborted runs to write their end, so the caller (and the progress
  // streams, told below) see the settled batch.
  for (const until = Date.now() + settleMs; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
    if (!(await countRunsByStatus([batchId])).get(batchId)?.running) break;
  }
  if (cancelled) await queue.bus.publish({ type: 'done', batchId, status: 'cancelled' });
  return cancelled;
}
