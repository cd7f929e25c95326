import { route } from '@/lib/http';
import { handleMcpRequest } from '@/lib/mcp-endpoint/handler';

/** The app's own MCP endpoint (streamable HTTP, stateless, X-API-Key): see lib/mcp-endpoint. */
const handler = route(async (req, _ctx, requestId) => handleMcpRequest(req, requestId));

export const GET = handler;
export const POST = handler;
export const DELETE = handler;
