import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { createTaskPool, type TaskPool } from '../eval/run/task-pool';
import { log } from '../log';
import { coalesce } from './coalesce';
import { LOCK_SPACE, lockHeldSql, openLease, withDdlLock, type Lease } from './lease';
import { createPostgresBus } from './notify';
import type { QueuedRun, QueueWorker, RunJobHandler, RunQueue, SignalBus, SqlExecutor } from './types';

/** Keyless runs: any worker of any process may take them. */
export const SHARED_QUEUE = 'runs';
const LOCAL_PREFIX = 'runs.p.';
/** The queue only this process consumes: runs whose API key lives in its memory. */
export const localQueueName = (processId: string): string => `${LOCAL_PREFIX}${processId}`;

export type PgBossQueueOptions = {
  connectionString: string;
  processId?: string;
  /** Runs that no live process can finish: keyed runs of a dead process, keyless ones out of retries. The engine marks them failed "interrupted". */
  onAbandoned: (runs: QueuedRun[], reason: string) => Promise<void>;
  /**
   * Single-case runs (no batch, not queued) that no live process holds: a dead process's
   * (holdRun). Given, the reaper looks for them in test_runs and hands them over to be ended.
   */
  onUnqueuedAbandoned?: (runIds: string[]) => Promise<void>;
  /**
   * Completed runs whose deferred self-assessment (RunJobContext.defer) a dead process was to
   * record: nobody holds their run lock any more. Given, the reaper hands them over to be unrated.
   */
  onAssessmentsAbandoned?: (runIds: string[]) => Promise<void>;
  /** How often this process looks for dead workers' runs (default 5 s). */
  reapEveryMs?: number;
  /** An active job whose run lock nobody holds for this long is a dead worker's (default 10 s; covers the fetch-to-lock gap). */
  orphanGraceMs?: number;
  /** Deliveries of a keyless run after its worker died (default 2). */
  retryLimit?: number;
  /** pg-boss's own expiry, a backstop behind the reaper: longer than any run may take (default 1 h). */
  expireInSeconds?: number;
  /** Idle poll when no wake-up signal arrives (default 1 s). */
  pollMs?: number;
  /** The lease connection is gone: this process's runs were aborted and it takes no more (a worker should exit and be restarted). */
  onLeaseLost?: (err: Error) => void;
};

type Job = PgBoss.JobWithMetadata<QueuedRun>;
/** A run this process executes: `working` while its handler runs (it holds a slot), then until its deferred work ends. */
type InFlight = { run: QueuedRun; controller: AbortController; done: Promise<void>; slot: Promise<void>; working: boolean };

function isQueuedRun(v: unknown): v is QueuedRun {
  const r = v as Partial<QueuedRun> | null;
  return !!r && typeof r.runId === 'string' && typeof r.batchId === 'string' && typeof r.keyed === 'boolean';
}

function sleep(ms: number, wake: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // A wake-up that came while the caller was busy (fetching) is not lost until the next poll.
    if (wake.aborted) return resolve();
    const t = setTimeout(done, ms);
    t.unref?.();
    function done() {
      clearTimeout(t);
      wake.removeEventListener('abort', done);
      resolve();
    }
    wake.addEventListener('abort', done, { once: true });
  });
}

/**
 * Postgres work queue on pg-boss 10. Jobs carry run ids (the job id is the run id, so a run is
 * queued once). Liveness and the single executor come from lease.ts's advisory locks; pg-boss
 * gives SKIP LOCKED claims, retries, cancel of queued jobs and transactional enqueue.
 */
