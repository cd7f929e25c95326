import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getRun, listRuns } from '@/db/queries/runs';
import type { ProviderDefinition } from '@/lib/providers/types';
import { ProviderError } from '@/lib/providers/types';
import { seedCase, seedServer } from '@/tests/helpers/eval-seed';
import { fakeTool, resetFakeMcp, setFakeTools } from '@/tests/helpers/fake-mcp';
import { fakeProvider, type FakeProvider, type FakeReply } from '@/tests/helpers/fake-provider';
import type { JobEvent } from '../api/dto';
import { BatchInputSchema, SingleRunInputSchema } from '../api/schemas';
import { cancelBatch, createBatch, createSingleRun, getBatchDto } from './batch';
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

const MODEL = { provider: 'local', model: 'hybrid', timeout: 5, maxRetries: 0 };
const tools = await seedServer('batch-tools');

function use(provider: FakeProvider): FakeProvider {
  fake.provider = provider;
  return provider;
}

async function cases(...queries: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const query of queries) ids.push(await seedCase({ query, servers: [tools], expected: { server: 'batch-tools', tool: 'lookup' } }));
  return ids;
}

/** Starts the batch and records its event stream until it is done. */
async function runBatch(body: Record<string, unknown>) {
  const created = await createBatch(BatchInputSchema.parse({ models: [MODEL], ...body }), {});
  const events: JobEvent[] = [];
  subscribeJob(created.id, (e) => events.push(e));
  await waitForJob(created.id);
  return { created, events, batch: await getBatchDto(created.id) };
}

async function runsOf(batchId: string) {
  return (await listRuns({ batchId, limit: 100, offset: 0 })).rows;
}

beforeEach(() => {
  resetFakeMcp();
  setFakeTools('batch-tools', [fakeTool('lookup'), fakeTool('other')]);
});

