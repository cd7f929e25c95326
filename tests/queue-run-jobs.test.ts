/**
 * The run engine through the work queue (lib/queue/active.ts, run-jobs.ts, batch-signals.ts):
 * a batch's rows and jobs written in one transaction, worked by this process's queue worker,
 * progress as job events, cancel. On SQLite the queue is the in-process one; in the `postgres`
 * project it is pg-boss on the test's database (jobs, LISTEN/NOTIFY, advisory locks).
 */
import fs from 'node:fs';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseFile } from '@/db/client';
import { getRunQueue, cancelBatchEverywhere, enqueueBatch, startQueueWorker, stopRunQueue } from '@/lib/queue/active';
import { subscribeBatchEvents } from '@/lib/queue/batch-signals';
import { getBatch, insertBatchWithRuns, type ModelSettingsValues } from '@/db/queries/batches';
import { listRuns } from '@/db/queries/runs';
import { all } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { sql } from 'drizzle-orm';
import type { JobEvent } from '@/lib/eval/api/dto';
import type { ProviderDefinition } from '@/lib/providers/types';
import { seedCase, seedServer } from '@/tests/helpers/eval-seed';
import { fakeTool, resetFakeMcp, setFakeTools } from '@/tests/helpers/fake-mcp';
import { fakeProvider } from '@/tests/helpers/fake-provider';

const fake = vi.hoisted(() => ({ provider: null as ProviderDefinition | null }));
vi.mock('@/lib/providers/registry', async (original) => ({
  ...(await original()),
  getProvider: () => {
    if (!fake.provider) throw new Error('no fake provider set');
    return fake.provider;
  },
}));
vi.mock('@/lib/mcp/client', async (original) => ({ ...(await original()), ...(await import('@/tests/helpers/fake-mcp')).fakeMcpClient }));

const LOCAL: ModelSettingsValues = { provider: 'local', model: 'hybrid', timeout: 5, temperature: 0, maxRetries: 0 };
const tools = await seedServer('queue-tools');

async function cases(n: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push(await seedCase({ query: `${tag} ${i}`, servers: [tools], expected: { server: 'queue-tools', tool: 'lookup' } }));
  return ids;
}

