import 'server-only';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createDemoMcpServer } from './registry';
import type { DemoServerDefinition } from './types';

// The same bound as the SSE message endpoint and the app's JSON API.
const MAX_REQUEST_BYTES = 1024 * 1024;

/**
 * Stateless mode has no session to stream server-initiated messages on or to delete, so GET
 * and DELETE get the same 405 JSON-RPC error as the SDK's stateless examples; clients treat
 * a 405 on GET as "no standalone stream".
 */
function methodNotAllowed(): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }), {
    status: 405,
    headers: { 'content-type': 'application/json', allow: 'POST' },
  });
}

/** Streamable HTTP, stateless: a fresh server and transport per POST, closed once answered. */
export async function handleStreamableRequest(def: DemoServerDefinition, req: Request): Promise<Response> {
  if (req.method !== 'POST') return methodNotAllowed();
  const server = createDemoMcpServer(def);
  // JSON responses (not an SSE stream) mean the answer is complete when handleRequest resolves.
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: MAX_REQUEST_BYTES,
  });
  try {
    await server.connect(transport);
    return await transport.handleRequest(req);
  } finally {
    await server.close();
  }
}
