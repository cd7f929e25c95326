/**
 * Issue 19's deferred self-assessment through the Postgres queue (issue 20; the `postgres`
 * project, skipped on SQLite where the in-process runner defers it: tests/deferred-assessment.test.ts).
 * A worker stores a samples = 1 run's verdict first and asks for the assessment after, off the
 * run's slot; the run says which method gave its confidence; the batch ends once every assessment
 * is in. A dead process's pending assessments are found by the reaper (nobody holds their run
 * lock) and end unrated, so their batch can end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { getBatch, insertBatchWithRuns, type ModelSettingsValues } from '@/db/queries/batches';
import { INTERRUPTED_ASSESSMENT, abandonPendingAssessments } from '@/db/queries/run-confidence';
import { claimQueuedRuns, finishBatchIfDone } from '@/db/queries/run-queue';
import { isPostgres } from '@/db/dialect';
import { all, run } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { getEnv } from '@/lib/env';
import { enqueueBatch, startQueueWorker, stopRunQueue } from '@/lib/queue/active';
import { createPgBossQueue } from '@/lib/queue/pg-boss';
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

/** A keyless model that is not deterministic: its samples = 1 runs ask the model to rate itself. */
const MODEL: ModelSettingsValues = { provider: 'openai-compatible', model: 'rated', baseUrl: 'http://127.0.0.1:9/v1', timeout: 5, temperature: 0, maxRetries: 0 };

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

type RunRow = { id: string; status: string; source: string | null; pending: string | null; error: string | null };
const runsOf = (batchId: string) =>
  all<RunRow>(sql`select id, status, confidence_source as source, llm_response_raw ->> 'assessmentPending' as pending,
    llm_response_raw ->> 'assessmentError' as error from test_runs where batch_id = ${batchId} order by id`);

afterAll(async () => {
  await stopRunQueue(1_000);
});

