import { afterEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { describeCloudProviderContract } from '../testing/cloud-contract';
import { ANTHROPIC_MAX_TOKENS, anthropicProvider } from './provider';
import { DEFAULT_SYSTEM_PROMPT } from '../shared/prompts';
import { DEMO_TOOLS, expectProviderError, makeModel, makeRequest, SENTINEL_API_KEY } from '../testing/fixtures';

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describeCloudProviderContract({ provider: anthropicProvider, baseUrl: (s) => s.anthropicBaseUrl });

type Body = Record<string, unknown> & { messages: Array<{ role: string; content: unknown }> };

describe('anthropic provider: what goes over the wire', () => {
  it('sends tools with input_schema, tool_choice auto, max_tokens, the system prompt and the key', async () => {
    server = await startLlmServer();
    const model = makeModel({ provider: 'anthropic', model: 'claude-test', baseUrl: server.anthropicBaseUrl });
    await anthropicProvider.selectTool(makeRequest(model, { apiKey: SENTINEL_API_KEY, query: 'Forecast for Oslo?' }));
    const [sent] = server.requests;
    expect(sent?.path).toBe('/v1/messages');
    // SDK 1.x sends the key as a bearer token (older versions used x-api-key).
    expect(sent?.headers.authorization ?? sent?.headers['x-api-key']).toMatch(new RegExp(`(^|Bearer )${SENTINEL_API_KEY}$`));
    const body = sent?.body as Body;
    expect(body).toMatchObject({ model: 'claude-test', max_tokens: ANTHROPIC_MAX_TOKENS, system: DEFAULT_SYSTEM_PROMPT });
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(body.tools).toEqual(DEMO_TOOLS.map((t) => ({ name: t.exposedName, description: t.description, input_schema: t.inputSchema })));
    expect(body.messages).toEqual([{ role: 'user', content: 'Forecast for Oslo?' }]);
    // API version 2026-10-21 rejects sampling parameters.
    expect(body).not.toHaveProperty('temperature');
  });

  it('uses a custom system prompt and sends no tools when there are none', async () => {
    server = await startLlmServer();
    const model = makeModel({ provider: 'anthropic', baseUrl: server.anthropicBaseUrl, systemPrompt: 'Be terse.' });
    await anthropicProvider.selectTool(makeRequest(model, { apiKey: 'k', tools: [] }));
    const body = server.requests[0]?.body as Body;
    expect(body.system).toBe('Be terse.');
    expect(body).not.toHaveProperty('tools');
  });

  it('makes 1 + maxRetries attempts on retryable errors', async () => {
    server = await startLlmServer({ default: { status: 529, headers: { 'retry-after-ms': '10' } } });
    const model = makeModel({ provider: 'anthropic', baseUrl: server.anthropicBaseUrl, maxRetries: 2 });
    const err = await expectProviderError(anthropicProvider.selectTool(makeRequest(model, { apiKey: 'k' })));
    expect(err).toMatchObject({ kind: 'upstream', status: 529 });
    expect(server.requests).toHaveLength(3);
  });

  it('replays tool_use blocks, answers each with a tool_result, and forbids further tool use', async () => {
    server = await startLlmServer({
      rules: [
        {
          match: 'Paris and Oslo?',
          replies: [
            {
              text: 'Checking both.',
              toolCalls: [
                { name: 'get_forecast', arguments: { city: 'Paris' } },
                { name: 'get_forecast', arguments: { city: 'Oslo' } },
              ],
            },
          ],
        },
      ],
      default: { text: '{"confidence": 0.8, "reasoning": "fits"}' },
    });
    const model = makeModel({ provider: 'anthropic', baseUrl: server.anthropicBaseUrl });
    const req = makeRequest(model, { apiKey: 'k', query: 'Paris and Oslo?' });
    const selection = await anthropicProvider.selectTool(req);
    expect(selection.text).toBe('Checking both.');
    const assessment = await anthropicProvider.assessConfidence({ ...req, selection });
    expect(assessment.confidence).toBe(0.8);
    const body = server.requests[1]?.body as Body;
    const ids = selection.toolCalls.map((c) => c.id);
    expect(body.tool_choice).toEqual({ type: 'none' });
    expect(body.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking both.' },
        { type: 'tool_use', id: ids[0], name: 'get_forecast', input: { city: 'Paris' } },
        { type: 'tool_use', id: ids[1], name: 'get_forecast', input: { city: 'Oslo' } },
      ],
    });
    expect(body.messages[2]).toMatchObject({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: ids[0], content: '(not executed: evaluation)' },
        { type: 'tool_result', tool_use_id: ids[1], content: '(not executed: evaluation)' },
        { type: 'text', text: expect.stringMatching(/^Rate your confidence/) },
      ],
    });
  });

  it('replays a text answer and sends no tools in the follow-up', async () => {
    server = await startLlmServer({ default: { text: '{"confidence": "70%", "reasoning": "unsure"}' } });
    const model = makeModel({ provider: 'anthropic', baseUrl: server.anthropicBaseUrl });
    const req = makeRequest(model, { apiKey: 'k' });
    const selection = { toolCalls: [], text: null, raw: null, usage: { inputTokens: 0, outputTokens: 0 } };
    const assessment = await anthropicProvider.assessConfidence({ ...req, selection });
    expect(assessment.confidence).toBe(0.7);
    const body = server.requests[0]?.body as Body;
    expect(body).not.toHaveProperty('tools');
    expect(body.messages[1]).toEqual({ role: 'assistant', content: [{ type: 'text', text: '(no answer)' }] });
  });
});

