/**
 * `npm run worker`: a process that works queued runs on Postgres (issue 20), any number of them
 * on any machine next to the app. Needs DATABASE_URL=postgres://... (migrates if needed, like
 * the app). It takes keyless runs (local provider, OpenAI-compatible endpoints without a key)
 * from the shared queue, QUEUE_CONCURRENCY at once; runs that need an API key stay with the app
 * process that holds the key. SIGTERM/SIGINT drain: no new runs, in-flight ones get up to
 * 25 s to finish, and any still going are left to the other workers, which
 * retry them once this process's session (and its run locks) is gone.
 */
import { closeDb, prepareDatabase } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/log';
import { getRunQueue, onLeaseLost, startQueueWorker, stopRunQueue } from '@/lib/queue/active';

const DRAIN_MS = 25_000;

async function main(): Promise<void> {
  const env = getEnv();
  if (!isPostgres()) {
    log.error('npm run worker needs DATABASE_URL=postgres://... (on SQLite the app runs every batch itself)');
    process.exit(2);
  }
  await prepareDatabase();
  await startQueueWorker(env.queueConcurrency);
  const { queue } = await getRunQueue();
  log.info('worker started', { processId: queue.processId, concurrency: env.queueConcurrency });

  // Without its lease this process could not prove it still holds its runs: exit, the supervisor restarts it.
  onLeaseLost(() => process.exit(1));

  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      log.info('worker stopping', { signal, drainMs: DRAIN_MS });
      void stopRunQueue(DRAIN_MS, { leaveInFlight: true })
        .then(async (left) => {
          if (left) log.warn('worker leaves runs still going to the other workers', { runs: left });
          await closeDb();
          process.exit(0);
        })
        .catch((err: unknown) => {
          log.error('worker stop failed', { error: err instanceof Error ? err.message : String(err) });
          process.exit(1);
        });
    });
  }
}

main().catch((err: unknown) => {
  log.error('worker failed to start', { error: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
