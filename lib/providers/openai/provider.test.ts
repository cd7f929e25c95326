import { afterEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { describeCloudProviderContract } from '../testing/cloud-contract';
import { openaiProvider } from './provider';
import { DEFAULT_SYSTEM_PROMPT } from '../shared/prompts';
import { DEMO_TOOLS, expectProviderError, makeModel, makeRequest, SENTINEL_API_KEY } from '../testing/fixtures';

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describeCloudProviderContract({ provider: openaiProvider, baseUrl: (s) => s.openaiBaseUrl });

type Body = Record<string, unknown> & { messages: Array<Record<string, unknown>> };

describe('openai provider: what goes over the wire', () => {
  it('sends the tools as function definitions, tool_choice auto, temperature, system prompt and the key', async () => {
    server = await startLlmServer();
    const model = makeModel({ provider: 'openai', model: 'gpt-test', baseUrl: server.openaiBaseUrl, temperature: 0.7 });
    await openaiProvider.selectTool(makeRequest(model, { apiKey: SENTINEL_API_KEY, query: 'Forecast for Oslo?' }));
    const [sent] = server.requests;
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers.authorization).toBe(`Bearer ${SENTINEL_API_KEY}`);
    const body = sent?.body as Body;
    expect(body.model).toBe('gpt-test');
    expect(body.temperature).toBe(0.7);
    expect(body.tool_choice).toBe('auto');
    expect(body.tools).toEqual(
      DEMO_TOOLS.map((t) => ({ type: 'function', function: { name: t.exposedName, description: t.description, parameters: t.inputSchema } })),
    );
    expect(body.messages).toEqual([
      { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
      { role: 'user', content: 'Forecast for Oslo?' },
    ]);
    expect(body.stream).toBeUndefined();
  });

  it('uses a custom system prompt and sends no tools field when there are no tools', async () => {
    server = await startLlmServer();
    const model = makeModel({ provider: 'openai', baseUrl: server.openaiBaseUrl, systemPrompt: 'Be terse.' });
    await openaiProvider.selectTool(makeRequest(model, { apiKey: 'k', tools: [] }));
    const body = server.requests[0]?.body as Body;
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Be terse.' });
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('tool_choice');
  });

  it('makes 1 + maxRetries attempts on retryable errors', async () => {
    server = await startLlmServer({ default: { status: 429, headers: { 'retry-after-ms': '10' } } });
    const model = makeModel({ provider: 'openai', baseUrl: server.openaiBaseUrl, maxRetries: 2 });
    const err = await expectProviderError(openaiProvider.selectTool(makeRequest(model, { apiKey: 'k' })));
    expect(err.kind).toBe('rate_limit');
    expect(err.message).toMatch(/2 retries/);
    expect(server.requests).toHaveLength(3);
  });

  it('replays the tool calls with a tool message each, then asks for the rating without tools', async () => {
    server = await startLlmServer({
      rules: [
        {
          match: 'Paris and Oslo?',
          replies: [
            {
              toolCalls: [
                { name: 'get_forecast', arguments: { city: 'Paris' } },
                { name: 'get_forecast', arguments: { city: 'Oslo' } },
              ],
            },
          ],
        },
      ],
      default: { text: '{"confidence": 0.9, "reasoning": "fits"}' },
    });
    const model = makeModel({ provider: 'openai', baseUrl: server.openaiBaseUrl, temperature: 0 });
    const req = makeRequest(model, { apiKey: 'k', query: 'Paris and Oslo?' });
    const selection = await openaiProvider.selectTool(req);
    await openaiProvider.assessConfidence({ ...req, selection });
    const body = server.requests[1]?.body as Body;
    expect(body).not.toHaveProperty('tools');
    expect(body.temperature).toBe(0);
    const ids = selection.toolCalls.map((c) => c.id);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'tool', 'user']);
    expect(body.messages[2]).toMatchObject({
      role: 'assistant',
      tool_calls: [
        { id: ids[0], type: 'function', function: { name: 'get_forecast', arguments: '{"city":"Paris"}' } },
        { id: ids[1], type: 'function', function: { name: 'get_forecast', arguments: '{"city":"Oslo"}' } },
      ],
    });
    expect(body.messages.slice(3, 5)).toEqual([
      { role: 'tool', tool_call_id: ids[0], content: '(not executed: evaluation)' },
      { role: 'tool', tool_call_id: ids[1], content: '(not executed: evaluation)' },
    ]);
  });

  it('fails with auth before any request when no key is given', async () => {
    server = await startLlmServer();
    const model = makeModel({ provider: 'openai', baseUrl: server.openaiBaseUrl });
    const err = await expectProviderError(openaiProvider.selectTool(makeRequest(model)));
    expect(err.kind).toBe('auth');
    expect(server.requests).toHaveLength(0);
  });
});

