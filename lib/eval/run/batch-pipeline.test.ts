/**
 * The in-process batch runner's pipelining (issue 19): once a run's answer is in, its worker
 * claims and sends the next run before the answered run is judged and stored. These hold the
 * orderings that must stay: the verdicts (and their deferred assessments) are all in before the
 * batch's final status (an assessment sent with the hand-off is written after its verdict), a
 * failing run fails alone, and a cancel that lands between a run's answer and its verdict still
 * stores that verdict.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listRuns } from '@/db/queries/runs';
import type { ProviderDefinition } from '@/lib/providers/types';
import { ProviderError } from '@/lib/providers/types';
import { seedCase, seedServer } from '@/tests/helpers/eval-seed';
import { fakeTool, resetFakeMcp, setFakeTools } from '@/tests/helpers/fake-mcp';
import { fakeProvider, type FakeProvider, type FakeReply } from '@/tests/helpers/fake-provider';
import type { JobEvent } from '../api/dto';
import { BatchInputSchema } from '../api/schemas';
import { cancelBatch, createBatch, getBatchDto } from './batch';
import { subscribeJob, waitForJob } from './jobs';

const fake = vi.hoisted(() => ({ provider: null as ProviderDefinition | null }));
vi.mock('@/lib/providers/registry', async (original) => ({
  ...(await original()),
  getProvider: () => {
    if (!fake.provider) throw new Error('no fake provider set');
    return fake.provider;
  },
}));
vi.mock('@/lib/mcp/client', async (original) => ({ ...(await original()), ...(await import('@/tests/helpers/fake-mcp')).fakeMcpClient }));

// A networked provider (not the local router, whose runs are not pipelined): its answers take a timer.
const MODEL = { provider: 'openai', model: 'fake-remote', timeout: 5, maxRetries: 0 };
const KEYS = { openai: 'sk-test-pipeline' };
const tools = await seedServer('pipe-tools');

function use(provider: FakeProvider): FakeProvider {
  fake.provider = provider;
  return provider;
}

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function cases(...queries: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const query of queries) ids.push(await seedCase({ query, servers: [tools], expected: { server: 'pipe-tools', tool: 'lookup' } }));
  return ids;
}

/** The batch's runs by their case's query. */
async function runsByQuery(batchId: string, ids: string[], queries: string[]) {
  const rows = (await listRuns({ batchId, limit: 100, offset: 0 })).rows;
  return new Map(queries.map((q, i) => [q, rows.find((r) => r.testCaseId === ids[i])]));
}

beforeEach(() => {
  resetFakeMcp();
  setFakeTools('pipe-tools', [fakeTool('lookup'), fakeTool('other')]);
});

describe('a pipelined batch', () => {
  it("sends a worker's next run before the answered run's verdict is stored", async () => {
    const queries = ['pipe one', 'pipe two', 'pipe three'];
    const ids = await cases(...queries);
    let batchId = '';
    const statusAtNextSend: (string | undefined)[] = [];
    use(
      fakeProvider({
        reply: async (_req, call) => {
          // One worker: the previous run is the one its worker answered last.
          if (call > 0) statusAtNextSend.push((await runsByQuery(batchId, ids, queries)).get(queries[call - 1] as string)?.status);
          await later(5);
          return { tool: 'lookup' };
        },
        assessment: { confidence: 0.9, reasoning: 'ok' },
      }),
    );
    const created = await createBatch(BatchInputSchema.parse({ models: [MODEL], testCaseIds: ids, concurrency: 1 }), KEYS);
    batchId = created.id;
    await waitForJob(created.id);
    // Without pipelining the previous run was 'completed' by then.
    expect(statusAtNextSend).toEqual(['running', 'running']);
    const runs = await runsByQuery(created.id, ids, queries);
    expect([...runs.values()].map((r) => [r?.status, r?.classification, r?.confidenceSource])).toEqual(Array(3).fill(['completed', 'TP', 'self_assessment']));
    expect((await getBatchDto(created.id)).status).toBe('completed');
  });

  it('stores every verdict and assessment before the final status; a failing run fails alone', async () => {
    const queries = ['fin 1', 'fin 2', 'fin broken', 'fin 4', 'fin 5', 'fin 6', 'fin 7'];
    const ids = await cases(...queries);
    const provider = use(
      fakeProvider({
        reply: async (req, call) => {
          await later(2 + (call % 3));
          return req.query === 'fin broken' ? new Error('the model refused the request') : { tool: 'lookup' };
        },
        assessment: { confidence: 0.9, reasoning: 'ok' },
      }),
    );
    const created = await createBatch(BatchInputSchema.parse({ models: [MODEL], testCaseIds: ids, concurrency: 3 }), KEYS);
    // Read when `done` is announced, i.e. right after the final status was written (SQLite
    // answers the reads at once): a verdict or an assessment written later would be missing here.
    const atDone: Promise<[Awaited<ReturnType<typeof getBatchDto>>, Awaited<ReturnType<typeof runsByQuery>>]>[] = [];
    subscribeJob(created.id, (e: JobEvent) => {
      if (e.type === 'done') atDone.push(Promise.all([getBatchDto(created.id), runsByQuery(created.id, ids, queries)]));
    });
    await waitForJob(created.id);
    expect(atDone).toHaveLength(1);
    const [batch, runs] = await (atDone[0] as (typeof atDone)[number]);
    expect(batch.status).toBe('completed');
    expect(queries.map((q) => [q, runs.get(q)?.status, runs.get(q)?.confidenceSource ?? null])).toEqual(
      queries.map((q) => (q === 'fin broken' ? [q, 'failed', null] : [q, 'completed', 'self_assessment'])),
    );
    expect(provider.maxInFlight).toBe(3);
  });

  it("a cancel between a run's answer and its verdict stores the verdict; the run in flight and the rest end cancelled", async () => {
    const queries = ['cut 1', 'cut 2', 'cut 3', 'cut 4'];
    const ids = await cases(...queries);
    let batchId = '';
    const cancels: ReturnType<typeof cancelBatch>[] = [];
    const provider = use(
      fakeProvider({
        reply: (req, call) => {
          if (call === 0) return later(5).then((): FakeReply => ({ tool: 'lookup' }));
          // The second selection is sent while the first run is still to be judged: cancel now.
          cancels.push(cancelBatch(batchId));
          return new Promise<FakeReply>((resolve) => req.signal.addEventListener('abort', () => resolve(new ProviderError('aborted', 'aborted')), { once: true }));
        },
        assessment: { confidence: 0.9, reasoning: 'ok' },
      }),
    );
    const created = await createBatch(BatchInputSchema.parse({ models: [MODEL], testCaseIds: ids, concurrency: 1 }), KEYS);
    batchId = created.id;
    await waitForJob(created.id);
    expect(cancels).toHaveLength(1);
    const batch = await (cancels[0] as ReturnType<typeof cancelBatch>);
    expect(batch.status).toBe('cancelled');
    expect(batch.counts).toEqual({ total: 4, pending: 0, running: 0, completed: 1, failed: 0, cancelled: 3 });
    const runs = await runsByQuery(created.id, ids, queries);
    // Its assessment went out with the hand-off, before the cancel, and is written after the verdict.
    expect(runs.get('cut 1')).toMatchObject({ status: 'completed', classification: 'TP', confidenceSource: 'self_assessment' });
    expect(queries.slice(1).map((q) => runs.get(q)?.errorMessage)).toEqual(['cancelled before this run finished', 'cancelled before it started', 'cancelled before it started']);
    expect(provider.selectRequests).toHaveLength(2);
    expect(provider.assessRequests).toHaveLength(1);
  });
});
