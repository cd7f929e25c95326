/**
 * The Postgres work queue (lib/queue/pg-boss.ts, issue 20) on a real Postgres: jobs enqueued
 * inside a transaction, two consumers on one queue, a consumer SIGKILLed mid-run (a child
 * process), cancel across processes, per-process keyed queues and NOTIFY progress. Each queue
 * instance has its own connections (pool, LISTEN, advisory-lock lease), so to Postgres it is
 * a process of its own; the kill and the cancel use a real second process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import PgBoss from 'pg-boss';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPostgresBus } from '@/lib/queue/notify';
import { createPgBossQueue, SHARED_QUEUE } from '@/lib/queue/pg-boss';
import type { QueuedRun, QueueSignal, SqlExecutor } from '@/lib/queue/types';
import { createDatabase, postgresBinDir, startPostgres, stopOnExit, type PostgresCluster } from './helpers/postgres';

const bin = postgresBinDir();
if (!bin) console.warn('Postgres queue tests skipped: no Postgres server binaries (run scripts/ensure-postgres.sh)');

type Queue = Awaited<ReturnType<typeof createPgBossQueue>>;

describe.skipIf(!bin)('pg-boss run queue on Postgres', () => {
  let cluster: PostgresCluster | null = null;
  let url: string;
  let pool: pg.Pool;
  const open: { close(): Promise<void> }[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    let clusterUrl: string | undefined = inject('postgresUrl');
    if (!clusterUrl) {
      cluster = await startPostgres();
      stopOnExit(cluster);
      clusterUrl = cluster.url;
    }
    url = await createDatabase(clusterUrl, `queue_${process.pid}`);
    pool = new pg.Pool({ connectionString: url, max: 4 });
    pool.on('error', () => undefined);
    // Stands in for test_runs: how often each run was executed and how it ended.
    await pool.query(`CREATE TABLE runs (id text PRIMARY KEY, executions int NOT NULL DEFAULT 0, status text NOT NULL DEFAULT 'pending', ended_by text)`);
  }, 60_000);

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    for (const q of open.reverse()) await q.close().catch(() => undefined);
    await pool?.end();
    await cluster?.stop();
  }, 60_000);

  async function queue(options: Partial<Parameters<typeof createPgBossQueue>[0]> = {}): Promise<Queue> {
    const q = await createPgBossQueue({ connectionString: url, onAbandoned: async () => undefined, pollMs: 100, ...options });
    open.push(q);
    return q;
  }

  async function insertRuns(n: number, batchId: string, keyed = false): Promise<QueuedRun[]> {
    const runs = Array.from({ length: n }, () => ({ runId: randomUUID(), batchId, keyed }));
    await pool.query(`INSERT INTO runs (id) SELECT unnest($1::text[])`, [runs.map((r) => r.runId)]);
    return runs;
  }

  /** The handler's half of "ends once": only a running (or retried) run ends, and only once. */
  async function endRun(runId: string, by: string): Promise<void> {
    await pool.query(`UPDATE runs SET status = 'completed', ended_by = $2 WHERE id = $1 AND status = 'pending'`, [runId, by]);
  }

  async function waitFor<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const v = await fn();
      if (v) return v;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  function child(mode: 'hang' | 'keyed-hang' | 'cancel'): { proc: ChildProcess; lines: string[]; line(prefix: string): Promise<string> } {
    const proc = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/helpers/queue-child.ts'), JSON.stringify({ url, mode })], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    children.push(proc);
    const lines: string[] = [];
    let buffer = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts);
    });
    let stderr = '';
    proc.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const line = (prefix: string) =>
      waitFor(`child line '${prefix}' (stderr: ${stderr.slice(0, 500)})`, async () => lines.find((l) => l.startsWith(prefix)) ?? null, 30_000);
    return { proc, lines, line };
  }

  const jobCount = async (where: string, values: unknown[] = []): Promise<number> =>
    Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE ${where}`, values)).rows[0]?.n ?? 0);

  it('enqueues inside the caller\'s transaction: a rollback leaves no job, a commit leaves them all', async () => {
    const q = await queue();
    const client = await pool.connect();
    const tx: SqlExecutor = { executeSql: (text, values) => client.query(text, values) };
    try {
      const [rolledBack] = await insertRuns(1, 'tx-rollback');
      await client.query('BEGIN');
      await q.enqueue([rolledBack as QueuedRun], tx);
      expect(await jobCount(`data->>'batchId' = 'tx-rollback'`)).toBe(0); // not visible before commit
      await client.query('ROLLBACK');
      expect(await jobCount(`data->>'batchId' = 'tx-rollback'`)).toBe(0);

      const committed = await insertRuns(3, 'tx-commit');
      await client.query('BEGIN');
      await q.enqueue(committed, tx);
      await client.query('COMMIT');
      expect(await jobCount(`data->>'batchId' = 'tx-commit' AND name = $1`, [SHARED_QUEUE])).toBe(3);
    } finally {
      client.release();
    }
    await q.cancel('tx-commit');
  });

  it('two consumers on one queue never execute the same run twice, even when pg-boss expires a run that is still going', async () => {
    const a = await queue();
    const b = await queue();
    const runs = await insertRuns(120, 'two-consumers');
    const handler = (who: string) => async (run: QueuedRun) => {
      await pool.query(`UPDATE runs SET executions = executions + 1 WHERE id = $1`, [run.runId]);
      await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
      await endRun(run.runId, who);
    };
    const wa = await a.work(handler('a'), { concurrency: 8 });
    const wb = await b.work(handler('b'), { concurrency: 8 });
    await a.enqueue(runs);
    await waitFor('every run to end', async () => (await pool.query(`SELECT 1 FROM runs WHERE id = ANY($1) AND status = 'pending'`, [runs.map((r) => r.runId)])).rowCount === 0);
    const { rows } = await pool.query<{ executions: number; ended_by: string }>(`SELECT executions, ended_by FROM runs WHERE id = ANY($1)`, [runs.map((r) => r.runId)]);
    expect(rows).toHaveLength(120);
    expect(rows.filter((r) => r.executions !== 1)).toEqual([]);
    // Both took a share (the claims are SKIP LOCKED, not one consumer draining the queue).
    expect(rows.filter((r) => r.ended_by === 'a').length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.ended_by === 'b').length).toBeGreaterThan(0);
    await waitFor('jobs completed', async () => (await jobCount(`data->>'batchId' = 'two-consumers' AND state = 'completed'`)) === 120);

    // A run longer than pg-boss's own expiry: the job goes back to the queue while A still runs it;
    // B gets the retry, finds the run's lock held by a live process and leaves the run to it.
    await wa.stop();
    await wb.stop();
    const slowA = await queue({ expireInSeconds: 1, orphanGraceMs: 60_000 });
    const slowB = await queue({ expireInSeconds: 1, orphanGraceMs: 60_000 });
    const [slow] = await insertRuns(1, 'expired-but-alive');
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const executions: string[] = [];
    const w1 = await slowA.work(async (run) => {
      executions.push('a');
      await held;
      await endRun(run.runId, 'a');
    }, { concurrency: 1 });
    await slowA.enqueue([slow as QueuedRun]);
    await waitFor('A to start it', async () => executions.length === 1);
    // A is busy (concurrency 1), so it fetches nothing more; B works the queue from now on.
    const w2 = await slowB.work(async (run) => {
      executions.push('b');
      await endRun(run.runId, 'b');
    }, { concurrency: 1 });
    await pool.query(`UPDATE pgboss.job SET started_on = now() - interval '1 hour' WHERE id = $1`, [slow?.runId]);
    await slowB.reap(); // the reaper retries only runs nobody holds: A holds this one
    expect(await jobCount(`id = $1 AND state = 'active'`, [slow?.runId])).toBe(1);
    // pg-boss's own expiry (the backstop) does put it back; B fetches the retry and leaves it to A.
    const admin = new PgBoss({ connectionString: url, supervise: false, schedule: false });
    await admin.start();
    await admin.expire();
    await admin.stop({ graceful: false, timeout: 1_000 });
    await waitFor('B to take and skip the retry', async () => (await jobCount(`id = $1 AND state = 'completed'`, [slow?.runId])) === 1);
    release();
    await waitFor('the run to end', async () => (await pool.query(`SELECT 1 FROM runs WHERE id = $1 AND status = 'completed'`, [slow?.runId])).rowCount === 1);
    await w1.stop();
    await w2.stop();
    expect(executions).toEqual(['a']);
  }, 60_000);

  it('a full worker waits on one idle timer: slots freed faster than the poll do not pile up listeners on its wake-up signal', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => void warnings.push(`${w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const q = await queue({ pollMs: 2_000 });
      const runs = await insertRuns(60, 'slot-turns');
      const w = await q.work(async (run) => {
        await new Promise((r) => setTimeout(r, 2));
        await endRun(run.runId, 'turns');
      }, { concurrency: 2 });
      await q.enqueue(runs);
      await waitFor('every run to end', async () => (await pool.query(`SELECT 1 FROM runs WHERE id = ANY($1) AND status = 'pending'`, [runs.map((r) => r.runId)])).rowCount === 0);
      await w.stop();
      // Each slot turn used to start another 2 s sleep listening on the wake signal: past 10 of them, Node warned.
      expect(warnings.filter((m) => m.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a consumer SIGKILLed mid-run: its keyless run goes back to the queue and another process ends it within the bound', async () => {
    const survivor = await queue({ reapEveryMs: 250, orphanGraceMs: 500 });
    const c = child('hang');
    await c.line('ready');
    const [run] = await insertRuns(1, 'killed-worker');
    await survivor.enqueue([run as QueuedRun]);
    // The survivor is not working yet: the child takes the run.
    await c.line(`started ${run?.runId}`);
    const killedAt = Date.now();
    c.proc.kill('SIGKILL');
    const attempts: number[] = [];
    const w = await survivor.work(async (r, ctx) => {
      attempts.push(ctx.attempt);
      await endRun(r.runId, 'survivor');
    }, { concurrency: 2 });
    await waitFor('the retried run to end', async () => (await pool.query(`SELECT 1 FROM runs WHERE id = $1 AND ended_by = 'survivor'`, [run?.runId])).rowCount === 1, 20_000);
    const recoveredMs = Date.now() - killedAt;
    console.info(`SIGKILLed worker's run retried and ended by another process after ${recoveredMs} ms`);
    expect(recoveredMs).toBeLessThan(10_000);
    expect(attempts).toEqual([1]);
    await w.stop();
  }, 60_000);

  it('a SIGKILLed process\'s keyed runs are handed over as abandoned (interrupted), never run by another process', async () => {
    const abandoned: { runs: QueuedRun[]; reason: string }[] = [];
    const other = await queue({ reapEveryMs: 250, orphanGraceMs: 500, onAbandoned: async (runs, reason) => void abandoned.push({ runs, reason }) });
    const ran: string[] = [];
    const w = await other.work(async (r) => void ran.push(r.runId), { concurrency: 2 });
    const c = child('keyed-hang');
    await c.line('started 00000000-0000-4000-8000-00000000000b');
    const killedAt = Date.now();
    c.proc.kill('SIGKILL');
    const hit = await waitFor('the keyed run to be abandoned', async () => abandoned.find((a) => a.runs.some((r) => r.runId === '00000000-0000-4000-8000-00000000000b')), 20_000);
    console.info(`keyed run of a SIGKILLed process reported interrupted after ${Date.now() - killedAt} ms`);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    expect(hit.reason).toMatch(/^interrupted: .*API key/);
    expect(ran).toEqual([]);
    await w.stop();
  }, 60_000);

  it('cancel reaches a second process: its in-flight run of the batch is aborted, queued ones are dropped', async () => {
    const app = await queue();
    const c = child('cancel');
    await c.line('ready');
    const runs = await insertRuns(6, 'cancel-me');
    await app.enqueue(runs); // the child works 4 at once, 2 stay queued
    await waitFor('four runs to start in the child', async () => c.lines.filter((l) => l.startsWith('started')).length === 4);
    const dropped = await app.cancel('cancel-me');
    expect(dropped).toBe(2);
    await waitFor('the child to abort its runs', async () => c.lines.filter((l) => l.startsWith('aborted')).length === 4);
    const aborted = c.lines.filter((l) => l.startsWith('aborted'));
    expect(aborted).toHaveLength(4);
    expect(aborted.every((l) => l.endsWith(' cancelled'))).toBe(true);
    expect(await jobCount(`data->>'batchId' = 'cancel-me' AND state = 'cancelled'`)).toBe(2);
    c.proc.kill('SIGTERM');
  }, 60_000);

  it('keyed runs stay in their process: another process working the queues never receives them', async () => {
    const a = await queue();
    const b = await queue();
    const gotA: string[] = [];
    const gotB: string[] = [];
    // Only this test's batches count (a run left over by an earlier test may come by).
    const ours = (r: QueuedRun) => r.batchId === 'keyed-a' || r.batchId === 'keyless-a';
    const wb = await b.work(async (r) => void (ours(r) && gotB.push(r.runId)), { concurrency: 8 });
    const keyed = await insertRuns(5, 'keyed-a', true);
    const keyless = await insertRuns(5, 'keyless-a');
    await a.enqueue([...keyed, ...keyless]);
    await waitFor('B to take the keyless runs', async () => gotB.length === 5);
    await new Promise((r) => setTimeout(r, 500));
    expect(gotB.sort()).toEqual(keyless.map((r) => r.runId).sort());
    const wa = await a.work(async (r) => void (ours(r) && gotA.push(r.runId)), { concurrency: 8 });
    await waitFor('A to take its keyed runs', async () => gotA.length === 5);
    expect(gotA.sort()).toEqual(keyed.map((r) => r.runId).sort());
    await wa.stop();
    await wb.stop();
  }, 30_000);

  it('a process whose lease connection is cut aborts its runs, says so and takes no more', async () => {
    const lost: string[] = [];
    const q = await queue({ onLeaseLost: (err) => void lost.push(err.message) });
    const reasons: string[] = [];
    const w = await q.work(async (_run, ctx) => {
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
      reasons.push((ctx.signal.reason as Error).message);
    }, { concurrency: 2 });
    const runs = await insertRuns(1, 'lease-cut');
    await q.enqueue(runs);
    await waitFor('the run to start', async () => (await jobCount(`data->>'batchId' = 'lease-cut' AND state = 'active'`)) === 1);
    await pool.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`mcp-eval-lease-${q.processId.slice(0, 8)}`]);
    await waitFor('the abort', async () => reasons.length === 1);
    expect(reasons[0]).toMatch(/^lease lost: /);
    expect(lost).toHaveLength(1);
    await w.stop();
  });

  it('NOTIFY carries progress to another connection, and a signal sent in a rolled-back transaction never arrives', async () => {
    const sender = await createPostgresBus(url);
    const receiver = await createPostgresBus(url);
    open.push(sender, receiver);
    const heard: QueueSignal[] = [];
    receiver.subscribe((s) => heard.push(s));
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await sender.publish({ type: 'run', batchId: 'b-rolled-back', runId: 'r0' }, { executeSql: (t, v) => client.query(t, v) });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    await sender.publish({ type: 'run', batchId: 'b1', runId: 'r1' });
    await sender.publish({ type: 'done', batchId: 'b1', status: 'completed' });
    await waitFor('both signals', async () => heard.length >= 2);
    expect(heard).toEqual([
      { type: 'run', batchId: 'b1', runId: 'r1' },
      { type: 'done', batchId: 'b1', status: 'completed' },
    ]);
  });
});
