import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getEvaluation, getRun, getSnapshot } from '@/db/queries/runs';
import { deleteTestCase } from '@/db/queries/test-cases';
import type { ProviderDefinition } from '@/lib/providers/types';
import { ProviderError } from '@/lib/providers/types';
import { FAKE_MODEL, seedCase, seedRun, seedServer } from '@/tests/helpers/eval-seed';
import { fakeTool, resetFakeMcp, setFakeTools } from '@/tests/helpers/fake-mcp';
import { fakeProvider, type FakeProvider } from '@/tests/helpers/fake-provider';
import { CircuitBreakers } from './circuit-breaker';
import { executeRun, type RunContext } from './runner';
import { ToolCache } from './tool-cache';

const fake = vi.hoisted(() => ({ provider: null as ProviderDefinition | null }));
vi.mock('@/lib/providers/registry', async (original) => ({
  ...(await original()),
  getProvider: () => {
    if (!fake.provider) throw new Error('no fake provider set');
    return fake.provider;
  },
}));
vi.mock('@/lib/mcp/client', async (original) => ({ ...(await original()), ...(await import('@/tests/helpers/fake-mcp')).fakeMcpClient }));

const files = await seedServer('files');
const notes = await seedServer('notes');

function context(): RunContext {
  const breakers = new CircuitBreakers();
  return { keys: {}, breakers, toolCache: new ToolCache(breakers), clients: new Map() };
}

function use(provider: FakeProvider): FakeProvider {
  fake.provider = provider;
  return provider;
}

beforeEach(() => {
  resetFakeMcp();
  setFakeTools('files', [fakeTool('read_file', 'Read a file.', { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }), fakeTool('list_dir')]);
  setFakeTools('notes', [fakeTool('add_note'), fakeTool('search')]);
});

