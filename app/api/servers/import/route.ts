import { json, parseJsonText, readBodyText, route } from '@/lib/http';
import { importServers } from '@/lib/servers/import-export';

/** Body: an mcp.json, claude_desktop_config.json or VS Code mcp.json document. */
export const POST = route(async (req) => {
  const report = await importServers(parseJsonText(await readBodyText(req)));
  return json(report, { status: report.created > 0 ? 201 : 200 });
});
