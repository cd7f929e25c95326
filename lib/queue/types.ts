/**
 * lib/queue/: where a batch's runs wait and who works them (issue 20). Two implementations
 * behind one shape: in-process.ts + in-process-batches.ts (SQLite, one process: today's
 * in-process runner, jobs.ts; createBatch reaches it through getRunQueue().batches) and
 * pg-boss.ts (Postgres: pg-boss jobs any worker process claims, per-process queues for runs
 * that need a key only that process holds). notify.ts carries progress and cancel between
 * processes. The run engine (lib/eval/run/batch.ts) decides what a run is; the queue only
 * decides where and when it runs, and that it ends once.
 */

import type { JobEvent } from '../eval/api/dto';
import type { ApiKeys } from '../providers/api-keys';
import type { ProviderId } from '../providers/catalog';

/** One queued run. `keyed`: it needs an API key that only the enqueueing process holds (in memory). */
export type QueuedRun = { runId: string; batchId: string; keyed: boolean };

/**
 * Raw SQL on a connection the caller chose: inside the caller's open transaction, so what is
 * enqueued commits or rolls back with the batch's rows (pg-boss's `db` option has this shape).
 */
export type SqlExecutor = { executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

export type RunJobContext = {
  /** Aborted when the batch is cancelled (from any process), the lease is lost, or the worker stops. */
  signal: AbortSignal;
  /** 0 on the first delivery; a retry after its worker died counts up. */
  attempt: number;
  /** The process working the run (for logs). */
  processId: string;
  /**
   * Where the queue takes work that follows the run's verdict (its self-assessment): the run's
   * slot goes to the next run at once, while this process keeps the run's lock and `signal`
   * until the task ends, so the task sees cancels and a dead process's task is found by the
   * reaper. Absent (the in-process queue): the handler does that work before it returns.
   */
  defer?: (task: () => Promise<void>) => void;
};

/**
 * Executes one run to its final row (completed, failed or cancelled) and resolves. While it
 * runs, no other process executes the same run (the queue holds the run's lease); a handler
 * must still end a run only from 'running' (a conditional UPDATE), which makes a second
 * delivery of an already ended run a no-op.
 */
export type RunJobHandler = (run: QueuedRun, ctx: RunJobContext) => Promise<void>;

/**
 * Work a process does for the queue. `stop` takes no new runs and waits for in-flight ones up to
 * `drainMs`; then aborts them, or with `abortLeft: false` returns with them still running (a
 * worker about to exit leaves them to the reaper, which retries them elsewhere).
 */
export type QueueWorker = { stop(options?: { drainMs?: number; abortLeft?: boolean }): Promise<void>; readonly inFlight: number };

export interface RunQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** This process's id (the name of its keyed queue on Postgres). */
  readonly processId: string;
  /** Queues runs; on Postgres inside `tx` when given (a rolled-back transaction leaves no job). */
  enqueue(runs: readonly QueuedRun[], tx?: SqlExecutor): Promise<void>;
  /** Claims and executes runs, at most `concurrency` at once, until stopped. */
  work(handler: RunJobHandler, options: { concurrency: number }): Promise<QueueWorker>;
  /**
   * Marks a run this process executes outside the queue (a single-case run) as held by it until
   * the answered release: on Postgres the run's lock on this process's lease, so when the process
   * dies the reaper ends the run failed "interrupted" instead of leaving it running. In memory: nothing to do.
   */
  holdRun(runId: string): Promise<() => Promise<void>>;
  /** Drops the batch's queued runs and aborts its in-flight ones in every process. Answers how many queued runs were dropped. */
  cancel(batchId: string): Promise<number>;
  close(): Promise<void>;
}

/** The whole batch worked in this process: answers its final status (the in-process runner, lib/eval/run/batch.ts). */
export type BatchRunner = (batchId: string, signal: AbortSignal, emit: (e: JobEvent) => void) => Promise<string>;

/** A new batch for the queue. */
export type BatchSubmission = {
  /** Writes the batch and its pending runs; on Postgres inside the transaction that queues them. */
  write: () => Promise<{ batchId: string; runIds: readonly string[] }>;
  models: readonly { provider: ProviderId }[];
  /** Request-scoped keys: held in this process's memory only. */
  keys: ApiKeys;
  /** Used where the queue is this process (SQLite): per-batch concurrency, circuit breakers, deferred self-assessments. */
  runHere: BatchRunner;
};

/**
 * Whole batches through the queue, whichever it is: the in-process one runs a batch as one
 * job of this process (jobs.ts: its events, cancel, shutdown marking); pg-boss queues its runs
 * for the workers of every process (per-run RunQueue above).
 */
export interface BatchQueue {
  /** Writes the batch (with its queued runs, atomically where the queue is a database) and starts it; answers its id. */
  submit(batch: BatchSubmission): Promise<string>;
  /** Stops the batch's queued and in-flight runs wherever they are; waits up to `settleMs` for in-flight ones to end. */
  cancel(batchId: string, settleMs: number): Promise<void>;
}

/** What a batch's progress stream hears: small ids only, subscribers re-read the state. */
export type QueueSignal =
  | { type: 'run'; batchId: string; runId: string }
  | { type: 'done'; batchId: string; status: string }
  | { type: 'cancel'; batchId: string }
  /** New runs were queued: idle workers fetch at once instead of at their next poll. */
  | { type: 'wake' };

export interface SignalBus {
  /** On Postgres inside `tx` when given: delivered only if it commits. */
  publish(signal: QueueSignal, tx?: SqlExecutor): Promise<void>;
  subscribe(listener: (signal: QueueSignal) => void): () => void;
  close(): Promise<void>;
}