describe('executeRun', () => {
  it('shows the snapshot to the model, judges the answer and stores verdict, snapshot and evaluation', async () => {
    const provider = use(fakeProvider({ reply: () => ({ tool: 'read_file', arguments: { path: '/etc/hosts' }, usage: { inputTokens: 120, outputTokens: 15 } }), assessment: { confidence: 0.9, reasoning: 'named directly' } }));
    const caseId = await seedCase({ query: 'show me /etc/hosts', servers: [files, notes], expected: { server: 'files', tool: 'read_file', parameters: { path: '/etc/hosts' } } });
    const run = await seedRun(caseId);

    const outcome = await executeRun(run, context(), new AbortController().signal);

    expect(outcome).toEqual({ status: 'completed', classification: 'TP', errorMessage: null });
    expect(provider.selectRequests).toHaveLength(1);
    expect(provider.selectRequests[0]?.query).toBe('show me /etc/hosts');
    expect(provider.selectRequests[0]?.tools.map((t) => t.exposedName).sort()).toEqual(['add_note', 'list_dir', 'read_file', 'search']);
    const stored = await getRun(run.id);
    expect(stored).toMatchObject({ status: 'completed', classification: 'TP', selectedServer: 'files', selectedTool: 'read_file', confidenceScore: 0.9, confidenceCategory: 'robust', failureReasons: [], errorMessage: null });
    expect(stored?.extractedParameters).toEqual({ path: '/etc/hosts' });
    expect((await getSnapshot(run.id)).map((t) => `${t.serverName}/${t.name}`).sort()).toEqual(['files/list_dir', 'files/read_file', 'notes/add_note', 'notes/search']);
    expect(await getEvaluation(run.id)).toMatchObject({ classification: 'TP', toolCorrect: true, parameterCompleteness: 1, parameterCorrectness: 1, passK: null, confidenceScore: 0.9 });
  });

  it("counts the self-assessment turn's tokens in the run's usage", async () => {
    const provider = use(
      fakeProvider({
        reply: () => ({ tool: 'search', arguments: { q: 'x' }, usage: { inputTokens: 100, outputTokens: 20 } }),
        assessment: { confidence: 0.8, reasoning: 'fits', usage: { inputTokens: 40, outputTokens: 7 } },
      }),
    );
    const run = await seedRun(await seedCase({ query: 'search my notes', servers: [notes], expected: { server: 'notes', tool: 'search' } }));
    await executeRun(run, context(), new AbortController().signal);
    expect(provider.assessRequests).toHaveLength(1);
    expect(await getRun(run.id)).toMatchObject({ status: 'completed', inputTokens: 140, outputTokens: 27, confidenceScore: 0.8 });
  });

  it('sums the tokens of every sample and asks no self-assessment when samples >= 2', async () => {
    const provider = use(fakeProvider({ reply: (_req, call) => ({ tool: call === 2 ? 'add_note' : 'search', usage: { inputTokens: 10 + call, outputTokens: 1 } }) }));
    // An LLM provider's row (the fake answers for any id): agreement is its confidence.
    const run = await seedRun(await seedCase({ query: 'find the note about milk', servers: [notes], expected: { server: 'notes', tool: 'search' } }), 3, { ...FAKE_MODEL, provider: 'openai', model: 'gpt-fake' });
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome.classification).toBe('TP');
    expect(provider.selectRequests).toHaveLength(3);
    expect(provider.assessRequests).toHaveLength(0);
    expect(await getRun(run.id)).toMatchObject({ inputTokens: 33, outputTokens: 3, confidenceScore: 2 / 3, selectedTool: 'search' });
    expect((await getEvaluation(run.id))?.passK).toBe(false);
  });

  it("a deterministic provider (local) is rated by its own margin at samples >= 2, at once, and says so", async () => {
    const provider = use(fakeProvider({ reply: () => ({ tool: 'search' }), assessment: { confidence: 0.58, reasoning: 'Closest: `search` 0.2, `add_note` 0.17' } }));
    const run = await seedRun(await seedCase({ query: 'find the note about eggs', servers: [notes], expected: { server: 'notes', tool: 'search' } }), 3);
    const ctx = { ...context(), defer: () => undefined };
    const outcome = await executeRun(run, ctx, new AbortController().signal);
    expect(outcome.classification).toBe('TP');
    expect(provider.selectRequests).toHaveLength(3);
    expect(provider.assessRequests).toHaveLength(1);
    expect(await getRun(run.id)).toMatchObject({ confidenceScore: 0.58, confidenceCategory: 'needs_clarity', confidenceSource: 'local_margin' });
    expect((await getEvaluation(run.id))?.passK).toBe(true);
    expect((await getEvaluation(run.id))?.reasoning).toContain("The local router's scores: Closest: `search` 0.2");
  });

  it('gives a call to a tool that is not in the snapshot the unknown_tool reason', async () => {
    use(fakeProvider({ reply: () => ({ tool: 'delete_everything', arguments: {} }), assessment: { confidence: 0.5, reasoning: 'guess' } }));
    const run = await seedRun(await seedCase({ query: 'wipe the disk', servers: [files], expected: { server: 'files', tool: 'list_dir' } }));
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome).toEqual({ status: 'completed', classification: 'FN', errorMessage: null });
    const stored = await getRun(run.id);
    expect(stored).toMatchObject({ selectedServer: '(unknown)', selectedTool: 'delete_everything' });
    expect(stored?.failureReasons).toEqual(['wrong_tool', 'unknown_tool:delete_everything']);
    expect((await getEvaluation(run.id))?.failureReasons).toEqual(['wrong_tool', 'unknown_tool:delete_everything']);
  });

  it('stores each tool once when a listing repeats it', async () => {
    setFakeTools('notes', [fakeTool('add_note'), fakeTool('search'), fakeTool('search', 'A second copy of search.')]);
    const provider = use(fakeProvider({ reply: () => ({ tool: 'search' }), assessment: { confidence: 0.9, reasoning: 'ok' } }));
    const run = await seedRun(await seedCase({ query: 'search twice listed', servers: [notes, files], expected: { server: 'notes', tool: 'search' } }));
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    const snapshot = (await getSnapshot(run.id)).map((t) => `${t.serverName}/${t.name}`);
    expect(snapshot.sort()).toEqual(['files/list_dir', 'files/read_file', 'notes/add_note', 'notes/search']);
    expect(provider.selectRequests[0]?.tools.map((t) => t.exposedName).sort()).toEqual(['add_note', 'list_dir', 'read_file', 'search']);
    expect((await getSnapshot(run.id)).find((t) => t.name === 'search')?.description).toBe('The search tool.');
  });

  it('keeps both tools when two servers offer the same name, each under its own exposed name', async () => {
    setFakeTools('files', [fakeTool('search')]);
    const provider = use(fakeProvider({ reply: (req) => ({ tool: req.tools.find((t) => t.exposedName.startsWith('files'))?.exposedName }), assessment: { confidence: 0.9, reasoning: 'ok' } }));
    const run = await seedRun(await seedCase({ query: 'search the files', servers: [files, notes], expected: { server: 'files', tool: 'search' } }));
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome.classification).toBe('TP');
    const snapshot = await getSnapshot(run.id);
    expect(snapshot.map((t) => `${t.serverName}/${t.name}`).sort()).toEqual(['files/search', 'notes/add_note', 'notes/search']);
    expect(new Set(snapshot.map((t) => t.exposedName)).size).toBe(3);
    expect(provider.selectRequests[0]?.tools).toHaveLength(3);
  });

  it('a failed provider call fails the run with its reason and keeps the snapshot it had', async () => {
    use(fakeProvider({ reply: () => new ProviderError('model overloaded', 'upstream', 503) }));
    const run = await seedRun(await seedCase({ query: 'list my files', servers: [files], expected: { server: 'files', tool: 'list_dir' } }));
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome).toEqual({ status: 'failed', classification: null, errorMessage: 'LLM provider upstream (HTTP 503): model overloaded' });
    expect(await getRun(run.id)).toMatchObject({ status: 'failed', errorMessage: 'LLM provider upstream (HTTP 503): model overloaded', classification: null });
    expect((await getSnapshot(run.id)).map((t) => t.name).sort()).toEqual(['list_dir', 'read_file']);
    expect(await getEvaluation(run.id)).toBeUndefined();
  });

  it('a failed tool listing fails the run', async () => {
    setFakeTools('files', () => {
      throw new Error('connection refused');
    });
    const provider = use(fakeProvider({ reply: () => ({ tool: 'list_dir' }) }));
    const run = await seedRun(await seedCase({ query: 'list the files again', servers: [files], expected: { server: 'files', tool: 'list_dir' } }));
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome).toEqual({ status: 'failed', classification: null, errorMessage: 'connection refused' });
    expect(provider.selectRequests).toHaveLength(0);
    expect(await getSnapshot(run.id)).toEqual([]);
  });

  it('a failed self-assessment leaves the run completed but unrated, with the error kept', async () => {
    use(fakeProvider({ reply: () => ({ tool: 'list_dir', usage: { inputTokens: 5, outputTokens: 1 } }), assessment: new ProviderError('bad json', 'bad_response') }));
    const run = await seedRun(await seedCase({ query: 'what is in this folder', servers: [files], expected: { server: 'files', tool: 'list_dir' } }));
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome).toEqual({ status: 'completed', classification: 'TP', errorMessage: null });
    const stored = await getRun(run.id);
    expect(stored).toMatchObject({ confidenceScore: null, confidenceCategory: null, inputTokens: 5, outputTokens: 1 });
    expect(stored?.llmResponseRaw).toMatchObject({ assessment: null, assessmentError: 'LLM provider bad response: bad json', selectedSample: 0 });
  });

  it('a run whose job was aborted ends cancelled without calling the model', async () => {
    const provider = use(fakeProvider({ reply: () => ({ tool: 'list_dir' }) }));
    const run = await seedRun(await seedCase({ query: 'cancelled before start', servers: [files], expected: null }));
    const job = new AbortController();
    job.abort(new Error('cancelled'));
    const outcome = await executeRun(run, context(), job.signal);
    expect(outcome).toEqual({ status: 'cancelled', classification: null, errorMessage: 'cancelled before this run finished' });
    expect(provider.selectRequests).toHaveLength(0);
    expect((await getRun(run.id))?.status).toBe('cancelled');
  });

  it('a run aborted while the model answers ends cancelled', async () => {
    const job = new AbortController();
    use(
      fakeProvider({
        reply: (req) => {
          job.abort(new Error('cancelled'));
          expect(req.signal.aborted).toBe(true);
          return new ProviderError('aborted', 'aborted');
        },
      }),
    );
    const run = await seedRun(await seedCase({ query: 'cancelled mid-call', servers: [files], expected: null }));
    const outcome = await executeRun(run, context(), job.signal);
    expect(outcome.status).toBe('cancelled');
    expect(await getRun(run.id)).toMatchObject({ status: 'cancelled', errorMessage: 'cancelled before this run finished' });
  });

  it('a deleted test case fails the run with a clear message', async () => {
    use(fakeProvider({ reply: () => ({ tool: 'list_dir' }) }));
    const caseId = await seedCase({ query: 'soon gone', servers: [files], expected: null });
    const run = await seedRun(caseId);
    // The run row cascades with its case, so the verdict cannot be written either: the outcome still says why.
    await deleteTestCase(caseId);
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome).toEqual({ status: 'failed', classification: null, errorMessage: 'the test case was deleted' });
  });

  it('TN: no tool called when none is expected', async () => {
    use(fakeProvider({ reply: () => ({ text: 'No tool fits.' }), assessment: { confidence: 0.95, reasoning: 'nothing fits' } }));
    const run = await seedRun(await seedCase({ query: 'tell me a joke', servers: [files], expected: null }));
    const outcome = await executeRun(run, context(), new AbortController().signal);
    expect(outcome.classification).toBe('TN');
    expect(await getRun(run.id)).toMatchObject({ selectedServer: null, selectedTool: null, failureReasons: [], confidenceCategory: 'robust' });
    expect((await getRun(run.id))?.llmResponseRaw).toMatchObject({ samples: [{ toolCalls: [], text: 'No tool fits.' }] });
  });
});
