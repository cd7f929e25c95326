import pg from 'pg';
import { log } from '../log';
import { coalesce } from './coalesce';

/**
 * Liveness on Postgres without a home-made heartbeat table: session advisory locks on one
 * dedicated connection per process. The process holds (PROCESS, hash(processId)) for its
 * lifetime and (RUN, hash(runId)) while it executes a run. When the process dies, Postgres
 * ends its session and every lock goes with it, so "is anyone still running this?" is a look
 * at pg_locks, and a second process can never take a run another live one holds.
 * hashtext collisions only make a dead holder look alive (reaping waits), never the reverse.
 */
export const LOCK_SPACE = { process: 0x6d_63_70, run: 0x6d_63_72, reaper: 0x6d_63_7a, ddl: 0x6d_63_64 } as const;

/** SQL: true when some session holds the advisory lock (space, hashtext(key)). `$space` and `key` are SQL fragments. */
export function lockHeldSql(space: string, key: string): string {
  return `EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND l.classid = (${space})::oid AND l.objid = (hashtext(${key})::bigint & 4294967295)::oid AND l.objsubid = 2)`;
}

export type Lease = {
  /** Takes the run's lock unless another session holds it. */
  tryRun(runId: string): Promise<boolean>;
  /** tryRun for several runs in one round trip: the ones whose lock this process now holds. */
  tryRuns(runIds: readonly string[]): Promise<Set<string>>;
  /** Releases are grouped: the ones asked for within 25 ms go in one statement. */
  releaseRun(runId: string): Promise<void>;
  /** One reaping pass at a time across all processes. */
  withReaperLock<T>(fn: () => Promise<T>): Promise<T | null>;
  readonly lost: boolean;
  close(): Promise<void>;
};

export async function openLease(connectionString: string, processId: string, onLost: (err: Error) => void): Promise<Lease> {
  // TCP keepalive: a half-open connection is noticed in seconds, not after the OS default of hours.
  const client = new pg.Client({ connectionString, application_name: `mcp-eval-lease-${processId.slice(0, 8)}`, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  let lost = false;
  let closing = false;
  client.on('error', (err) => {
    if (closing || lost) return;
    lost = true;
    log.error('queue lease connection lost: in-flight runs are aborted', { processId, error: err.message });
    onLost(err);
  });
  client.on('end', () => {
    if (closing || lost) return;
    lost = true;
    onLost(new Error('lease connection ended'));
  });
  await client.connect();
  await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE.process, processId]);

  // One statement at a time on the connection (pg deprecates overlapping client.query calls).
  let tail: Promise<unknown> = Promise.resolve();
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> => {
    const next = tail.then(() => client.query<R>(text, values));
    tail = next.catch(() => undefined);
    return next;
  };
  const tryLock = async (space: number, key: string): Promise<boolean> => {
    const { rows } = await query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [space, key]);
    return rows[0]?.ok === true;
  };
  const unlock = async (space: number, key: string): Promise<void> => {
    if (lost) return;
    await query('SELECT pg_advisory_unlock($1, hashtext($2))', [space, key]);
  };

  const releaseRuns = coalesce<string>(
    async (runIds) => {
      if (lost) return;
      await query('SELECT pg_advisory_unlock($1, hashtext(k)) FROM unnest($2::text[]) k', [LOCK_SPACE.run, runIds]);
    },
    { windowMs: 25 },
  );

  return {
    tryRun: (runId) => (lost ? Promise.resolve(false) : tryLock(LOCK_SPACE.run, runId)),
    async tryRuns(runIds) {
      if (lost || runIds.length === 0) return new Set();
      const { rows } = await query<{ k: string; ok: boolean }>('SELECT k, pg_try_advisory_lock($1, hashtext(k)) AS ok FROM unnest($2::text[]) k', [LOCK_SPACE.run, runIds]);
      return new Set(rows.filter((r) => r.ok).map((r) => r.k));
    },
    releaseRun: releaseRuns,
    async withReaperLock(fn) {
      if (lost || !(await tryLock(LOCK_SPACE.reaper, 'reaper'))) return null;
      try {
        return await fn();
      } finally {
        await unlock(LOCK_SPACE.reaper, 'reaper').catch(() => undefined);
      }
    },
    get lost() {
      return lost;
    },
    async close() {
      closing = true;
      await client.end().catch(() => undefined);
    },
  };
}

/**
 * pg-boss creates and drops a partition table per queue: two processes doing that at once (two
 * workers starting together, a reaper dropping a dead process's queue) deadlocked in testing,
 * so queue DDL runs one process at a time, under a session lock on a pooled connection.
 */
export async function withDdlLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCK_SPACE.ddl, 'pg-boss']);
    try {
      return await fn();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE.ddl, 'pg-boss']);
    }
  } finally {
    client.release();
  }
}
