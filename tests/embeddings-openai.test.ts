import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiEmbeddingProvider } from '@/lib/embeddings/openai';
import { dot } from '@/lib/text/vector-math';
import { UpstreamError } from '@/lib/errors';
import { scriptedEmbedding, startLlmServer, type LlmServer } from './helpers/llm-server';

const KEY = 'sk-test-embeddings-0123456789abcdef';
const NO_RETRIES = { timeoutMs: 5_000, maxRetries: 0, temperature: 0 };

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAI embeddings through the real SDK', () => {
  it('sends batches, keeps the key in the Authorization header only, and returns unit vectors in order', async () => {
    server = await startLlmServer();
    const provider = createOpenAiEmbeddingProvider({ model: 'text-embedding-3-small', baseUrl: server.openaiBaseUrl, batchSize: 4 });
    const texts = Array.from({ length: 10 }, (_, i) => `tool number ${i} searches documents`);
    const vectors = await provider.embed(texts, { apiKey: KEY });

    expect(server.requests.map((r) => [r.method, r.path, (r.body as { input: string[] }).input.length])).toEqual([
      ['POST', '/v1/embeddings', 4],
      ['POST', '/v1/embeddings', 4],
      ['POST', '/v1/embeddings', 2],
    ]);
    expect((server.requests[2]?.body as { input: string[] }).input).toEqual(texts.slice(8));
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(JSON.stringify({ ...request, headers: undefined })).not.toContain(KEY);
      expect(request.body).toMatchObject({ model: 'text-embedding-3-small' });
    }
    expect(vectors).toHaveLength(10);
    vectors.forEach((vector, i) => {
      expect(vector).toHaveLength(1536);
      expect(dot(vector, vector)).toBeCloseTo(1, 5);
      expect(dot(vector, scriptedEmbedding(texts[i]!, 1536))).toBeCloseTo(1, 5);
    });
  });

  it('does not send empty texts (the API rejects them) and answers zero vectors for them', async () => {
    server = await startLlmServer();
    const provider = createOpenAiEmbeddingProvider({ model: 'text-embedding-3-large', baseUrl: server.openaiBaseUrl });
    const [empty, text] = await provider.embed(['   ', 'list todos'], { apiKey: KEY });
    expect(server.requests).toHaveLength(1);
    expect((server.requests[0]?.body as { input: string[] }).input).toEqual(['list todos']);
    expect(empty!.every((v) => v === 0)).toBe(true);
    expect(empty).toHaveLength(3072);
    expect(text).toHaveLength(3072);
    expect(await provider.embed(['', ''], { apiKey: KEY })).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
  });

  it('maps HTTP errors to provider errors without the key, even when the upstream echoes it', async () => {
    server = await startLlmServer({
      rules: [
        { match: /unauthorized/, replies: [{ status: 401 }] },
        { match: /echo/, replies: [{ status: 400, body: { error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error' } } }] },
        { match: /short/, replies: [{ json: { object: 'list', data: [], model: 'x' } }] },
      ],
    });
    const provider = createOpenAiEmbeddingProvider({ model: 'text-embedding-3-small', baseUrl: server.openaiBaseUrl, settings: NO_RETRIES });

    const auth = await provider.embed(['unauthorized'], { apiKey: KEY }).catch((e: unknown) => e);
    expect(auth).toBeInstanceOf(UpstreamError);
    expect(auth).toMatchObject({ code: 'embedding_auth_failed', status: 502, details: { kind: 'auth', upstreamStatus: 401 } });

    const echoed = await provider.embed(['echo'], { apiKey: KEY }).catch((e: unknown) => e);
    expect(echoed).toMatchObject({ status: 502, details: { kind: 'upstream', upstreamStatus: 400 } });
    expect((echoed as Error).message).toContain('[redacted]');
    expect((echoed as Error).message).not.toContain(KEY);
    expect((echoed as Error).message).not.toContain(KEY.slice(0, 12));

    await expect(provider.embed(['short'], { apiKey: KEY })).rejects.toMatchObject({ code: 'embedding_bad_response', status: 502 });
  });

  it('needs a key per call and sends nothing without one', async () => {
    server = await startLlmServer();
    const provider = createOpenAiEmbeddingProvider({ model: 'text-embedding-3-small', baseUrl: server.openaiBaseUrl });
    await expect(provider.embed(['x'])).rejects.toMatchObject({ code: 'missing_api_key', status: 400 });
    expect(server.requests).toHaveLength(0);
  });

  it('stops when the caller aborts', async () => {
    server = await startLlmServer({ rules: [{ match: /slow/, replies: [{ hang: true }] }] });
    const provider = createOpenAiEmbeddingProvider({ model: 'text-embedding-3-small', baseUrl: server.openaiBaseUrl, settings: NO_RETRIES });
    const controller = new AbortController();
    const pending = provider.embed(['slow'], { apiKey: KEY, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ code: 'embedding_aborted', details: { kind: 'aborted' } });
  });
});

describe('the scripted /v1/embeddings endpoint', () => {
  it('answers floats or base64 as asked, honours dimensions, and rejects bad input', async () => {
    server = await startLlmServer();
    const post = (body: unknown) =>
      fetch(`${server!.openaiBaseUrl}/embeddings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const floats = (await (await post({ model: 'text-embedding-3-small', input: 'a b', dimensions: 8, encoding_format: 'float' })).json()) as {
      data: { index: number; embedding: number[] }[];
      usage: { prompt_tokens: number };
    };
    expect(floats.data[0]?.embedding).toEqual(Array.from(scriptedEmbedding('a b', 8)));
    expect(floats.usage.prompt_tokens).toBeGreaterThan(0);
    const encoded = (await (await post({ model: 'm', input: ['a b'], dimensions: 8, encoding_format: 'base64' })).json()) as { data: { embedding: string }[] };
    const bytes = Buffer.from(encoded.data[0]!.embedding, 'base64');
    expect(Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, 8))).toEqual(Array.from(scriptedEmbedding('a b', 8)));
    expect((await post({ model: 'm', input: [1, 2] })).status).toBe(400);
    expect(server.requests[0]).toMatchObject({ api: 'openai', path: '/v1/embeddings', query: 'a b' });
  });
});
