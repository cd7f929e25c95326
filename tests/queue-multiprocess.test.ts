/**
 * Issue 20's multi-process acceptance, on Postgres (the `postgres` project; skipped on SQLite):
 * this test process is the app (createBatch, cancelBatch, as the API calls them), two more
 * processes run `scripts/worker.ts` (what `npm run worker` starts) on the same database. Runs
 * are keyless (an OpenAI-compatible endpoint without a key: the scripted LLM server in its own
 * process) against the demo MCP servers on a real port, so every process can take them.
 *  - One worker is SIGKILLed mid-batch: every run ends exactly once (one verdict row each),
 *    none stays pending or running, the batch completes.
 *  - SIGTERM drains a worker: what it had in flight finishes, it exits 0.
 *  - Cancel from the app stops the work of every process: no run of the batch keeps running.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@/db/dialect';
import { all } from '@/db/sql';
import { cancelBatch, createBatch, getBatchDto } from '@/lib/eval/run/batch';
import { stopRunQueue } from '@/lib/queue/active';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { startDemoServers } from './helpers/demo-server';
import { startLlmServerProcess } from './helpers/llm-server-process';

const LATENCY_MS = 150;

describe.skipIf(!isPostgres())('two worker processes and the app on one Postgres', () => {
  let demo: Awaited<ReturnType<typeof startDemoServers>>;
  let llm: Awaited<ReturnType<typeof startLlmServerProcess>>;
  const workers: { proc: ChildProcess; stderr: () => string; exited: boolean }[] = [];
  let serverIds: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-workers-'));

  function startWorker(): (typeof workers)[number] {
    const proc = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.resolve('scripts/worker.ts')], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, DATA_DIR: dataDir, QUEUE_CONCURRENCY: '4', QUEUE_REAP_SECONDS: '0.5', LOG_LEVEL: 'warn', SEED_DEMO: 'false' },
    });
    let stderr = '';
    proc.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const worker = { proc, stderr: () => stderr, exited: false };
    proc.once('exit', () => (worker.exited = true));
    workers.push(worker);
    return worker;
  }

  async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const v = await check();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}; worker stderr: ${workers.map((w) => w.stderr().slice(-800)).join(' | ')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  const statusCounts = async (batchId: string) =>
    new Map((await all<{ status: string; n: number }>(sql`SELECT status, count(*)::int AS n FROM test_runs WHERE batch_id = ${batchId} GROUP BY status`)).map((r) => [r.status, r.n]));

  async function cases(prefix: string, n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      ids.push((await createTestCase({ name: `${prefix} ${i}`, query: `${prefix} ${i}: find passages about vector search`, serverIds, expectedServer: 'rag', expectedTool: 'rag_search', expectedParameters: { query: { $contains: 'vector' } } })).id);
    }
    return ids;
  }

  const model = () => ({ provider: 'openai-compatible' as const, model: 'scripted', baseUrl: llm.openaiBaseUrl, timeout: 30, temperature: 0, maxRetries: 0 });

  beforeAll(async () => {
    // The app's share of the work stays small, so the workers do most of it.
    process.env.QUEUE_CONCURRENCY = '2';
    process.env.QUEUE_REAP_SECONDS = '0.5';
    demo = await startDemoServers();
    llm = await startLlmServerProcess({
      rules: [
        { match: { regex: '^Rate your confidence' }, replies: [{ text: '{"confidence": 0.8, "reasoning": "fits"}', delayMs: LATENCY_MS }] },
        { match: { regex: '^medium' }, replies: [{ toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search' } }], delayMs: 1_500 }] },
        { match: { regex: '^slow' }, replies: [{ toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search' } }], delayMs: 20_000 }] },
      ],
      default: { toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search' } }], delayMs: LATENCY_MS },
    });
    serverIds = (await Promise.all(['rag', 'todo'].map((name) => createServer({ name, transport: 'streamable-http', url: `${demo.baseUrl}/demo/${name}/mcp` })))).map((s) => s.id);
    startWorker();
    startWorker();
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) if (!w.exited) w.proc.kill('SIGKILL');
    await stopRunQueue(1_000);
    await llm?.close();
    await demo?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('a worker SIGKILLed mid-batch: every run ends exactly once, none stays running, the batch completes', async () => {
    const ids = await cases('fast', 60);
    const batch = await createBatch({ testCaseIds: ids, models: [model()], samples: 1, concurrency: 8 }, {});
    const [victim, survivor] = workers as [(typeof workers)[number], (typeof workers)[number]];
    // Mid-batch: some runs done, the victim busy (the claims are SKIP LOCKED; both workers take a share).
    await until('10 runs done', async () => ((await statusCounts(batch.id)).get('completed') ?? 0) >= 10);
    victim.proc.kill('SIGKILL');
    const killedAt = Date.now();
    await until('the batch to end', async () => ['completed', 'failed'].includes((await getBatchDto(batch.id)).status), 60_000);
    console.info(`batch of 60 ended ${Date.now() - killedAt} ms after one of two workers was SIGKILLed`);
    const done = await getBatchDto(batch.id);
    expect(done.status).toBe('completed');
    expect(done.counts.pending + done.counts.running).toBe(0);
    expect(done.counts.total).toBe(60);
    // Every run ended once: a completed run has exactly one verdict row, none has two.
    const verdicts = await all<{ status: string; verdicts: number; error: string | null }>(
      sql`SELECT r.status, r.error_message AS error, (SELECT count(*)::int FROM evaluation_results e WHERE e.test_run_id = r.id) AS verdicts FROM test_runs r WHERE r.batch_id = ${batch.id}`,
    );
    expect(verdicts).toHaveLength(60);
    expect(verdicts.filter((v) => v.verdicts > 1)).toEqual([]);
    expect(verdicts.filter((v) => v.status === 'completed' && v.verdicts !== 1)).toEqual([]);
    expect(verdicts.filter((v) => v.status !== 'completed' && !(v.status === 'failed' && v.error?.startsWith('interrupted')))).toEqual([]);
    // The kill cut runs off mid-flight, and they went back to the queue.
    const retried = await all<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'batchId' = ${batch.id} AND retry_count > 0`);
    expect(retried[0]?.n ?? 0).toBeGreaterThan(0);
    expect(survivor.exited).toBe(false);
  }, 120_000);

  it('SIGTERM drains a worker: its in-flight runs finish, it exits 0, the batch completes', async () => {
    const ids = await cases('medium', 16);
    const batch = await createBatch({ testCaseIds: ids, models: [model()], samples: 1, concurrency: 8 }, {});
    const live = workers.filter((w) => !w.exited);
    const target = live[0] as (typeof workers)[number];
    await until('runs in flight', async () => ((await statusCounts(batch.id)).get('running') ?? 0) >= 6);
    const exit = new Promise<number | null>((resolve) => target.proc.once('exit', (code) => resolve(code)));
    const stoppedAt = Date.now();
    target.proc.kill('SIGTERM');
    expect(await exit).toBe(0);
    console.info(`a worker drained and exited ${Date.now() - stoppedAt} ms after SIGTERM`);
    await until('the batch to end', async () => (await getBatchDto(batch.id)).status === 'completed', 60_000);
    const counts = await statusCounts(batch.id);
    expect(counts.get('completed')).toBe(16);
  }, 120_000);

  it('cancel from the app stops the work of every process', async () => {
    const replacement = startWorker();
    startWorker(); // two workers again
    const ids = await cases('slow', 20);
    const batch = await createBatch({ testCaseIds: ids, models: [model()], samples: 1, concurrency: 8 }, {});
    // The app takes 2, each worker 4: 10 runs in flight across three processes, the rest queued.
    await until('runs in flight in every process', async () => ((await statusCounts(batch.id)).get('running') ?? 0) >= 10, 30_000);
    const started = Date.now();
    const after = await cancelBatch(batch.id);
    console.info(`cancel settled in ${Date.now() - started} ms`);
    expect(after.status).toBe('cancelled');
    await until('no run running', async () => ((await statusCounts(batch.id)).get('running') ?? 0) === 0, 10_000);
    const counts = await statusCounts(batch.id);
    expect(counts.get('cancelled')).toBe(20);
    expect(replacement.exited).toBe(false);
  }, 120_000);
});
