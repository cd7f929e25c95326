import { afterEach, describe, expect, it } from 'vitest';
import { agentScript } from '@/tests/helpers/agent-script';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { DEMO_TOOLS, makeModel, SENTINEL_API_KEY } from '../testing/fixtures';
import type { ConversationMessage, ConversationRequest } from '../types';
import { anthropicProvider } from './provider';

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Body = { messages: Record<string, unknown>[]; tools?: unknown[]; tool_choice?: unknown; system?: unknown };

function request(baseUrl: string, messages: ConversationMessage[]): ConversationRequest {
  return { model: makeModel({ provider: 'anthropic', baseUrl }), apiKey: SENTINEL_API_KEY, tools: DEMO_TOOLS, messages, signal: new AbortController().signal };
}

describe('anthropic converse: tool_use and tool_result blocks', () => {
  it('calls, reads the result from the tool_result block it was sent, calls again with a value from it, then answers', async () => {
    server = await startLlmServer({
      respond: agentScript([
        () => ({ toolCalls: [{ name: 'list_todos', arguments: { status: 'open' } }] }),
        (turn) => ({ toolCalls: [{ name: 'add_todo', arguments: { title: `after ${String(turn.read(0, 'items', 0, 'title'))}` } }] }),
        (turn) => ({ text: `Added (error: ${String(turn.results[0]?.isError)}): ${turn.results[0]?.content ?? ''}` }),
      ]),
    });
    const messages: ConversationMessage[] = [{ role: 'user', content: 'Add a todo after my first open one' }];
    const first = await anthropicProvider.converse(request(server.anthropicBaseUrl, messages));
    expect(first.toolCalls).toEqual([{ id: 'toolu_scripted_1_0', name: 'list_todos', arguments: { status: 'open' } }]);
    messages.push({ role: 'assistant', text: null, toolCalls: [{ id: 'toolu_scripted_1_0', name: 'list_todos', arguments: { status: 'open' } }] });
    messages.push({ role: 'tool', callId: 'toolu_scripted_1_0', content: '{"items":[{"title":"Buy milk"}]}' });
    const second = await anthropicProvider.converse(request(server.anthropicBaseUrl, messages));
    expect(second.toolCalls).toEqual([{ id: 'toolu_scripted_2_0', name: 'add_todo', arguments: { title: 'after Buy milk' } }]);
    messages.push({ role: 'assistant', text: null, toolCalls: [{ id: 'toolu_scripted_2_0', name: 'add_todo', arguments: { title: 'after Buy milk' } }] });
    messages.push({ role: 'tool', callId: 'toolu_scripted_2_0', content: 'title too long', isError: true });
    const third = await anthropicProvider.converse(request(server.anthropicBaseUrl, messages));
    expect(third).toMatchObject({ toolCalls: [], text: 'Added (error: true): title too long' });

    const body = server.requests[2]?.body as Body;
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(body.tools).toHaveLength(DEMO_TOOLS.length);
    expect(body.messages).toEqual([
      { role: 'user', content: 'Add a todo after my first open one' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_scripted_1_0', name: 'list_todos', input: { status: 'open' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_scripted_1_0', content: '{"items":[{"title":"Buy milk"}]}' }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_scripted_2_0', name: 'add_todo', input: { title: 'after Buy milk' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_scripted_2_0', content: 'title too long', is_error: true }] },
    ]);
  });

  it('keeps parallel calls in order and answers them with consecutive tool_result blocks in one user message', async () => {
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
    const first = await anthropicProvider.converse(request(server.anthropicBaseUrl, messages));
    const ids = first.toolCalls.map((c) => c.id ?? '');
    expect(first.toolCalls.map((c) => c.arguments)).toEqual([{ city: 'Paris' }, { city: 'Oslo' }]);
    messages.push({ role: 'assistant', text: first.text, toolCalls: first.toolCalls.map((c, i) => ({ ...c, id: ids[i] ?? '' })) });
    messages.push({ role: 'tool', callId: ids[0] ?? '', content: 'rain' }, { role: 'tool', callId: ids[1] ?? '', content: 'snow' });
    const second = await anthropicProvider.converse(request(server.anthropicBaseUrl, messages));
    expect(second.text).toBe(`${ids[0]}=rain, ${ids[1]}=snow`);
    const body = server.requests[1]?.body as Body;
    expect(body.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Both cities.' },
          { type: 'tool_use', id: ids[0], name: 'get_forecast', input: { city: 'Paris' } },
          { type: 'tool_use', id: ids[1], name: 'get_forecast', input: { city: 'Oslo' } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: ids[0], content: 'rain' },
          { type: 'tool_result', tool_use_id: ids[1], content: 'snow' },
        ],
      },
    ]);
  });

  it('sends context turns verbatim before the query; the query shares the user message that follows tool results', async () => {
    server = await startLlmServer({ default: { text: 'ok' } });
    const messages: ConversationMessage[] = [
      { role: 'user', content: 'What is on my list?' },
      { role: 'assistant', text: 'Let me look.', toolCalls: [{ id: 'ctx_1', name: 'list_todos', arguments: {} }] },
      { role: 'tool', callId: 'ctx_1', content: '[{"id":"3","title":"Buy milk"}]' },
      { role: 'user', content: 'Mark it done' },
    ];
    await anthropicProvider.converse(request(server.anthropicBaseUrl, messages));
    const body = server.requests[0]?.body as Body;
    expect(body.messages).toEqual([
      { role: 'user', content: 'What is on my list?' },
      { role: 'assistant', content: [{ type: 'text', text: 'Let me look.' }, { type: 'tool_use', id: 'ctx_1', name: 'list_todos', input: {} }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'ctx_1', content: '[{"id":"3","title":"Buy milk"}]' },
          { type: 'text', text: 'Mark it done' },
        ],
      },
    ]);
  });
});
