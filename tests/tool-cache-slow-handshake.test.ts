import { afterAll, describe, expect, it } from 'vitest';
import { insertServer } from '@/db/queries/servers';
import { CONNECT_TIMEOUT_MS } from '@/lib/mcp/client';
import { handleDemoRequest } from '@/lib/mcp/demo/router';
import { CircuitBreakers } from '@/lib/eval/run/circuit-breaker';
import { LIST_TOOLS_CONNECT_TIMEOUT_MS, ToolCache } from '@/lib/eval/run/tool-cache';
import { startWebServer } from './helpers/web-server';

const DELAY_MS = CONNECT_TIMEOUT_MS + 700;

/** The demo 'todo' server, answering its first request (the initialize) late: a loaded or cold server. */
const slow = await startWebServer(async (req) => {
  const body = await req.text();
  if (body.includes('"initialize"')) await new Promise((r) => setTimeout(r, DELAY_MS));
  return handleDemoRequest(new Request(req.url, { method: req.method, headers: req.headers, body: body || undefined }), 'todo', 'mcp');
});
afterAll(() => slow.close());

describe("a batch's tool listing", () => {
  it('waits past the registration bound for a slow handshake, instead of failing every run waiting on it', async () => {
    expect(LIST_TOOLS_CONNECT_TIMEOUT_MS).toBeGreaterThan(DELAY_MS);
    const row = await insertServer({ name: `slow-todo-${Date.now()}`, transport: 'streamable-http', url: `${slow.url}/demo/todo/mcp` });
    const cache = new ToolCache(new CircuitBreakers());
    const started = Date.now();
    const tools = await cache.tools(row);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 50);
    expect(tools.map((t) => t.name)).toContain('search_todos');
  });
});
