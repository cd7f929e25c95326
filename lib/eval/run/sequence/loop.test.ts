import { describe, expect, it } from 'vitest';
import { exposeTools } from '@/lib/providers/tool-names';
import { ProviderError, type ConversationMessage, type ModelConfig } from '@/lib/providers/types';
import { fakeProvider } from '@/tests/helpers/fake-provider';
import type { CallResolution, CallToResolve } from './execute-call';
import { MAX_CALLS_PER_TURN } from './limits';
import { runAgentLoop, SINGLE_STEP_TEXT, type LoopInput } from './loop';

const { tools, names } = exposeTools([
  { server: 'todo', name: 'search', inputSchema: { type: 'object' } },
  { server: 'notes', name: 'search', inputSchema: { type: 'object' } },
  { server: 'todo', name: 'update', inputSchema: { type: 'object' } },
]);

const MODEL: ModelConfig = { provider: 'openai', model: 'scripted', timeout: 5, temperature: 0, maxRetries: 0 };

function input(provider: LoopInput['provider'], extra: Partial<LoopInput> = {}): LoopInput & { resolved: CallToResolve[] } {
  const resolved: CallToResolve[] = [];
  return {
    provider,
    target: { model: MODEL, apiKey: 'k', clients: new Map() },
    query: 'the query',
    context: null,
    tools,
    names,
    maxSteps: 5,
    signal: new AbortController().signal,
    resolve: (call): Promise<CallResolution> => {
      resolved.push(call);
      return Promise.resolve({ source: 'mock', result: { text: `result of ${call.server}/${call.tool} #${resolved.length}`, isError: false }, durationMs: 1 });
    },
    resolved,
    ...extra,
  };
}

