import { afterEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { describeCloudProviderContract } from '../testing/cloud-contract';
import { openaiCompatibleProvider, PLACEHOLDER_API_KEY } from './provider';
import { expectProviderError, makeModel, makeRequest } from '../testing/fixtures';

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describeCloudProviderContract({ provider: openaiCompatibleProvider, baseUrl: (s) => s.openaiBaseUrl, keyRequired: false });

describe('openai-compatible provider', () => {
  it('needs no key and sends a placeholder that local servers ignore', async () => {
    expect(openaiCompatibleProvider.requiresApiKey).toBe(false);
    server = await startLlmServer({ default: { toolCalls: [{ name: 'get_forecast', arguments: { city: 'Oslo' } }] } });
    const model = makeModel({ provider: 'openai-compatible', model: 'llama3.2', baseUrl: server.openaiBaseUrl });
    const selection = await openaiCompatibleProvider.selectTool(makeRequest(model));
    expect(selection.toolCalls[0]?.name).toBe('get_forecast');
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${PLACEHOLDER_API_KEY}`);
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
  });

  it('uses the key when one is given', async () => {
    server = await startLlmServer();
    const model = makeModel({ provider: 'openai-compatible', baseUrl: server.openaiBaseUrl });
    await openaiCompatibleProvider.selectTool(makeRequest(model, { apiKey: 'or-key-123' }));
    expect(server.requests[0]?.headers.authorization).toBe('Bearer or-key-123');
  });

  it('calls whatever path the base URL names and reports the host on errors', async () => {
    server = await startLlmServer({ default: { status: 503 } });
    const model = makeModel({ provider: 'openai-compatible', baseUrl: server.url });
    const err = await expectProviderError(openaiCompatibleProvider.selectTool(makeRequest(model)));
    expect(server.requests[0]?.path).toBe('/chat/completions');
    expect(err).toMatchObject({ kind: 'upstream', status: 503 });
    expect(err.message).toContain(new URL(server.url).host);
  });

  it('reports an unreachable server as upstream', async () => {
    server = await startLlmServer();
    const baseUrl = server.openaiBaseUrl;
    await server.close();
    server = undefined;
    const model = makeModel({ provider: 'openai-compatible', baseUrl });
    const err = await expectProviderError(openaiCompatibleProvider.selectTool(makeRequest(model)));
    expect(err.kind).toBe('upstream');
    expect(err.message).toMatch(/Could not reach/);
  });
});
