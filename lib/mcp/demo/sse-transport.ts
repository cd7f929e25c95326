import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage, type MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { PayloadTooLargeError } from '../../errors';
import { readBodyText } from '../../http';
import { demoErrorResponse } from './responses';

// The legacy HTTP+SSE transport (protocol 2024-11-05) on web-standard Request/Response, which
// the SDK only ships for Node's http module: a GET holds an event stream open for server
// messages, and the client POSTs its messages to the endpoint announced on that stream.

const KEEP_ALIVE_MS = 15_000;
export const MAX_SSE_MESSAGE_BYTES = 1024 * 1024;

// Route modules are bundled separately in Next.js: the GET (stream) and the POST (message)
// handlers must see one session table, hence globalThis rather than a module variable.
const KEY = '__mcpEvalHarnessSseSessions';
const holder = globalThis as typeof globalThis & { [KEY]?: Map<string, WebSseServerTransport> };

function sessions(): Map<string, WebSseServerTransport> {
  holder[KEY] ??= new Map();
  return holder[KEY];
}

export function countOpenSseSessions(): number {
  return sessions().size;
}

export class WebSseServerTransport implements Transport {
  readonly sessionId = randomUUID();
  /** The GET response; its body is the event stream this transport writes to. */
  readonly response: Response;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private readonly encoder = new TextEncoder();
  private keepAlive: ReturnType<typeof setInterval> | undefined;
  private started = false;
  private closed = false;

  /**
   * @param messagesPath where clients POST their messages, resolved by them against the SSE URL
   * @param scope an opaque label (e.g. the demo server id); POSTs naming another scope are refused
   */
  constructor(
    private readonly messagesPath: string,
    readonly scope?: string,
  ) {
    const stream = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      // The client went away: nothing can reach this session any more.
      cancel: () => this.finish(),
    });
    this.response = new Response(stream, {
      headers: {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      },
    });
  }

  async start(): Promise<void> {
    if (this.started) throw new Error('WebSseServerTransport already started');
    this.started = true;
    sessions().set(this.sessionId, this);
    const separator = this.messagesPath.includes('?') ? '&' : '?';
    this.write(`event: endpoint\ndata: ${this.messagesPath}${separator}sessionId=${this.sessionId}\n\n`);
    // Proxies and idle timeouts drop silent connections; the timer must not keep the process alive.
    this.keepAlive = setInterval(() => this.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.keepAlive.unref?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) throw new Error('Not connected');
    this.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      this.controller?.close();
    } catch {
      // already closed or errored by the consumer
    }
    this.finish();
  }

  /** Hands a POSTed message to the server; throws if it is not a JSON-RPC message. */
  receive(message: unknown, extra?: MessageExtraInfo): void {
    const parsed = JSONRPCMessageSchema.parse(message);
    this.onmessage?.(parsed, extra);
  }

  private write(frame: string): void {
    if (this.closed) return;
    try {
      this.controller?.enqueue(this.encoder.encode(frame));
    } catch (err) {
      this.onerror?.(err instanceof Error ? err : new Error(String(err)));
      this.finish();
    }
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    sessions().delete(this.sessionId);
    this.onclose?.();
  }
}

/** The POST half of the protocol: routes a client message to its open SSE session. */
export async function handleSseMessagePost(req: Request, scope?: string): Promise<Response> {
  const url = new URL(req.url);
  const sessionId = url.searchParams.get('sessionId');
  if (!sessionId) return demoErrorResponse(400, 'validation_error', 'Missing sessionId query parameter');
  const transport = sessions().get(sessionId);
  if (!transport || transport.scope !== scope) {
    return demoErrorResponse(404, 'not_found', `SSE session '${sessionId}' not found; it may have been closed`);
  }
  let text: string;
  try {
    text = await readBodyText(req, MAX_SSE_MESSAGE_BYTES);
  } catch (err) {
    if (err instanceof PayloadTooLargeError) return demoErrorResponse(413, 'payload_too_large', err.message);
    throw err;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return demoErrorResponse(400, 'invalid_json', 'Request body is not valid JSON');
  }
  try {
    transport.receive(body, { requestInfo: { headers: Object.fromEntries(req.headers), url } });
  } catch {
    return demoErrorResponse(400, 'validation_error', 'Request body is not a JSON-RPC message');
  }
  return new Response('Accepted', { status: 202, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}
