import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A hostile MCP server over real HTTP (streamable HTTP at /mcp, legacy SSE at /sse): it
 * answers the handshake like any server, then answers tools/list or tools/call as told,
 * e.g. with a response that never ends.
 */
export type Reply =
  | 'normal'
  /** One SSE event whose data line never ends. */
  | 'sse-forever'
  /** Complete, valid SSE notification events, forever. */
  | 'sse-events-forever'
  /** A finite JSON body of `hugeBytes`, chunked (no content-length). */
  | 'json-huge'
  /** The same, declared up front in content-length. */
  | 'json-huge-declared';

export type HostileOptions = { toolsList?: Reply; toolsCall?: Reply; hugeBytes?: number };

export type HostileServer = {
  url: string;
  sseUrl: string;
  /** Bytes written in endless or huge replies so far. */
  sent(): number;
  /** Resolves when the client has hung up on an endless or huge reply. */
  cutOff(): Promise<void>;
  close(): Promise<void>;
};

type RpcRequest = { jsonrpc: '2.0'; id?: number | string; method: string; params?: Record<string, unknown> };

const TOOL = { name: 'echo', description: 'Echoes the message back', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } };
const CHUNK = 64 * 1024;

async function readJson(req: IncomingMessage): Promise<RpcRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest;
}

function resultOf(msg: RpcRequest): unknown {
  if (msg.method === 'initialize') {
    return { protocolVersion: msg.params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'hostile', version: '1.0.0' } };
  }
  if (msg.method === 'tools/list') return { tools: [TOOL] };
  if (msg.method === 'tools/call') return { content: [{ type: 'text', text: 'ok' }] };
  return {};
}

export async function startHostileServer(options: HostileOptions): Promise<HostileServer> {
  const hugeBytes = options.hugeBytes ?? 50 * 1024 * 1024;
  let sent = 0;
  let markCutOff: () => void = () => undefined;
  const cutOff = new Promise<void>((resolve) => (markCutOff = resolve));
  const open = new Set<ServerResponse>();
  let sseStream: ServerResponse | null = null;

  /** Writes chunks with backpressure until `next` returns null or the client hangs up. */
  async function pump(res: ServerResponse, next: (i: number) => string | null): Promise<void> {
    res.once('close', () => {
      if (!res.writableFinished) markCutOff();
    });
    for (let i = 0; !res.destroyed; i++) {
      const chunk = next(i);
      if (chunk === null) {
        res.end();
        return;
      }
      sent += Buffer.byteLength(chunk);
      if (!res.write(chunk)) {
        await new Promise<void>((resolve) => {
          const done = () => {
            res.off('drain', done).off('close', done);
            resolve();
          };
          res.once('drain', done).once('close', done);
        });
      }
    }
  }

  function hugeJson(id: RpcRequest['id']): (i: number) => string | null {
    const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"tools":[`;
    const tool = JSON.stringify({ ...TOOL, description: 'x'.repeat(CHUNK - 200) });
    const count = Math.ceil(hugeBytes / tool.length);
    return (i) => (i === 0 ? head + tool : i < count ? `,${tool}` : i === count ? ']}}' : null);
  }

  /** Sends the reply to one request: on `res` (streamable HTTP) or on the SSE stream (legacy). */
  async function reply(msg: RpcRequest, res: ServerResponse, legacy: boolean): Promise<void> {
    const mode = (msg.method === 'tools/list' ? options.toolsList : msg.method === 'tools/call' ? options.toolsCall : 'normal') ?? 'normal';
    const event = (body: unknown) => `event: message\ndata: ${JSON.stringify(body)}\n\n`;
    const stream = legacy ? sseStream : res;
    if (!stream) throw new Error('no SSE stream to answer on');
    if (mode === 'normal') {
      const body = { jsonrpc: '2.0', id: msg.id, result: resultOf(msg) };
      if (legacy) stream.write(event(body));
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      return;
    }
    if (mode === 'json-huge' || mode === 'json-huge-declared') {
      if (legacy) throw new Error('json replies need streamable HTTP');
      const next = hugeJson(msg.id);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (mode === 'json-huge-declared') {
        let length = 0;
        for (let i = 0, c = next(0); c !== null; c = next(++i)) length += Buffer.byteLength(c);
        headers['content-length'] = String(length);
      }
      res.writeHead(200, headers);
      await pump(res, next);
      return;
    }
    if (!legacy) res.writeHead(200, { 'content-type': 'text/event-stream' });
    if (mode === 'sse-forever') {
      const start = `event: message\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(msg.id)},"result":{"tools":[{"name":"`;
      await pump(stream, (i) => (i === 0 ? start : 'a'.repeat(CHUNK)));
    } else {
      const note = event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'n'.repeat(CHUNK) } });
      await pump(stream, () => note);
    }
  }

  const server = http.createServer((req, res) => {
    open.add(res);
    res.once('close', () => open.delete(res));
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (req.method === 'GET' && url.pathname === '/sse') {
        sseStream = res;
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('event: endpoint\ndata: /messages\n\n');
        return;
      }
      if (req.method === 'POST' && (url.pathname === '/mcp' || url.pathname === '/messages')) {
        const legacy = url.pathname === '/messages';
        const msg = await readJson(req);
        if (msg.id === undefined) {
          res.writeHead(202).end();
          return;
        }
        if (legacy) res.writeHead(202).end();
        await reply(msg, res, legacy);
        return;
      }
      res.writeHead(req.method === 'GET' ? 405 : 404).end();
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    sseUrl: `http://127.0.0.1:${port}/sse`,
    sent: () => sent,
    cutOff: () => cutOff,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
