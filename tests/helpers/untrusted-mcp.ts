import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real MCP server over streamable HTTP (JSON replies at /mcp) whose tools/list and tools/call answers are whatever
 * the test sets, valid or not: the harness must treat an MCP server's output as untrusted input.
 */
export type UntrustedReplies = {
  /** The `result` of tools/list (e.g. {tools: [...], nextCursor}), or a function of the request's cursor. */
  toolsList: unknown | ((cursor: unknown) => unknown);
  /** The `result` of tools/call, or {error} to answer with a JSON-RPC error object. */
  toolsCall: unknown;
};

export type UntrustedServer = { url: string; set(replies: Partial<UntrustedReplies>): void; close(): Promise<void> };

type RpcRequest = { jsonrpc: '2.0'; id?: number | string; method: string; params?: Record<string, unknown> };

async function readJson(req: IncomingMessage): Promise<RpcRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest;
}

export async function startUntrustedServer(initial: UntrustedReplies): Promise<UntrustedServer> {
  let replies = initial;
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method !== 'POST' || url.pathname !== '/mcp') {
        res.writeHead(req.method === 'GET' ? 405 : 404).end();
        return;
      }
      const msg = await readJson(req);
      if (msg.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      let body: unknown;
      if (msg.method === 'initialize') {
        body = { result: { protocolVersion: msg.params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'untrusted', version: '1.0.0' } } };
      } else if (msg.method === 'tools/list') {
        const list = replies.toolsList;
        body = { result: typeof list === 'function' ? (list as (cursor: unknown) => unknown)(msg.params?.cursor) : list };
      } else if (msg.method === 'tools/call') {
        const call = replies.toolsCall as { error?: unknown };
        body = call && typeof call === 'object' && 'error' in call ? { error: call.error } : { result: replies.toolsCall };
      } else body = { result: {} };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, ...(body as object) }));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    set: (next) => {
      replies = { ...replies, ...next };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let deep: unknown = { type: 'string' };
for (let i = 0; i < 1200; i++) deep = { a: deep };
const tool = (name: string, extra: Record<string, unknown> = {}) => ({ name, description: `The ${name} tool`, inputSchema: { type: 'object', properties: { message: { type: 'string' } } }, ...extra });

/** tools/list results a broken or hostile server may send. */
export const HOSTILE_LISTINGS: { label: string; toolsList: unknown | ((cursor: unknown) => unknown) }[] = [
  { label: 'a 1,200-deep inputSchema', toolsList: { tools: [tool('echo', { inputSchema: { type: 'object', properties: { p: deep } } })] } },
  { label: 'a 1,200-deep outputSchema', toolsList: { tools: [tool('echo', { outputSchema: { type: 'object', properties: { p: deep } } })] } },
  { label: 'an inputSchema that is a string', toolsList: { tools: [tool('echo', { inputSchema: 'object' })] } },
  { label: 'an inputSchema of type string', toolsList: { tools: [tool('echo', { inputSchema: { type: 'string' } })] } },
  { label: 'no inputSchema, null description', toolsList: { tools: [{ name: 'echo', description: null }] } },
  { label: 'an invalid JSON Schema', toolsList: { tools: [tool('echo', { inputSchema: { type: 'object', required: 'message', properties: { message: { type: 'strnig', pattern: '(a+)+$' } } } })] } },
  { label: 'a remote $ref', toolsList: { tools: [tool('echo', { inputSchema: { type: 'object', properties: { m: { $ref: 'http://169.254.169.254/latest/meta-data' } } } })] } },
  { label: 'odd names', toolsList: { tools: [tool(''), tool('a\u0000b'), tool('x'.repeat(10_000)), tool('has space/slash'), tool('🦜'), tool('echo')] } },
  { label: 'duplicate names', toolsList: { tools: [tool('echo'), tool('echo'), tool('other')] } },
  { label: 'a 1 MB description with NUL', toolsList: { tools: [tool('echo', { description: `a\u0000${'d'.repeat(1024 * 1024)}` }), tool('other')] } },
  { label: 'annotations of the wrong types', toolsList: { tools: [tool('echo', { annotations: { readOnlyHint: 'yes', title: 42 } }), tool('other')] } },
  { label: '1,001 tools', toolsList: { tools: Array.from({ length: 1001 }, (_, i) => tool(`t${i}`)) } },
  { label: 'tools that is an object', toolsList: { tools: { echo: tool('echo') } } },
  { label: 'a null result', toolsList: null },
  { label: 'a new next cursor forever', toolsList: (cursor: unknown) => ({ tools: [tool(`t${String(cursor ?? 0).length}`)], nextCursor: `${String(cursor ?? '')}x` }) },
];

/** tools/call results (or JSON-RPC errors) a broken or hostile server may send. */
export const HOSTILE_CALLS: { label: string; toolsCall: unknown }[] = [
  { label: 'content that is a string', toolsCall: { content: 'not an array' } },
  { label: 'text that is a number', toolsCall: { content: [{ type: 'text', text: 42 }] } },
  { label: 'an unknown content type', toolsCall: { content: [{ type: 'hologram', data: '!!' }] } },
  { label: 'a null result', toolsCall: null },
  { label: 'isError without content', toolsCall: { isError: true } },
  { label: 'a 1,200-deep structuredContent', toolsCall: { content: [{ type: 'text', text: 'ok' }], structuredContent: { p: deep } } },
  { label: 'a NUL in the text', toolsCall: { content: [{ type: 'text', text: 'a\u0000b' }] } },
  { label: 'a 1 MB text', toolsCall: { content: [{ type: 'text', text: 't'.repeat(1024 * 1024) }] } },
  { label: 'a JSON-RPC error', toolsCall: { error: { code: -32602, message: 'Invalid params' } } },
  { label: 'a JSON-RPC error with a 100,000-char message and NUL', toolsCall: { error: { code: 'weird', message: `e\u0000${'m'.repeat(100_000)}`, data: { p: deep } } } },
];