export async function createPgBossQueue(options: PgBossQueueOptions): Promise<RunQueue & { bus: SignalBus; reap(): Promise<void> }> {
  const processId = options.processId ?? randomUUID();
  const localQueue = localQueueName(processId);
  const reapEveryMs = options.reapEveryMs ?? 5_000;
  const graceSeconds = (options.orphanGraceMs ?? 10_000) / 1000;
  const retryLimit = options.retryLimit ?? 2;
  const expireInSeconds = options.expireInSeconds ?? 3_600;
  const pollMs = options.pollMs ?? 1_000;

  const pool = new pg.Pool({ connectionString: options.connectionString, max: 4, application_name: `mcp-eval-queue-${processId.slice(0, 8)}` });
  pool.on('error', () => undefined);
  const boss = new PgBoss({ connectionString: options.connectionString, max: 4, supervise: true, maintenanceIntervalSeconds: 60, schedule: false, application_name: 'mcp-eval-pgboss' });
  boss.on('error', (err) => log.warn('pg-boss error', { error: err.message }));
  await withDdlLock(pool, () => boss.start());
  const bus = await createPostgresBus(options.connectionString);

  const inFlight = new Map<string, InFlight>();
  const abortAll = (reason: Error) => {
    for (const f of inFlight.values()) f.controller.abort(reason);
  };
  const lease: Lease = await openLease(options.connectionString, processId, (err) => {
    abortAll(new Error(`lease lost: ${err.message}`));
    options.onLeaseLost?.(err);
  });
  // After the process lock: a reaper that sees this queue sees its owner alive.
  await withDdlLock(pool, async () => {
    if (!(await boss.getQueue(SHARED_QUEUE))) await boss.createQueue(SHARED_QUEUE, { name: SHARED_QUEUE, policy: 'standard', retryLimit, expireInSeconds });
    await boss.createQueue(localQueue, { name: localQueue, policy: 'standard', retryLimit: 0, expireInSeconds });
  });

  const unsubscribeCancel = bus.subscribe((s) => {
    if (s.type !== 'cancel') return;
    for (const f of inFlight.values()) if (f.run.batchId === s.batchId) f.controller.abort(new Error('cancelled'));
  });

  /** Dead processes' keyed queues, and active keyless jobs whose run lock nobody holds. */
  async function reap(): Promise<void> {
    await lease.withReaperLock(async () => {
      const { rows: queues } = await pool.query<{ name: string }>(
        `SELECT name FROM pgboss.queue WHERE name LIKE $1 AND NOT ${lockHeldSql(String(LOCK_SPACE.process), `substr(name, ${LOCAL_PREFIX.length + 1})`)}`,
        [`${LOCAL_PREFIX}%`],
      );
      for (const { name } of queues) {
        const { rows } = await pool.query<{ data: unknown }>(`SELECT data FROM pgboss.job WHERE name = $1 AND state < 'completed'`, [name]);
        const runs = rows.map((r) => r.data).filter(isQueuedRun);
        if (runs.length) await options.onAbandoned(runs, 'interrupted: the process holding this batch\'s API key stopped before this run finished; run it again with the key');
        await withDdlLock(pool, () => boss.deleteQueue(name));
        log.warn('reaped the keyed queue of a stopped process', { queue: name, runs: runs.length });
      }
      if (options.onUnqueuedAbandoned) {
        // Older than the grace: a live process takes the lock right after it inserts the run.
        const { rows: single } = await pool.query<{ id: string }>(
          `SELECT r.id FROM test_runs r WHERE r.batch_id IS NULL AND r.status IN ('pending', 'running') AND r.created_at < $1
            AND NOT ${lockHeldSql(String(LOCK_SPACE.run), 'r.id')}`,
          [new Date(Date.now() - graceSeconds * 1000).toISOString()],
        );
        if (single.length) {
          await options.onUnqueuedAbandoned(single.map((r) => r.id));
          log.warn('single runs of a stopped process end interrupted', { runs: single.length });
        }
      }
      if (options.onAssessmentsAbandoned) {
        // A worker holds the run's lock from before its claim until its assessment is recorded.
        const { rows: unrated } = await pool.query<{ id: string }>(
          `SELECT r.id FROM run_batches b JOIN test_runs r ON r.batch_id = b.id
            WHERE b.status IN ('pending', 'running') AND r.status = 'completed' AND r.confidence_source IS NULL
              AND json_typeof(r.llm_response_raw) = 'object' AND r.llm_response_raw ->> 'assessmentPending' = 'true'
              AND r.completed_at < $1 AND NOT ${lockHeldSql(String(LOCK_SPACE.run), 'r.id')}`,
          [new Date(Date.now() - graceSeconds * 1000).toISOString()],
        );
        if (unrated.length) {
          await options.onAssessmentsAbandoned(unrated.map((r) => r.id));
          log.warn('self-assessments of a stopped process are unrated', { runs: unrated.length });
        }
      }
      const { rows: orphans } = await pool.query<{ id: string; data: unknown; retry_count: number; retry_limit: number }>(
        `SELECT j.id, j.data, j.retry_count, j.retry_limit FROM pgboss.job j
          WHERE j.name = $1 AND j.state = 'active' AND j.started_on < now() - make_interval(secs => $2)
            AND NOT ${lockHeldSql(String(LOCK_SPACE.run), 'j.id::text')}`,
        [SHARED_QUEUE, graceSeconds],
      );
      if (orphans.length === 0) return;
      await boss.fail(SHARED_QUEUE, orphans.map((o) => o.id));
      const exhausted = orphans.filter((o) => o.retry_count >= o.retry_limit).map((o) => o.data).filter(isQueuedRun);
      if (exhausted.length) await options.onAbandoned(exhausted, 'interrupted: every worker that took this run stopped before it finished; run it again');
      log.warn('runs of a stopped worker go back to the queue', { retried: orphans.length - exhausted.length, abandoned: exhausted.length });
    });
  }
  const reaper = setInterval(() => {
    reap().catch((err: unknown) => log.warn('queue reaper failed', { error: err instanceof Error ? err.message : String(err) }));
  }, reapEveryMs);
  reaper.unref?.();

  // A run's slot: held while its handler runs; the work it deferred (lock and signal kept) does not hold one.
  let working = 0;
  // One statement per queue for the jobs that end within 25 ms, not one each (the run's row is
  // already final; the job only has to stop looking active before the reaper's grace).
  const completeJob = coalesce<{ queue: string; id: string }>(
    async (jobs) => {
      for (const name of new Set(jobs.map((j) => j.queue))) await boss.complete(name, jobs.filter((j) => j.queue === name).map((j) => j.id));
    },
    { windowMs: 25 },
  );

  /** Starts a fetched job whose run lock this process took. */
  function execute(job: Job, queue: string, handler: RunJobHandler, afterPool: TaskPool): void {
    const run = job.data;
    const controller = new AbortController();
    setMaxListeners(0, controller.signal);
    let freeSlot = () => undefined as void;
    const entry: InFlight = { run, controller, done: Promise.resolve(), slot: new Promise<void>((resolve) => (freeSlot = resolve)), working: true };
    working++;
    const after: (() => Promise<void>)[] = [];
    entry.done = (async () => {
      try {
        try {
          await handler(run, { signal: controller.signal, attempt: job.retryCount, processId, defer: (task) => void after.push(task) });
          await completeJob({ queue, id: job.id });
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          log.error('run job failed', { runId: run.runId, error: message });
          await boss.fail(queue, job.id, { message }).catch(() => undefined);
          // No delivery left: the run must not stay running with nobody to end it.
          if (job.retryCount >= job.retryLimit) await options.onAbandoned([run], `failed: ${message}`.slice(0, 500)).catch(() => undefined);
        } finally {
          entry.working = false;
          working--;
          freeSlot();
        }
        // The deferred work (a self-assessment) in a pool as wide as the worker: at most twice
        // `concurrency` model calls, as the in-process runner allows.
        await Promise.all(after.map((task) => new Promise<void>((resolve) => afterPool.add(() => task().finally(resolve)))));
      } finally {
        await lease.releaseRun(run.runId).catch(() => undefined);
        inFlight.delete(job.id);
      }
    })();
    inFlight.set(job.id, entry);
  }

  /** The fetched jobs' run locks in one round trip; a job whose run another live process holds is done here. */
  async function start(jobs: Job[], queue: string, handler: RunJobHandler, afterPool: TaskPool): Promise<void> {
    const valid = jobs.filter((j) => isQueuedRun(j.data));
    for (const job of jobs) if (!isQueuedRun(job.data)) await boss.fail(queue, job.id, { message: 'not a run job' });
    const held = await lease.tryRuns(valid.map((j) => j.data.runId));
    const skipped: string[] = [];
    for (const job of valid) {
      if (held.has(job.data.runId)) execute(job, queue, handler, afterPool);
      // Another live process holds the run (pg-boss's backstop expiry fired on a long run): it finishes it.
      else skipped.push(job.id);
    }
    for (const id of skipped) await boss.complete(queue, id, { skipped: 'held by a live process' });
  }

  async function work(handler: RunJobHandler, { concurrency }: { concurrency: number }): Promise<QueueWorker> {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`worker concurrency must be a positive integer, got ${concurrency}`);
    let stopping = false;
    let wake = new AbortController();
    const nudge = () => wake.abort();
    const unsubscribeWake = bus.subscribe((s) => {
      if (s.type === 'wake') nudge();
    });
    const afterPool = createTaskPool(concurrency, (err) => log.error('deferred run work crashed', { error: err instanceof Error ? err.message : String(err) }));
    // One idle wait at a time: a loop turn woken by a freed slot keeps the pending one (its timer
    // and its listener on `wake`) instead of starting another each turn.
    let idle: Promise<void> | null = null;
    const loop = (async () => {
      while (!stopping) {
        let got = 0;
        if (concurrency - working > 0 && !lease.lost) {
          try {
            for (const queue of [localQueue, SHARED_QUEUE]) {
              const room = concurrency - working;
              if (room <= 0 || stopping) break;
              const jobs = await boss.fetch<QueuedRun>(queue, { batchSize: room, includeMetadata: true });
              got += jobs.length;
              if (jobs.length) await start(jobs, queue, handler, afterPool);
            }
          } catch (err) {
            log.warn('queue fetch failed', { error: err instanceof Error ? err.message : String(err) });
          }
        }
        if (got > 0 && working < concurrency) continue;
        // Full or idle: wait for a slot, a wake-up or the poll.
        const waiting = (idle ??= sleep(pollMs, wake.signal).then(() => void (idle = null)));
        const slots = [...inFlight.values()].filter((f) => f.working).map((f) => f.slot);
        await (working >= concurrency ? Promise.race([waiting, ...slots]) : waiting);
        if (wake.signal.aborted) wake = new AbortController();
      }
    })();
    return {
      get inFlight() {
        return inFlight.size;
      },
      async stop({ drainMs = 10_000, abortLeft = true } = {}) {
        stopping = true;
        nudge();
        unsubscribeWake();
        await loop;
        const settle = Promise.all([...inFlight.values()].map((f) => f.done));
        const timer = new AbortController();
        await Promise.race([settle, sleep(drainMs, timer.signal)]);
        timer.abort();
        if (inFlight.size && abortLeft) {
          abortAll(new Error('the worker is stopping'));
          await Promise.all([...inFlight.values()].map((f) => f.done));
        }
      },
    };
  }

  return {
    kind: 'pg-boss',
    processId,
    bus,
    reap,
    async enqueue(runs: readonly QueuedRun[], tx?: SqlExecutor) {
      if (runs.length === 0) return;
      const jobs: PgBoss.JobInsert<QueuedRun>[] = runs.map((r) => ({
        id: r.runId,
        name: r.keyed ? localQueue : SHARED_QUEUE,
        data: { runId: r.runId, batchId: r.batchId, keyed: r.keyed },
        retryLimit: r.keyed ? 0 : retryLimit,
        expireInSeconds,
      }));
      // One INSERT per chunk (pg-boss sends the rows as one JSON parameter).
      for (let i = 0; i < jobs.length; i += 1_000) await boss.insert(jobs.slice(i, i + 1_000), tx ? { db: tx as PgBoss.Db } : {});
      await bus.publish({ type: 'wake' }, tx);
    },
    work,
    async holdRun(runId: string) {
      if (!(await lease.tryRun(runId))) throw new Error(`run ${runId} is held by another process`);
      return () => lease.releaseRun(runId).catch(() => undefined);
    },
    async cancel(batchId: string) {
      const { rows } = await pool.query<{ name: string; ids: string[] }>(
        `SELECT name, array_agg(id::text) AS ids FROM pgboss.job WHERE data->>'batchId' = $1 AND state < 'active' GROUP BY name`,
        [batchId],
      );
      let dropped = 0;
      for (const { name, ids } of rows) {
        await boss.cancel(name, ids);
        dropped += ids.length;
      }
      await bus.publish({ type: 'cancel', batchId });
      return dropped;
    },
    async close() {
      clearInterval(reaper);
      unsubscribeCancel();
      abortAll(new Error('the queue is closing'));
      await Promise.all([...inFlight.values()].map((f) => f.done));
      // Keyed runs never started here can run nowhere else.
      const { rows } = await pool.query<{ data: unknown }>(`SELECT data FROM pgboss.job WHERE name = $1 AND state < 'completed'`, [localQueue]);
      const left = rows.map((r) => r.data).filter(isQueuedRun);
      if (left.length) await options.onAbandoned(left, 'interrupted: the process holding this batch\'s API key stopped before this run started; run it again with the key');
      await withDdlLock(pool, () => boss.deleteQueue(localQueue)).catch(() => undefined);
      await boss.stop({ graceful: false, wait: true, timeout: 1_000 });
      await bus.close();
      await lease.close();
      await pool.end();
    },
  };
}
