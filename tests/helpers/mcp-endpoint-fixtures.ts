import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as mcpRoute from '@/app/mcp/route';
import { createApiKey } from '@/lib/mcp-endpoint/api-keys';
import { startWebServer, type WebServer } from './web-server';

type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** app/mcp/route.ts on a real port, dispatched by method as Next would. */
export async function startMcpEndpoint(): Promise<WebServer & { mcpUrl: string }> {
  const handlers: Record<string, RouteHandler> = { GET: mcpRoute.GET, POST: mcpRoute.POST, DELETE: mcpRoute.DELETE };
  const server = await startWebServer(async (req) => {
    const handler = handlers[req.method];
    if (!handler) return new Response(null, { status: 405 });
    return handler(req, { params: Promise.resolve({}) });
  });
  return { ...server, mcpUrl: `${server.url}/mcp` };
}

export async function newKey(name = 'test key'): Promise<string> {
  return (await createApiKey({ name })).key;
}

export async function connectClient(url: string, key: string): Promise<Client> {
  const client = new Client({ name: 'mcp-endpoint-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { 'X-API-Key': key } } }));
  return client;
}

export type ToolJson = Record<string, unknown> & {
  metadata: { bytes: number; budgetBytes: number; truncated: boolean; executionMs: number; requestId: string; hint?: string };
  error?: { code: string; message: string; details?: unknown };
};

/** The JSON text of a tool result, checked to be the only content block. */
export function toolJson(result: unknown): ToolJson & { isError: boolean; text: string } {
  const r = result as { content: { type: string; text: string }[]; isError?: boolean };
  if (r.content.length !== 1 || r.content[0]?.type !== 'text') throw new Error(`unexpected content: ${JSON.stringify(r.content)}`);
  const text = r.content[0].text;
  return { ...(JSON.parse(text) as ToolJson), isError: r.isError === true, text };
}

/** A raw JSON-RPC POST (rate-limit and auth tests count exact requests). */
export function rpc(url: string, headers: Record<string, string>, body: unknown = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify(body),
  });
}
