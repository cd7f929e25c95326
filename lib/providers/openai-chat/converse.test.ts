import { afterEach, describe, expect, it } from 'vitest';
import { agentScript } from '@/tests/helpers/agent-script';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { openaiProvider } from '../openai/provider';
import { openaiCompatibleProvider } from '../openai-compatible/provider';
import { DEFAULT_SYSTEM_PROMPT } from '../shared/prompts';
import { DEMO_TOOLS, makeModel, SENTINEL_API_KEY } from '../testing/fixtures';
import type { ConversationMessage, ConversationRequest } from '../types';

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Body = { messages: Record<string, unknown>[]; tools?: unknown[]; tool_choice?: unknown };

function request(baseUrl: string, messages: ConversationMessage[], provider: 'openai' | 'openai-compatible' = 'openai'): ConversationRequest {
  return { model: makeModel({ provider, baseUrl }), apiKey: SENTINEL_API_KEY, tools: DEMO_TOOLS, messages, signal: new AbortController().signal };
}

describe.each([
  ['openai', openaiProvider],
  ['openai-compatible', openaiCompatibleProvider],
] as const)('%s converse: tool results in the chat-completions format', (id, provider) => {
  it('calls, reads the result from the tool message it was sent, calls again with a value from it, then answers', async () => {
    server = await startLlmServer({
      respond: agentScript([
        () => ({ toolCalls: [{ name: 'list_todos', arguments: { status: 'open' } }] }),
        (turn) => ({ toolCalls: [{ name: 'add_todo', arguments: { title: `after ${String(turn.read(0, 'items', 0, 'title'))}` } }] }),
        (turn) => ({ text: `Added: ${turn.results[0]?.content ?? ''}` }),
      ]),
    });
    const messages: ConversationMessage[] = [{ role: 'user', content: 'Add a todo after my first open one' }];
    const first = await provider.converse(request(server.openaiBaseUrl, messages, id));
    expect(first.toolCalls).toEqual([{ id: 'call_1_0', name: 'list_todos', arguments: { status: 'open' } }]);
    messages.push({ role: 'assistant', text: first.text, toolCalls: [{ id: 'call_1_0', name: 'list_todos', arguments: { status: 'open' } }] });
    messages.push({ role: 'tool', callId: 'call_1_0', content: '{"items":[{"title":"Buy milk"}]}' });
    const second = await provider.converse(request(server.openaiBaseUrl, messages, id));
    expect(second.toolCalls).toEqual([{ id: 'call_2_0', name: 'add_todo', arguments: { title: 'after Buy milk' } }]);
    messages.push({ role: 'assistant', text: null, toolCalls: [{ id: 'call_2_0', name: 'add_todo', arguments: { title: 'after Buy milk' } }] });
    messages.push({ role: 'tool', callId: 'call_2_0', content: 'created #7', isError: true });
    const third = await provider.converse(request(server.openaiBaseUrl, messages, id));
    expect(third).toMatchObject({ toolCalls: [], text: 'Added: created #7' });

    const body = server.requests[2]?.body as Body;
    expect(body.tool_choice).toBe('auto');
    expect(body.tools).toHaveLength(DEMO_TOOLS.length);
    expect(body.messages).toEqual([
      { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
      { role: 'user', content: 'Add a todo after my first open one' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1_0', type: 'function', function: { name: 'list_todos', arguments: '{"status":"open"}' } }] },
      { role: 'tool', tool_call_id: 'call_1_0', content: '{"items":[{"title":"Buy milk"}]}' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_2_0', type: 'function', function: { name: 'add_todo', arguments: '{"title":"after Buy milk"}' } }] },
      { role: 'tool', tool_call_id: 'call_2_0', content: 'created #7' },
    ]);
  });

  it('keeps parallel calls of one turn in order and pairs each result with its call id', async () => {
    server = await startLlmServer({
      respond: agentScript([
        () => ({
          text: 'Both cities.',
          toolCalls: [
            { name: 'get_forecast', arguments: { city: 'Paris' } },
            { name: 'get_forecast', arguments: { city: 'Oslo' } },
          ],
        }),
        (turn) => ({ text: turn.results.map((r) => `${r.callId}=${r.content}`).join(', ') }),
      ]),
    });
    const messages: ConversationMessage[] = [{ role: 'user', content: 'Paris and Oslo?' }];
    const first = await provider.converse(request(server.openaiBaseUrl, messages, id));
    expect(first.toolCalls.map((c) => [c.id, c.arguments])).toEqual([
      ['call_1_0', { city: 'Paris' }],
      ['call_1_1', { city: 'Oslo' }],
    ]);
    messages.push({ role: 'assistant', text: first.text, toolCalls: first.toolCalls.map((c) => ({ ...c, id: c.id ?? '' })) });
    messages.push({ role: 'tool', callId: 'call_1_0', content: 'rain' }, { role: 'tool', callId: 'call_1_1', content: 'snow' });
    const second = await provider.converse(request(server.openaiBaseUrl, messages, id));
    expect(second.text).toBe('call_1_0=rain, call_1_1=snow');
    const body = server.requests[1]?.body as Body;
    expect(body.messages[2]).toMatchObject({ role: 'assistant', content: 'Both cities.' });
  });
});

describe('openai converse: context turns', () => {
  it('sends earlier turns verbatim before the query, with the calls and results they hold', async () => {
    server = await startLlmServer({ default: { text: 'ok' } });
    const messages: ConversationMessage[] = [
      { role: 'user', content: 'What is on my list?' },
      { role: 'assistant', text: 'Let me look.', toolCalls: [{ id: 'ctx_1', name: 'list_todos', arguments: {} }] },
      { role: 'tool', callId: 'ctx_1', content: '[{"id":"3","title":"Buy milk"}]' },
      { role: 'assistant', text: 'You have one todo: Buy milk.', toolCalls: [] },
      { role: 'user', content: 'Mark it done' },
    ];
    await openaiProvider.converse(request(server.openaiBaseUrl, messages));
    expect((server.requests[0]?.body as Body).messages.slice(1)).toEqual([
      { role: 'user', content: 'What is on my list?' },
      { role: 'assistant', content: 'Let me look.', tool_calls: [{ id: 'ctx_1', type: 'function', function: { name: 'list_todos', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'ctx_1', content: '[{"id":"3","title":"Buy milk"}]' },
      { role: 'assistant', content: 'You have one todo: Buy milk.' },
      { role: 'user', content: 'Mark it done' },
    ]);
  });
});
