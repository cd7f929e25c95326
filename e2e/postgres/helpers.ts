import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { APP_LOG, WORKER_LOG } from './settings';

/*
 * What the Postgres specs share: the database the app and the worker use (E2E_DATABASE_URL, set
 * by scripts/e2e-postgres.ts), which process is which (from their logs), and who holds a run now.
 */

export type List<T> = { items: T[]; total: number };
export type Counts = { total: number; pending: number; running: number; completed: number; failed: number; cancelled: number };
export type Batch = { id: string; name: string; status: string; counts: Counts };

/** lib/queue/lease.ts: the advisory lock space a process holds a run's lock in, while it executes the run. */
const RUN_LOCK_SPACE = 0x6d_63_72;

let pool: pg.Pool | null = null;

/** The app's database, straight (for what no API shows: queue jobs, run locks, every row). */
export function db(): pg.Pool {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is not set (run through scripts/e2e-postgres.ts)');
  pool ??= new pg.Pool({ connectionString: url, max: 2, application_name: 'e2e-postgres-spec' });
  return pool;
}

export async function closeDb(): Promise<void> {
  await pool?.end();
  pool = null;
}

export function readLog(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The queue process id a log announces (`work queue ready` in the app, `worker started` in the worker). */
export async function processIdIn(file: string, msg: string): Promise<string> {
  const pattern = new RegExp(`"msg":"${msg}"[^\\n]*?"processId":"([0-9a-f-]{36})"`);
  let id = '';
  await expect
    .poll(
      () => {
        id = pattern.exec(readLog(file))?.[1] ?? '';
        return id;
      },
      { message: `${file} names its queue process`, timeout: 30_000 },
    )
    .not.toBe('');
  return id;
}

/** The app starts its queue at boot on Postgres (lib/startup.ts); the worker once it has migrated. */
export const appProcessId = () => processIdIn(APP_LOG, 'work queue ready');
export const workerProcessId = () => processIdIn(WORKER_LOG, 'worker started');

/** The connection name a process's lease uses (lib/queue/lease.ts), which holds its run locks. */
export const leaseName = (processId: string) => `mcp-eval-lease-${processId.slice(0, 8)}`;

/** The run locks held right now: which lease connection holds which run (by the lock's key, hashtext of the run id). */
async function runLocks(pool: pg.Pool = db()): Promise<{ name: string; key: string }[]> {
  const { rows } = await pool.query<{ name: string; key: string }>(
    `SELECT a.application_name AS name, l.objid::text AS key
       FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2 AND l.classid = $1::int::oid`,
    [RUN_LOCK_SPACE],
  );
  return rows;
}

/** The lease connections holding a run lock right now, with how many runs each. */
export async function runLockHolders(): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (const { name } of await runLocks()) held.set(name, (held.get(name) ?? 0) + 1);
  return held;
}

/**
 * Samples the run locks until `done` settles: the ids of the batch's runs each lease connection executed meanwhile
 * (on the app's database, or `pool`'s).
 */
export async function sampleRunLocks(batchId: string, done: Promise<unknown>, pool: pg.Pool = db()): Promise<Map<string, Set<string>>> {
  const keys = new Map<string, Set<string>>();
  let over = false;
  void done.finally(() => (over = true)).catch(() => undefined);
  while (!over) {
    for (const { name, key } of await runLocks(pool)) keys.set(name, (keys.get(name) ?? new Set()).add(key));
    await new Promise((r) => setTimeout(r, 25));
  }
  const { rows } = await pool.query<{ id: string; key: string }>(
    `SELECT id, (hashtext(id::text)::bigint & 4294967295)::text AS key FROM test_runs WHERE batch_id = $1`,
    [batchId],
  );
  const idOf = new Map(rows.map((r) => [r.key, r.id]));
  return new Map([...keys].map(([name, held]) => [name, new Set([...held].flatMap((k) => idOf.get(k) ?? []))]));
}

/** The frames of an SSE response body, in order. */
export function sseFrames(body: string): { event: string; data: unknown }[] {
  return body
    .split('\n\n')
    .map((block) => ({
      event: /^event: (.*)$/m.exec(block)?.[1] ?? '',
      data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown,
    }))
    .filter((f) => f.event !== '');
}

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

export async function batchNamed(request: APIRequestContext, name: string): Promise<Batch> {
  const batch = (await getJson<List<Batch>>(request, '/api/batches?limit=200')).items.find((b) => b.name === name);
  expect(batch, `batch "${name}" exists`).toBeTruthy();
  return batch as Batch;
}

export async function waitForBatchEnd(request: APIRequestContext, id: string, timeout = 45_000): Promise<Batch> {
  await expect
    .poll(async () => (await getJson<Batch>(request, `/api/batches/${id}`)).status, { timeout, intervals: [200, 500, 1000] })
    .not.toMatch(/^(pending|running)$/);
  return getJson<Batch>(request, `/api/batches/${id}`);
}

export const uniqueName = (label: string) => `e2e pg ${label} ${Date.now().toString(36)}`;

/** Everything that went wrong in the page: uncaught errors, console errors, API answers of 500 and above. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 500) errors.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  return errors;
}