describe('createBatch', () => {
  it('a batch whose every run failed ends failed, and says so', async () => {
    // Not an outage (no breaker trips): every run fails on its own.
    use(fakeProvider({ reply: () => new Error('the model refused the request') }));
    const { created, batch, events } = await runBatch({ testCaseIds: await cases('fail one', 'fail two', 'fail three'), concurrency: 2 });
    expect(created.status).toMatch(/^(pending|running)$/);
    expect(batch).toMatchObject({ status: 'failed', errorMessage: 'every run failed; see the runs for their errors' });
    expect(batch.counts).toEqual({ total: 3, pending: 0, running: 0, completed: 0, failed: 3, cancelled: 0 });
    expect(events.filter((e) => e.type === 'run')).toHaveLength(3);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'failed' });
    const runs = await runsOf(created.id);
    expect(runs).toHaveLength(3);
    expect(runs.map((r) => r.errorMessage)).toEqual(Array(3).fill('the model refused the request'));
  });

  it('a batch with one successful run ends completed even when the others failed', async () => {
    use(fakeProvider({ reply: (req): FakeReply => (req.query === 'works' ? { tool: 'lookup' } : new Error('nope')), assessment: { confidence: 0.9, reasoning: 'ok' } }));
    const { batch, events } = await runBatch({ testCaseIds: await cases('works', 'broken one', 'broken two'), concurrency: 1 });
    expect(batch).toMatchObject({ status: 'completed', errorMessage: null });
    expect(batch.counts).toEqual({ total: 3, pending: 0, running: 0, completed: 1, failed: 2, cancelled: 0 });
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed' });
  });

  it('runs cases x models, streams one run event per run, then done', async () => {
    use(fakeProvider({ reply: () => ({ tool: 'lookup' }), assessment: { confidence: 0.9, reasoning: 'ok' } }));
    const ids = await cases('matrix one', 'matrix two');
    const { created, batch, events } = await runBatch({ testCaseIds: ids, models: [MODEL, { ...MODEL, model: 'lexical' }], concurrency: 3 });
    expect(batch).toMatchObject({ status: 'completed', samples: 1, concurrency: 3 });
    expect(batch.counts).toEqual({ total: 4, pending: 0, running: 0, completed: 4, failed: 0, cancelled: 0 });
    const runEvents = events.filter((e): e is Extract<JobEvent, { type: 'run' }> => e.type === 'run');
    expect(runEvents).toHaveLength(4);
    expect(runEvents.map((e) => e.status)).toEqual(Array(4).fill('completed'));
    expect(runEvents.map((e) => e.classification)).toEqual(Array(4).fill('TP'));
    expect(new Set(runEvents.map((e) => e.runId))).toEqual(new Set((await runsOf(created.id)).map((r) => r.id)));
    expect(runEvents.map((e) => e.testCaseId).sort()).toEqual([...ids, ...ids].sort());
    expect(events).toHaveLength(5);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed' });
  });

  it('keeps at most `concurrency` runs in flight, and uses them', async () => {
    const provider = use(
      fakeProvider({
        reply: async () => {
          await new Promise((r) => setTimeout(r, 15));
          return { tool: 'lookup' };
        },
        assessment: { confidence: 0.9, reasoning: 'ok' },
      }),
    );
    const { batch } = await runBatch({ testCaseIds: await cases('c1', 'c2', 'c3', 'c4', 'c5', 'c6'), concurrency: 2 });
    expect(batch.counts.completed).toBe(6);
    expect(provider.selectRequests).toHaveLength(6);
    expect(provider.maxInFlight).toBe(2);
  });

  it('cancel stops new work, settles the in-flight run as cancelled and the rest as not started', async () => {
    let started!: () => void;
    const firstCall = new Promise<void>((r) => (started = r));
    use(
      fakeProvider({
        reply: (req) =>
          new Promise<FakeReply>((resolve) => {
            started();
            req.signal.addEventListener('abort', () => resolve(new ProviderError('aborted', 'aborted')), { once: true });
          }),
      }),
    );
    const created = await createBatch(BatchInputSchema.parse({ models: [MODEL], testCaseIds: await cases('hang one', 'hang two', 'hang three'), concurrency: 1 }), {});
    await firstCall;
    const cancelled = await cancelBatch(created.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.counts).toEqual({ total: 3, pending: 0, running: 0, completed: 0, failed: 0, cancelled: 3 });
    const messages = (await runsOf(created.id)).map((r) => r.errorMessage).sort();
    expect(messages).toEqual(['cancelled before it started', 'cancelled before it started', 'cancelled before this run finished']);
    // A finished batch is left as it is.
    expect((await cancelBatch(created.id)).status).toBe('cancelled');
  });

  it('refuses unknown test cases before writing anything', async () => {
    use(fakeProvider({ reply: () => ({ tool: 'lookup' }) }));
    await expect(createBatch(BatchInputSchema.parse({ models: [MODEL], testCaseIds: ['no-such-case'] }), {})).rejects.toThrow(/Unknown test case id\(s\): no-such-case/);
  });
});

describe('createSingleRun', () => {
  it('runs one case outside any batch and reports the run', async () => {
    use(fakeProvider({ reply: () => ({ tool: 'other' }), assessment: { confidence: 0.75, reasoning: 'close enough' } }));
    const [caseId] = await cases('single run');
    const created = await createSingleRun(caseId as string, SingleRunInputSchema.parse({ model: MODEL }), {});
    expect(created).toMatchObject({ testCaseId: caseId, batchId: null, samples: 1 });
    const events: JobEvent[] = [];
    subscribeJob(created.id, (e) => events.push(e));
    await waitForJob(created.id);
    expect(await getRun(created.id)).toMatchObject({ status: 'completed', classification: 'FN', selectedTool: 'other', confidenceCategory: 'misleading' });
    expect(events).toEqual([
      { type: 'run', runId: created.id, testCaseId: caseId, status: 'completed', classification: 'FN', errorMessage: null },
      { type: 'done', status: 'completed' },
    ]);
  });
});
