import 'server-only';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { authenticate } from './auth';
import { rateLimitHeaders, takeToken, type RateDecision } from './rate-limit';
import { createEndpointServer } from './server';

const MAX_REQUEST_BYTES = 1024 * 1024;
/** Requests that fail authentication share one bucket, so they carry rate-limit headers too. */
const UNAUTHENTICATED_BUCKET = '(unauthenticated)';

export type EndpointOptions = { timeoutMs?: number };

/** JSON-RPC error bodies for failures outside any one message (the id is unknown: null). */
function rpcError(status: number, code: number, message: string, data: Record<string, unknown>, headers: Record<string, string>): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message, data }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

function withHeaders(res: Response, headers: Record<string, string>): Response {
  const merged = new Headers(res.headers);
  for (const [k, v] of Object.entries(headers)) merged.set(k, v);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers: merged });
}

function limited(decision: RateDecision, requestId: string): Response {
  return rpcError(
    429,
    -32000,
    `Rate limit exceeded: ${decision.limit} requests per minute per API key; retry after ${decision.retryAfterSeconds} s`,
    { code: 'rate_limited', requestId, retryAfterSeconds: decision.retryAfterSeconds },
    { ...rateLimitHeaders(decision), 'retry-after': String(decision.retryAfterSeconds) },
  );
}

async function serve(req: Request, requestId: string, keyId: string, options: EndpointOptions): Promise<Response> {
  // Stateless: no session to open a server-initiated stream on or to delete (clients read 405 on GET as "no stream").
  if (req.method !== 'POST') {
    return rpcError(405, -32000, 'Method not allowed: this endpoint is stateless, send JSON-RPC with POST', { code: 'method_not_allowed', requestId }, { allow: 'POST' });
  }
  const server = createEndpointServer({ requestId, keyId, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true, maxRequestBodySize: MAX_REQUEST_BYTES });
  try {
    await server.connect(transport);
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
}

/**
 * /mcp: authenticate, count the request against the key's limit (right after the key is
 * known, each request takes exactly one token), then answer with a fresh stateless MCP server.
 * Every response carries the X-RateLimit headers of the bucket it was counted in.
 */
export async function handleMcpRequest(req: Request, requestId: string, options: EndpointOptions = {}): Promise<Response> {
  const auth = await authenticate(req.headers);
  const decision = takeToken(auth.ok ? auth.key.id : UNAUTHENTICATED_BUCKET);
  if (!decision.allowed) return limited(decision, requestId);
  const headers = rateLimitHeaders(decision);
  if (!auth.ok) return rpcError(401, -32001, auth.message, { code: `api_key_${auth.reason}`, requestId }, headers);
  return withHeaders(await serve(req, requestId, auth.key.id, options), headers);
}
