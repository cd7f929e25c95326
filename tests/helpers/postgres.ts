/**
 * A throwaway Postgres cluster for tests (issue 20): Debian's server binaries (installed by
 * scripts/ensure-postgres.sh), a data folder under the OS temp dir, trust authentication on
 * 127.0.0.1 at a free port, no fsync. `startPostgres()` gives a `postgres://` URL and a stop()
 * that shuts the server down and removes the folder. As root the binaries run as the
 * `postgres` user (initdb refuses root); otherwise as the current user.
 *
 * Two shapes: call startPostgres() in a test file's beforeAll, or use this module as a vitest
 * globalSetup (`setup`/`teardown` below) so the whole run shares one cluster: it provides
 * `postgresUrl`, and each file takes its own database with createDatabase(). Files read it
 * with vitest's inject('postgresUrl') and fall back to their own cluster when it is not provided.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, chownSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type PostgresCluster = {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** Milliseconds from initdb to accepting connections. */
  startMs: number;
  stop(): Promise<void>;
};

/** The folder holding initdb and pg_ctl: PG_BINDIR, else Debian's newest /usr/lib/postgresql/N/bin, else PATH. */
export function postgresBinDir(): string | null {
  const fromEnv = process.env.PG_BINDIR;
  if (fromEnv && existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    const newest = versions[0];
    if (newest !== undefined) return path.join(root, newest, 'bin');
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

/** uid/gid of the `postgres` user, when running as root (initdb will not run as root). */
function serverUser(): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('Running as root and there is no postgres user to run the server as (install the postgresql package)');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function runAs(user: { uid: number; gid: number } | null, file: string, args: string[]): Promise<void> {
  try {
    await run(file, args, { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C' }, timeout: 60_000 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`${path.basename(file)} failed: ${e.stderr || e.message}`);
  }
}

export async function startPostgres(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('Postgres server binaries not found: run scripts/ensure-postgres.sh (or set PG_BINDIR)');
  const user = serverUser();
  const started = performance.now();
  const root = mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-pg-'));
  if (user) chownSync(root, user.uid, user.gid);
  const dataDir = path.join(root, 'data');
  await runAs(user, path.join(bin, 'initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    try {
      await runAs(user, path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', options, '-l', path.join(root, 'server.log'), '-w', '-t', '30', 'start']);
      break;
    } catch (err) {
      // Another process may have taken the port between the probe and the start.
      if (attempt >= 2) throw err;
    }
  }
  const startMs = performance.now() - started;
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    startMs,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await runAs(user, path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** A fresh, empty database in the cluster at `clusterUrl`; returns its URL. */
export async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Bad database name: ${name}`);
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Kill the server if the test process exits without stop() (a crashed run must not leave one behind). */
export function stopOnExit(cluster: PostgresCluster): void {
  process.once('exit', () => {
    try {
      process.kill(Number(readFileSync(path.join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGKILL');
    } catch {
      // already stopped
    }
    rmSync(path.dirname(cluster.dataDir), { recursive: true, force: true });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

type GlobalSetupContext = { provide(key: 'postgresUrl', value: string): void };
let shared: PostgresCluster | null = null;

/** vitest globalSetup: one cluster for the whole run, its URL provided as `postgresUrl`. */
export async function setup(context: GlobalSetupContext): Promise<void> {
  shared = await startPostgres();
  context.provide('postgresUrl', shared.url);
}

export async function teardown(): Promise<void> {
  await shared?.stop();
  shared = null;
}
