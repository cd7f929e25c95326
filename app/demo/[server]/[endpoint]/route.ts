import { route } from '@/lib/http';
import { handleDemoRequest } from '@/lib/mcp/demo/router';

type Ctx = { params: Promise<{ server: string; endpoint: string }> };

/** The demo MCP servers: /demo/{rag|todo|valuerank}/mcp (streamable HTTP), /sse and /messages (SSE). */
const handler = route<Ctx>(async (req, { params }) => {
  const { server, endpoint } = await params;
  return handleDemoRequest(req, server, endpoint);
});

export const GET = handler;
export const POST = handler;
export const DELETE = handler;