/** What createBatch does on Postgres: the batch, its runs and their jobs in one transaction. */
async function queueBatch(testCaseIds: string[], models: ModelSettingsValues[] = [LOCAL]): Promise<string> {
  return withTransaction(async () => {
    const { batchId, runIds } = await insertBatchWithRuns({ name: 'queued', models, samples: 1, concurrency: 4, testCaseIds, withBatchRow: true });
    await enqueueBatch(batchId as string, runIds, models, {});
    return batchId as string;
  });
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeEach(() => {
  resetFakeMcp();
  setFakeTools('queue-tools', [fakeTool('lookup'), fakeTool('other')]);
});

afterAll(async () => {
  await stopRunQueue(1_000);
});

describe('batches through the work queue', () => {
  it('works every run of a batch once, streams a run event per run and one done, and ends the batch', async () => {
    fake.provider = fakeProvider({ reply: async () => (await new Promise((r) => setTimeout(r, 10)), { tool: 'lookup' }) });
    await startQueueWorker(3);
    const ids = await cases(7, 'works');
    const batchId = await queueBatch(ids);
    const events: JobEvent[] = [];
    const unsubscribe = await subscribeBatchEvents(batchId, (e) => events.push(e));
    expect(unsubscribe).not.toBeNull();
    await until('the done event', async () => events.find((e) => e.type === 'done'));
    unsubscribe?.();
    const runs = (await listRuns({ batchId, limit: 100, offset: 0 })).rows;
    expect(runs).toHaveLength(7);
    expect(runs.filter((r) => r.status !== 'completed')).toEqual([]);
    expect((await getBatch(batchId))?.status).toBe('completed');
    const runEvents = events.filter((e) => e.type === 'run');
    expect(runEvents.map((e) => (e.type === 'run' ? e.runId : '')).sort()).toEqual(runs.map((r) => r.id).sort());
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed' });
    // Nothing more to stream once it ended.
    expect(await subscribeBatchEvents(batchId, () => undefined)).toBeNull();
  });

  it('cancel ends the in-flight runs and the queued ones as cancelled, and the batch too', async () => {
    const started: string[] = [];
    fake.provider = fakeProvider({
      reply: (req) =>
        new Promise((_resolve, reject) => {
          started.push(req.query);
          req.signal?.addEventListener('abort', () => reject(req.signal?.reason), { once: true });
        }),
    });
    await startQueueWorker(3);
    const batchId = await queueBatch(await cases(8, 'cancel'));
    await until('three runs in flight', async () => started.length >= 3);
    expect(await cancelBatchEverywhere(batchId)).toBe(true);
    await until('every run ended', async () => (await listRuns({ batchId, limit: 100, offset: 0 })).rows.every((r) => r.status !== 'pending' && r.status !== 'running'));
    const runs = (await listRuns({ batchId, limit: 100, offset: 0 })).rows;
    expect(runs).toHaveLength(8);
    expect(runs.filter((r) => r.status !== 'cancelled')).toEqual([]);
    expect((await getBatch(batchId))?.status).toBe('cancelled');
    expect(started.length).toBeLessThan(8);
    expect(await cancelBatchEverywhere(batchId)).toBe(false);
  });

  it('a keyed batch runs in the process holding its key, and the key is stored nowhere (rows, jobs, job archive)', async () => {
    const SENTINEL = 'sk-queue-sentinel-7f3a9c21d4';
    const seen: (string | undefined)[] = [];
    fake.provider = fakeProvider({ reply: (req) => (seen.push(req.apiKey), { tool: 'lookup' }) });
    await startQueueWorker(3);
    const keyed: ModelSettingsValues = { provider: 'openai', model: 'gpt-test', timeout: 5, temperature: 0, maxRetries: 0 };
    const ids = await cases(3, 'keyed');
    const batchId = await withTransaction(async () => {
      const { batchId: id, runIds } = await insertBatchWithRuns({ name: 'keyed', models: [keyed], samples: 1, concurrency: 2, testCaseIds: ids, withBatchRow: true });
      await enqueueBatch(id as string, runIds, [keyed], { openai: SENTINEL });
      return id as string;
    });
    await until('the keyed batch to end', async () => (await getBatch(batchId))?.status === 'completed');
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((k) => k === SENTINEL)).toBe(true);
    const { queue } = await getRunQueue();
    if (queue.kind === 'pg-boss') {
      const [jobs] = await all<{ n: number; leaks: number }>(
        sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE data::text LIKE ${`%${SENTINEL}%`} OR output::text LIKE ${`%${SENTINEL}%`})::int AS leaks FROM (SELECT data, output FROM pgboss.job UNION ALL SELECT data, output FROM pgboss.archive) j`,
      );
      expect(jobs?.n).toBeGreaterThan(0);
      expect(jobs?.leaks).toBe(0);
      // Every job of the batch went to this process's own queue.
      const names = await all<{ name: string }>(sql`SELECT DISTINCT name FROM pgboss.job WHERE data->>'batchId' = ${batchId}`);
      expect(names).toEqual([{ name: `runs.p.${queue.processId}` }]);
      const [rows] = await all<{ leaks: number }>(
        sql`SELECT (SELECT count(*) FROM test_runs t WHERE t::text LIKE ${`%${SENTINEL}%`}) + (SELECT count(*) FROM run_batches b WHERE b::text LIKE ${`%${SENTINEL}%`}) + (SELECT count(*) FROM model_settings m WHERE m::text LIKE ${`%${SENTINEL}%`}) AS leaks`,
      );
      expect(Number(rows?.leaks)).toBe(0);
    } else {
      // SQLite: not in the database file or its WAL.
      for (const suffix of ['', '-wal']) {
        const file = `${databaseFile()}${suffix}`;
        if (fs.existsSync(file)) expect(fs.readFileSync(file).includes(SENTINEL)).toBe(false);
      }
    }
  });

  it('the batch and its jobs commit together: a rolled-back batch leaves nothing to work', async () => {
    fake.provider = fakeProvider({ reply: () => ({ tool: 'lookup' }) });
    const ids = await cases(2, 'rollback');
    let batchId = '';
    await expect(
      withTransaction(async () => {
        const { batchId: id, runIds } = await insertBatchWithRuns({ name: 'doomed', models: [LOCAL], samples: 1, concurrency: 1, testCaseIds: ids, withBatchRow: true });
        batchId = id as string;
        await enqueueBatch(batchId, runIds, [LOCAL], {});
        throw new Error('the request failed after enqueueing');
      }),
    ).rejects.toThrow('the request failed');
    expect(await getBatch(batchId)).toBeUndefined();
    const { queue } = await getRunQueue();
    if (queue.kind === 'pg-boss') {
      const jobs = await all<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'batchId' = ${batchId}`);
      expect(jobs[0]?.n).toBe(0);
    }
  });
});
