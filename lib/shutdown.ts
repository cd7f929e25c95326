import 'server-only';
import { closeDb } from '@/db/client';
import { recoverPendingAssessments } from '@/db/queries/run-confidence';
import { markStoppedJobsInterrupted, recoverInterruptedRuns } from '@/db/queries/runs';
import { isPostgres } from '@/db/dialect';
import { stopAllJobs } from './eval/run/jobs';
import { log } from './log';
import { stopRunQueue } from './queue/active';

/** In-flight runs get this long to end once aborted (stdio children killed, requests cancelled). */
export const SETTLE_MS = 2_000;
/** Whatever hangs, the process is gone by then: inside the 5 s orchestrators usually allow. */
export const HARD_EXIT_MS = 4_500;

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export class ShutdownError extends Error {
  constructor(signal: string) {
    super(`the app is stopping (${signal})`);
    this.name = 'ShutdownError';
  }
}

// Once per process, even if instrumentation or a dev reload runs start-up again.
const holder = globalThis as typeof globalThis & { __mcpEvalShutdown?: { stopping: Promise<number> | null } };

/**
 * Stops the app: no new batch work, in-flight runs aborted, every run and batch that was
 * under way marked interrupted (not cancelled: nobody asked), the database closed.
 * Answers the exit code.
 */
export function shutdown(signal: string): Promise<number> {
  const state = (holder.__mcpEvalShutdown ??= { stopping: null });
  state.stopping ??= stop(signal);
  return state.stopping;
}

async function stop(signal: string): Promise<number> {
  log.info('stopping', { signal });
  const started = performance.now();
  const { ids, settled } = stopAllJobs(new ShutdownError(signal));
  // Postgres (issue 20): queued runs still going here are left to the queue's reaper in the
  // processes that remain (keyless ones are retried, keyed ones end interrupted).
  const queue = isPostgres() ? stopRunQueue(SETTLE_MS, { leaveInFlight: true }) : Promise.resolve(0);
  await Promise.race([settled, new Promise((r) => setTimeout(r, SETTLE_MS).unref())]);
  await queue;
  const stopped = await markStoppedJobsInterrupted(ids);
  // Anything else under way (a job that had not settled, work started meanwhile); on Postgres other processes' work is not ours.
  const leftover = isPostgres() ? { runs: 0, batches: 0 } : await recoverInterruptedRuns();
  // A self-assessment that had not settled by now never will (the runs keep their verdicts).
  // On Postgres only this process's batches: other processes' assessments may still be in flight.
  await recoverPendingAssessments(isPostgres() ? ids : undefined);
  await closeDb();
  log.info('stopped', {
    signal,
    interruptedRuns: stopped.runs + leftover.runs,
    interruptedBatches: stopped.batches + leftover.batches,
    durationMs: Math.round(performance.now() - started),
  });
  return 0;
}

/**
 * Takes over SIGTERM and SIGINT. `next start` installs its own handler, which closes its HTTP
 * server and exits with 143 as soon as no request is open: that races the marking above
 * (batches left "running", the WAL not checkpointed) and a batch's open event stream keeps it
 * from exiting at all. Next's switch for this, NEXT_MANUAL_SIG_HANDLE, is read before the
 * instrumentation hook runs, so its listeners are removed here instead; the open sockets
 * close with the process.
 */
export function registerShutdown(exit: (code: number) => void = (code) => process.exit(code)): void {
  if (holder.__mcpEvalShutdown) return;
  holder.__mcpEvalShutdown = { stopping: null };
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, () => {
      setTimeout(() => {
        log.error('stopping took too long; exiting now', { signal, afterMs: HARD_EXIT_MS });
        exit(1);
      }, HARD_EXIT_MS).unref();
      void shutdown(signal).then(exit, (err: unknown) => {
        log.error('stopping failed', { error: err instanceof Error ? err.message : String(err) });
        exit(1);
      });
    });
  }
}
