import { afterEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from './llm-server';

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(url: string, body: unknown): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

const openaiBody = (query: string) => ({ model: 'm', messages: [{ role: 'system', content: 's' }, { role: 'user', content: query }] });
const anthropicBody = (query: string) => ({ model: 'm', max_tokens: 10, messages: [{ role: 'user', content: [{ type: 'text', text: query }] }] });

describe('startLlmServer', () => {
  it('answers OpenAI requests with tool calls, consuming replies in order and repeating the last', async () => {
    server = await startLlmServer({
      rules: [
        {
          match: 'weather?',
          replies: [
            { toolCalls: [{ name: 'a', arguments: { x: 1 } }, { name: 'b', arguments: '{bad' }], usage: { inputTokens: 7, outputTokens: 3 } },
            { text: 'done' },
          ],
        },
      ],
    });
    const first = JSON.parse((await post(`${server.openaiBaseUrl}/chat/completions`, openaiBody('weather?'))).text);
    expect(first.object).toBe('chat.completion');
    expect(first.choices[0].finish_reason).toBe('tool_calls');
    expect(first.choices[0].message.tool_calls.map((c: { function: { name: string; arguments: string } }) => c.function)).toEqual([
      { name: 'a', arguments: '{"x":1}' },
      { name: 'b', arguments: '{bad' },
    ]);
    expect(first.usage).toEqual({ prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 });
    for (let i = 0; i < 2; i++) {
      const next = JSON.parse((await post(`${server.url}/chat/completions`, openaiBody('weather?'))).text);
      expect(next.choices[0].message).toMatchObject({ content: 'done' });
    }
    expect(server.requests.map((r) => [r.api, r.query])).toEqual([
      ['openai', 'weather?'],
      ['openai', 'weather?'],
      ['openai', 'weather?'],
    ]);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer k');
  });

  it('answers Anthropic requests with tool_use blocks, matching by RegExp and predicate', async () => {
    server = await startLlmServer({
      rules: [
        { match: /forecast/i, replies: [{ toolCalls: [{ name: 'get_forecast', arguments: { city: 'Oslo' } }], text: 'Checking.' }] },
        { match: (q) => q.startsWith('Rate'), replies: [{ text: '{"confidence":0.9,"reasoning":"ok"}' }] },
      ],
    });
    const msg = JSON.parse((await post(`${server.anthropicBaseUrl}/v1/messages`, anthropicBody('Forecast please'))).text);
    expect(msg).toMatchObject({ type: 'message', role: 'assistant', stop_reason: 'tool_use' });
    expect(msg.content).toEqual([
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: expect.stringMatching(/^toolu_/), name: 'get_forecast', input: { city: 'Oslo' } },
    ]);
    expect(msg.usage.input_tokens).toBeGreaterThan(0);
    const rated = JSON.parse((await post(`${server.anthropicBaseUrl}/v1/messages`, anthropicBody('Rate it'))).text);
    expect(rated.content).toEqual([{ type: 'text', text: '{"confidence":0.9,"reasoning":"ok"}' }]);
    expect(rated.stop_reason).toBe('end_turn');
  });

  it('scripts errors, malformed bodies, the default reply and hangs', async () => {
    server = await startLlmServer({
      rules: [
        { match: 'limit', replies: [{ status: 429, retryAfter: 2 }] },
        { match: 'broken', replies: [{ malformed: true }] },
        { match: 'hang', replies: [{ hang: true }] },
      ],
      default: { text: 'fallback' },
    });
    const limited = await post(`${server.openaiBaseUrl}/chat/completions`, openaiBody('limit'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(JSON.parse(limited.text).error.type).toBe('rate_limit_exceeded');
    const anthropicLimited = await post(`${server.url}/v1/messages`, anthropicBody('limit'));
    expect(JSON.parse(anthropicLimited.text)).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
    const broken = await post(`${server.openaiBaseUrl}/chat/completions`, openaiBody('broken'));
    expect(broken.status).toBe(200);
    expect(() => JSON.parse(broken.text)).toThrow();
    const other = JSON.parse((await post(`${server.openaiBaseUrl}/chat/completions`, openaiBody('anything'))).text);
    expect(other.choices[0].message.content).toBe('fallback');
    expect((await post(`${server.url}/nope`, {})).status).toBe(404);

    const hung = fetch(`${server.openaiBaseUrl}/chat/completions`, { method: 'POST', body: JSON.stringify(openaiBody('hang')) });
    const outcome = await Promise.race([hung.then(() => 'answered', () => 'failed'), new Promise((r) => setTimeout(() => r('pending'), 150))]);
    expect(outcome).toBe('pending');
    await server.close();
    server = undefined;
    await expect(hung).rejects.toThrow();
  });
});
