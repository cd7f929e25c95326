import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDemoServers } from '@/tests/helpers/demo-server';
import { countOpenSseSessions } from './sse-transport';
import { resetDemoState } from './state';

type Todo = { id: string; title: string };

/** callTool's declared result also covers the legacy `toolResult` shape, which these servers never send. */
function structured<T>(result: object): T {
  return (result as { structuredContent?: unknown }).structuredContent as T;
}

describe('demo servers over HTTP', () => {
  let baseUrl: string;
  let close: () => Promise<void>;
  const clients: Client[] = [];

  beforeAll(async () => {
    ({ baseUrl, close } = await startDemoServers());
  });
  afterAll(async () => {
    await close();
  });
  beforeEach(() => resetDemoState());
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    // The server notices a closed SSE stream asynchronously, when the socket closes.
    await vi.waitFor(() => expect(countOpenSseSessions()).toBe(0), { timeout: 2000 });
  });

  async function connect(kind: 'streamable' | 'sse', id: string): Promise<Client> {
    const client = new Client({ name: 'transport-test', version: '1.0.0' });
    const transport =
      kind === 'sse'
        ? new SSEClientTransport(new URL(`${baseUrl}/demo/${id}/sse`))
        : new StreamableHTTPClientTransport(new URL(`${baseUrl}/demo/${id}/mcp`));
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  it.each(['streamable', 'sse'] as const)('initializes, lists tools and calls a tool over %s', async (kind) => {
    const client = await connect(kind, 'todo');
    expect(client.getServerVersion()).toMatchObject({ name: 'demo-todo', version: '1.0.0' });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('create_todo');
    const result = await client.callTool({ name: 'list_todos', arguments: { completed: true } });
    expect(structured<{ todos: Todo[] }>(result).todos.map((t) => t.title)).toEqual(['Buy coffee beans']);
  });

  it('shares state between the transports', async () => {
    const viaHttp = await connect('streamable', 'todo');
    const viaSse = await connect('sse', 'todo');
    const created = await viaHttp.callTool({ name: 'create_todo', arguments: { title: 'Written over streamable HTTP' } });
    const { id } = structured<{ todo: Todo }>(created).todo;
    const found = await viaSse.callTool({ name: 'search_todos', arguments: { query: 'streamable' } });
    expect(structured<{ todos: Todo[] }>(found).todos.map((t) => t.id)).toEqual([id]);
    await viaSse.callTool({ name: 'delete_todo', arguments: { id } });
    const gone = await viaHttp.callTool({ name: 'delete_todo', arguments: { id } });
    expect(gone.isError).toBe(true);
  });

  it('serves every demo server on both transports', async () => {
    for (const id of ['rag', 'valuerank']) {
      for (const kind of ['streamable', 'sse'] as const) {
        const client = await connect(kind, id);
        expect((await client.listTools()).tools).toHaveLength(6);
      }
    }
    const rag = await connect('streamable', 'rag');
    const search = await rag.callTool({ name: 'rag_search', arguments: { query: 'SQLite WAL', topK: 1 } });
    expect(JSON.stringify(search.content)).toContain('SQLite WAL mode and concurrency');
  });

  it('removes the SSE session when the client closes', async () => {
    const client = await connect('sse', 'valuerank');
    expect(countOpenSseSessions()).toBe(1);
    await client.close();
    await vi.waitFor(() => expect(countOpenSseSessions()).toBe(0), { timeout: 2000 });
  });

  it('sends the endpoint event first on the SSE stream', async () => {
    const controller = new AbortController();
    const res = await fetch(`${baseUrl}/demo/rag/sse`, { signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const reader = res.body!.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toMatch(/^event: endpoint\ndata: \/demo\/rag\/messages\?sessionId=[0-9a-f-]{36}\n\n/);
    controller.abort();
    await vi.waitFor(() => expect(countOpenSseSessions()).toBe(0), { timeout: 2000 });
  });

  describe('error responses', () => {
    it('answers an unknown or missing SSE session with 404 / 400', async () => {
      const post = (query: string) =>
        fetch(`${baseUrl}/demo/todo/messages${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        });
      const unknown = await post('?sessionId=00000000-0000-4000-8000-000000000000');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ error: { code: 'not_found' } });
      const missing = await post('');
      expect(missing.status).toBe(400);
    });

    it('refuses a POST to another server, a bad body and an oversized body on an open session', async () => {
      const controller = new AbortController();
      const res = await fetch(`${baseUrl}/demo/todo/sse`, { signal: controller.signal });
      const first = await res.body!.getReader().read();
      const endpoint = /data: (\S+)/.exec(new TextDecoder().decode(first.value))?.[1] ?? '';
      const post = (path: string, body: string) => fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      try {
        expect((await post(endpoint.replace('/todo/', '/rag/'), '{}')).status).toBe(404);
        expect((await post(endpoint, 'not json')).status).toBe(400);
        expect((await post(endpoint, JSON.stringify({ hello: 'world' }))).status).toBe(400);
        const big = await post(endpoint, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/x', params: { pad: 'x'.repeat(1024 * 1024) } }));
        expect(big.status).toBe(413);
        const ok = await post(endpoint, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        expect(ok.status).toBe(202);
        expect(await ok.text()).toBe('Accepted');
      } finally {
        controller.abort();
      }
    });

    it('answers an unknown server or endpoint with 404 JSON', async () => {
      for (const path of ['/demo/nope/mcp', '/demo/nope/sse', '/demo/todo/graphql']) {
        const res = await fetch(`${baseUrl}${path}`, { method: 'POST' });
        expect(res.status, path).toBe(404);
        expect(await res.json()).toMatchObject({ error: { code: 'not_found', message: expect.any(String) } });
      }
    });

    it('answers wrong methods with 405', async () => {
      const get = await fetch(`${baseUrl}/demo/todo/mcp`, { headers: { accept: 'text/event-stream' } });
      expect(get.status).toBe(405);
      expect(await get.json()).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
      expect((await fetch(`${baseUrl}/demo/todo/mcp`, { method: 'DELETE' })).status).toBe(405);
      expect((await fetch(`${baseUrl}/demo/todo/sse`, { method: 'POST' })).status).toBe(405);
      expect((await fetch(`${baseUrl}/demo/todo/messages`)).status).toBe(405);
    });
  });
});
