import { handleDemoRequest } from '@/lib/mcp/demo/router';
import { startWebServer } from './web-server';

const DEMO_PATH = /^\/demo\/([^/]+)\/([^/]+)$/;

/**
 * The demo MCP servers on a real port, routed like app/demo/[server]/[endpoint]. With
 * `requireHeader`, requests without that exact header value get 401 (to test auth).
 */
export async function startDemoServers(
  options: { requireHeader?: { name: string; value: string } } = {},
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = await startWebServer(async (req) => {
    const required = options.requireHeader;
    if (required && req.headers.get(required.name) !== required.value) {
      return Response.json({ error: { code: 'unauthorized', message: 'missing or wrong credentials' } }, { status: 401 });
    }
    const match = DEMO_PATH.exec(new URL(req.url).pathname);
    if (!match) {
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }
    return handleDemoRequest(req, decodeURIComponent(match[1] ?? ''), decodeURIComponent(match[2] ?? ''));
  });
  return { baseUrl: server.url, close: () => server.close() };
}
