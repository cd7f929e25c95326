/**
 * The browser tests on Postgres (issue 20): starts a throwaway cluster (tests/helpers/postgres.ts),
 * logs every statement it runs (the API key sentinel reads that log too), then runs
 * `playwright test -c playwright.postgres.config.ts` with E2E_DATABASE_URL and E2E_PG_LOG set, and
 * stops the cluster whatever happened. Extra arguments go to Playwright.
 *
 *   npx tsx scripts/e2e-postgres.ts [spec or playwright option ...]
 *
 * Needs the production build (`npm run build`, or NEXT_DIST_DIR for an isolated one) and Chromium
 * (scripts/ensure-chromium.sh); Postgres binaries come from scripts/ensure-postgres.sh.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, startPostgres, stopOnExit } from '../tests/helpers/postgres';

async function logEveryStatement(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`ALTER SYSTEM SET log_statement = 'all'`);
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

function runPlaywright(env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn('npx', ['playwright', 'test', '-c', 'playwright.postgres.config.ts', ...process.argv.slice(2)], { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

async function main(): Promise<number> {
  const cluster = await startPostgres();
  stopOnExit(cluster);
  try {
    await logEveryStatement(cluster.url);
    const databaseUrl = await createDatabase(cluster.url, 'mcp_eval_e2e');
    console.info(`Postgres for the browser tests: ${databaseUrl} (started in ${Math.round(cluster.startMs)} ms)`);
    return await runPlaywright({ ...process.env, E2E_DATABASE_URL: databaseUrl, E2E_PG_LOG: path.join(path.dirname(cluster.dataDir), 'server.log') });
  } finally {
    await cluster.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