describe('runAgentLoop', () => {
  it('gives calls without an id (or with a repeated one) their own, and pairs each result with it', async () => {
    const provider = fakeProvider({
      reply: () => ({}),
      turns: (_req, call) =>
        call === 0
          ? { calls: [{ tool: 'todo__search', arguments: { q: 'a' } }, { id: 'dup', tool: 'notes__search' }, { id: 'dup', tool: 'update' }], usage: { inputTokens: 5, outputTokens: 1 } }
          : { text: 'done', usage: { inputTokens: 7, outputTokens: 2 } },
    });
    const loop = input(provider);
    const { trajectory, usage } = await runAgentLoop(loop);
    expect(trajectory.calls.map((c) => [c.id, c.server, c.tool])).toEqual([
      ['call_eval_0_0', 'todo', 'search'],
      ['dup', 'notes', 'search'],
      ['call_eval_0_2', 'todo', 'update'],
    ]);
    expect(usage).toEqual({ inputTokens: 12, outputTokens: 3 });
    const sent = provider.converseRequests[1]?.messages.slice(1) as ConversationMessage[];
    expect(sent.map((m) => (m.role === 'tool' ? `${m.callId}: ${m.content}` : m.role))).toEqual([
      'assistant',
      'call_eval_0_0: result of todo/search #1',
      'dup: result of notes/search #2',
      'call_eval_0_2: result of todo/update #3',
    ]);
    expect(trajectory).toMatchObject({ stop: 'answered', finalText: 'done' });
  });

  it('resolves an invented name as server (unknown), and passes unreadable arguments on with their reason', async () => {
    const provider = fakeProvider({ reply: () => ({}), turns: (_r, call) => (call === 0 ? { calls: [{ tool: 'rocket', arguments: null }] } : { text: 'ok' }) });
    const loop = input(provider);
    const { trajectory } = await runAgentLoop(loop);
    expect(loop.resolved).toEqual([{ server: '(unknown)', tool: 'rocket', arguments: null }]);
    expect(trajectory.calls[0]).toMatchObject({ server: '(unknown)', tool: 'rocket', exposedName: 'rocket', arguments: null });
  });

  it('ends with stop "error" and what it had when the provider fails mid-loop', async () => {
    const failure = new ProviderError('upstream down', 'upstream', 503);
    const provider = fakeProvider({ reply: () => ({}), turns: (_r, call) => (call === 0 ? { calls: [{ tool: 'update', arguments: { id: '1' } }] } : failure) });
    const { trajectory, error, responses } = await runAgentLoop(input(provider));
    expect(error).toBe(failure);
    expect(trajectory.stop).toBe('error');
    expect(trajectory.steps).toHaveLength(1);
    expect(trajectory.calls.map((c) => c.tool)).toEqual(['update']);
    expect(responses).toEqual([{ fake: true, turn: 0 }]);
  });

  it('resolves at most MAX_CALLS_PER_TURN calls of one turn; the rest get an error result each', async () => {
    const many = Array.from({ length: MAX_CALLS_PER_TURN + 2 }, (_, i) => ({ tool: 'update', arguments: { id: String(i) } }));
    const provider = fakeProvider({ reply: () => ({}), turns: (_r, call) => (call === 0 ? { calls: many } : { text: 'ok' }) });
    const loop = input(provider);
    const { trajectory } = await runAgentLoop(loop);
    expect(loop.resolved).toHaveLength(MAX_CALLS_PER_TURN);
    expect(trajectory.calls).toHaveLength(MAX_CALLS_PER_TURN + 2);
    expect(trajectory.calls.slice(-2).map((c) => [c.source, c.result.text])).toEqual([
      ['error', `(not run: more than ${MAX_CALLS_PER_TURN} tool calls in one turn)`],
      ['error', `(not run: more than ${MAX_CALLS_PER_TURN} tool calls in one turn)`],
    ]);
    // Every call still gets its result message, as both APIs require.
    expect(provider.converseRequests[1]?.messages.filter((m) => m.role === 'tool')).toHaveLength(MAX_CALLS_PER_TURN + 2);
  });

  it('sends the context before the query, its calls under the names the tools are offered as', async () => {
    const provider = fakeProvider({ reply: () => ({}), turns: () => ({ text: 'ok' }) });
    await runAgentLoop(
      input(provider, {
        context: [
          { role: 'user', content: 'find my notes' },
          { role: 'assistant', toolCalls: [{ id: 'c1', server: 'notes', tool: 'search', arguments: { q: 'x' } }, { id: 'c2', server: 'gone', tool: 'old_tool', arguments: {} }] },
          { role: 'tool', callId: 'c1', content: '[]' },
          { role: 'tool', callId: 'c2', content: 'failed', isError: true },
        ],
      }),
    );
    expect(provider.converseRequests[0]?.messages).toEqual([
      { role: 'user', content: 'find my notes' },
      {
        role: 'assistant',
        text: null,
        toolCalls: [
          { id: 'c1', name: 'notes__search', arguments: { q: 'x' } },
          { id: 'c2', name: 'old_tool', arguments: {} },
        ],
      },
      { role: 'tool', callId: 'c1', content: '[]' },
      { role: 'tool', callId: 'c2', content: 'failed', isError: true },
      { role: 'user', content: 'the query' },
    ]);
  });

  it('sends every model turn through the guard (the circuit breaker)', async () => {
    const provider = fakeProvider({ reply: () => ({}), turns: (_r, call) => (call < 2 ? { calls: [{ tool: 'update' }] } : { text: 'ok' }) });
    let guarded = 0;
    await runAgentLoop(input(provider, { guard: (call) => (guarded++, call()) }));
    expect(guarded).toBe(3);
  });

  it('makes one selection with a provider that cannot converse, resolves nothing, and says so', async () => {
    const provider = fakeProvider({ reply: () => ({ tool: 'update', arguments: { id: '1' } }) });
    const loop = input(provider);
    const { trajectory } = await runAgentLoop(loop);
    expect(provider.selectRequests.map((r) => r.query)).toEqual(['the query']);
    expect(loop.resolved).toEqual([]);
    expect(trajectory).toMatchObject({ singleStep: true, stop: 'answered', steps: [{ step: 0, callCount: 1 }] });
    expect(trajectory.calls[0]).toMatchObject({ tool: 'update', source: 'not_executed', result: { text: SINGLE_STEP_TEXT, isError: false } });
  });
});
