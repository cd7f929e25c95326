import 'server-only';
import { createDemoMcpServer, DEMO_SERVER_IDS, getDemoServer } from './registry';
import { demoErrorResponse } from './responses';
import { log } from '../../log';
import { handleSseMessagePost, WebSseServerTransport } from './sse-transport';
import { handleStreamableRequest } from './streamable';
import type { DemoServerDefinition } from './types';

const ENDPOINTS = ['mcp', 'sse', 'messages'] as const;

function methodNotAllowed(method: string, allowed: string): Response {
  return demoErrorResponse(405, 'method_not_allowed', `${method} is not allowed here; use ${allowed}`, { allow: allowed });
}

/** Opens an SSE session: its own McpServer lives until the stream closes. */
async function openSseSession(def: DemoServerDefinition, signal: AbortSignal): Promise<Response> {
  // Root-relative, so clients resolve it against the SSE URL's origin.
  const transport = new WebSseServerTransport(`/demo/${def.id}/messages`, def.id);
  await createDemoMcpServer(def).connect(transport);
  log.debug('sse session opened', { server: def.id, sessionId: transport.sessionId });
  transport.onclose = chain(transport.onclose, () => log.debug('sse session closed', { server: def.id, sessionId: transport.sessionId }));
  // Whichever comes first ends the session: the stream being cancelled or the request aborting.
  signal.addEventListener('abort', () => void transport.close(), { once: true });
  return transport.response;
}

function chain(first: (() => void) | undefined, then: () => void): () => void {
  return () => {
    first?.();
    then();
  };
}

/**
 * Serves /demo/{serverId}/{endpoint}: `mcp` is streamable HTTP, `sse` (GET) and `messages`
 * (POST) are the legacy HTTP+SSE transport.
 */
export async function handleDemoRequest(req: Request, serverId: string, endpoint: string): Promise<Response> {
  const def = getDemoServer(serverId);
  if (!def) {
    return demoErrorResponse(404, 'not_found', `Unknown demo server '${serverId}'. Known servers: ${DEMO_SERVER_IDS.join(', ')}`);
  }
  switch (endpoint) {
    case 'mcp':
      return handleStreamableRequest(def, req);
    case 'sse':
      return req.method === 'GET' ? openSseSession(def, req.signal) : methodNotAllowed(req.method, 'GET');
    case 'messages':
      return req.method === 'POST' ? handleSseMessagePost(req, def.id) : methodNotAllowed(req.method, 'POST');
    default:
      return demoErrorResponse(404, 'not_found', `Unknown demo endpoint '${endpoint}'. Known endpoints: ${ENDPOINTS.join(', ')}`);
  }
}
