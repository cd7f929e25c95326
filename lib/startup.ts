import 'server-only';
import { prepareDatabase } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { recoverPendingAssessments } from '@/db/queries/run-confidence';
import { recoverInterruptedRuns } from '@/db/queries/runs';
import { getServersByNames, setServerStatus } from '@/db/queries/servers';
import { getEnv } from './env';
import { log } from './log';
import { startQueueWorker } from './queue/active';
import { checkAuthAtStartup } from './security/auth/policy';
import { checkConnectivity } from './mcp/client';
import { toConnection } from './servers/stored-secrets';
import { registerShutdown } from './shutdown';
import { DEMO_REGISTRATIONS, repointDemoServers, seedDemoData } from './seed/seed-demo';

const CHECK_ATTEMPTS = 5;
const CHECK_DELAY_MS = 1500;

/**
 * The demo servers live in this very process, which may not accept requests yet when
 * start-up runs: check them shortly after, retrying while the app comes up.
 */
async function checkDemoServersWhenListening(): Promise<void> {
  for (let attempt = 1; attempt <= CHECK_ATTEMPTS; attempt++) {
    await new Promise((r) => setTimeout(r, CHECK_DELAY_MS).unref());
    const rows = await getServersByNames(DEMO_REGISTRATIONS.map((r) => r.id));
    const results = await Promise.all(rows.map(async (row) => ({ row, check: await checkConnectivity(await toConnection(row)) })));
    const lastAttempt = attempt === CHECK_ATTEMPTS;
    for (const { row, check } of results) {
      if (check.ok || lastAttempt) await setServerStatus(row.id, check.ok ? { ok: true } : { ok: false, detail: check.detail });
    }
    if (results.every((r) => r.check.ok)) return;
  }
}

/** Runs once per server process (Next's instrumentation hook): migrate, seed, first checks. */
export async function runStartup(): Promise<void> {
  const env = getEnv();
  // Before anything else: an exposed instance without credentials must not come up at all.
  for (const warning of checkAuthAtStartup(env).warnings) log.warn(warning);
  await prepareDatabase(); // opens the database and applies pending migrations
  log.info('database ready', env.databaseUrl ? { database: 'postgres' } : { dataDir: env.dataDir });
  // Postgres (issue 20): other processes may be working right now; the queue's reaper recovers a dead process's runs instead.
  const recovered = isPostgres() ? { runs: 0, batches: 0 } : await recoverInterruptedRuns();
  if (recovered.runs || recovered.batches) log.warn('marked work interrupted by the last stop as failed', recovered);
  // Postgres: a process just started holds no batch yet; the runs pending an assessment are other live processes'.
  const unrated = await recoverPendingAssessments(isPostgres() ? [] : undefined);
  if (unrated) log.warn('runs whose self-assessment the last stop cut off are unrated', { runs: unrated });
  if (env.seedDemo) {
    const seeded = await seedDemoData(env.demoServerUrl);
    if (seeded.seeded) log.info('demo data seeded', { servers: seeded.servers, testCases: seeded.testCases, demoServerUrl: env.demoServerUrl });
  }
  const moved = await repointDemoServers(env.demoServerUrl);
  if (moved) log.info('demo servers now point at this address', { servers: moved, demoServerUrl: env.demoServerUrl });
  void checkDemoServersWhenListening().catch((err: unknown) =>
    log.warn('demo server check failed', { error: err instanceof Error ? err.message : String(err) }),
  );
  // Postgres: the app works its own keyed runs and a share of the rest, and watches for dead processes.
  if (isPostgres()) await startQueueWorker();
  // SIGTERM/SIGINT: running batches are marked interrupted and the database closed, within 5 s.
  registerShutdown();
}
