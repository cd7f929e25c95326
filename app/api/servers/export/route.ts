import { z } from 'zod';
import { json, parseQuery, route } from '@/lib/http';
import { exportServers } from '@/lib/servers/import-export';

const Query = z.object({ format: z.enum(['mcp', 'vscode']).default('mcp') });

export const GET = route(async (req) => {
  const { format } = parseQuery(req, Query);
  return json(await exportServers(format), {
    headers: { 'content-disposition': `attachment; filename="${format === 'vscode' ? 'vscode-mcp' : 'mcp'}.json"` },
  });
});