describe.skipIf(!isPostgres())('deferred self-assessments on the Postgres queue', () => {
  it('stores every verdict before its assessment, frees the slot meanwhile, and ends the batch once the assessments are in', async () => {
    resetFakeMcp();
    setFakeTools('deferred-tools', [fakeTool('lookup'), fakeTool('other')]);
    const server = await seedServer('deferred-tools');
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await seedCase({ query: `deferred ${i}`, servers: [server], expected: { server: 'deferred-tools', tool: 'lookup' } }));
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const provider = fakeProvider({ reply: () => ({ tool: 'lookup' }), assessment: { confidence: 0.9, reasoning: 'sure', usage: { inputTokens: 7, outputTokens: 3 } } });
    const assess = provider.assessConfidence.bind(provider);
    provider.assessConfidence = async (req) => (await gate, assess(req));
    fake.provider = provider;
    // Two slots for six runs: the verdicts can only all be in while the assessments wait if a
    // run's slot is free once its verdict is stored.
    await startQueueWorker(2);
    const batchId = await withTransaction(async () => {
      const { batchId: id, runIds } = await insertBatchWithRuns({ name: 'deferred', models: [MODEL], samples: 1, concurrency: 2, testCaseIds: ids, withBatchRow: true });
      await enqueueBatch(id as string, runIds, [MODEL], {});
      return id as string;
    });
    const verdicts = await until('every verdict, with the assessments held', async () => {
      const rows = await runsOf(batchId);
      return rows.every((r) => r.status === 'completed') && rows;
    });
    expect(verdicts.map((r) => [r.source, r.pending])).toEqual(verdicts.map(() => [null, 'true']));
    expect((await getBatch(batchId))?.status).toBe('running');
    expect(await finishBatchIfDone(batchId)).toBeNull();
    open();
    await until('the batch to end', async () => (await getBatch(batchId))?.status === 'completed');
    const rated = await runsOf(batchId);
    expect(rated.map((r) => [r.status, r.source, r.pending, r.error])).toEqual(rated.map(() => ['completed', 'self_assessment', null, null]));
    expect(provider.assessRequests).toHaveLength(6);
    // The assessment's tokens are added to the run's and the rollup follows them.
    const [tokens] = await all<{ runs: number; rollup: number }>(sql`select (select sum(input_tokens) from test_runs where batch_id = ${batchId})::int as runs,
      (select sum(input_tokens) from metrics_rollup where batch_id = ${batchId})::int as rollup`);
    expect(tokens).toEqual({ runs: 6 * 7, rollup: 6 * 7 });
  });

  it('claims several queued runs in one statement, leaving out the ones that ended', async () => {
    const server = await seedServer('claimed-tools');
    const ids = [await seedCase({ query: 'claimed 0', servers: [server] }), await seedCase({ query: 'claimed 1', servers: [server] }), await seedCase({ query: 'claimed 2', servers: [server] })];
    const { runIds } = await insertBatchWithRuns({ name: 'claimed', models: [MODEL], samples: 1, concurrency: 3, testCaseIds: ids, withBatchRow: true });
    const [pending, cancelled, retried] = runIds as [string, string, string];
    await run(sql`update test_runs set status = 'cancelled' where id = ${cancelled}`);
    // A retry after its first worker died finds the run still running: it is claimed again.
    await run(sql`update test_runs set status = 'running' where id = ${retried}`);
    const rows = await claimQueuedRuns([pending, cancelled, retried, 'no-such-run']);
    expect(rows.map((r) => r.id).sort()).toEqual([pending, retried].sort());
    expect(rows.find((r) => r.id === pending)).toMatchObject({ testCaseId: ids[0], samples: 1 });
    const statuses = await all<{ id: string; status: string }>(sql`select id, status from test_runs where id in (${pending}, ${cancelled}, ${retried})`);
    expect(new Map(statuses.map((r) => [r.id, r.status]))).toEqual(new Map([[pending, 'running'], [cancelled, 'cancelled'], [retried, 'running']]));
  });

  it("the reaper unrates a dead process's pending assessment (no run lock held) and leaves a held one alone", async () => {
    const server = await seedServer('reaped-tools');
    const ids = [await seedCase({ query: 'reaped 0', servers: [server] }), await seedCase({ query: 'reaped 1', servers: [server] })];
    const { batchId, runIds } = await insertBatchWithRuns({ name: 'reaped', models: [MODEL], samples: 1, concurrency: 2, testCaseIds: ids, withBatchRow: true });
    await run(sql`update run_batches set status = 'running' where id = ${batchId}`);
    await run(sql`update test_runs set status = 'completed', completed_at = '2020-01-01T00:00:00.000Z', llm_response_raw = '{"samples": [], "assessmentPending": true}'
      where batch_id = ${batchId}`);
    const [dead, held] = runIds as [string, string];
    const found: string[][] = [];
    const queue = await createPgBossQueue({
      connectionString: getEnv().databaseUrl as string,
      onAbandoned: async () => undefined,
      onAssessmentsAbandoned: async (runs) => void found.push(runs),
      reapEveryMs: 60_000,
      orphanGraceMs: 0,
    });
    try {
      const release = await queue.holdRun(held);
      await queue.reap();
      expect(found).toEqual([[dead]]);
      await release();
      expect(await abandonPendingAssessments([dead], INTERRUPTED_ASSESSMENT)).toEqual([batchId as string]);
      // Done once: the run no longer says it is pending.
      expect(await abandonPendingAssessments([dead], INTERRUPTED_ASSESSMENT)).toEqual([]);
      const rows = await runsOf(batchId as string);
      expect(rows.find((r) => r.id === dead)).toMatchObject({ source: null, pending: null, error: INTERRUPTED_ASSESSMENT });
      expect(rows.find((r) => r.id === held)).toMatchObject({ pending: 'true', error: null });
    } finally {
      await queue.close();
    }
  });
});
