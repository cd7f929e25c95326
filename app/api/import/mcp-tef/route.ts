import { json, parseBody, route } from '@/lib/http';
import { importMcpTef, TefImportBodySchema } from '@/lib/import/mcp-tef';

const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

/** Body: one mcp-tef test case object or an array of them; a per-case report. */
export const POST = route(async (req) => {
  const body = await parseBody(req, TefImportBodySchema, IMPORT_BODY_LIMIT);
  const report = await importMcpTef(body);
  return json(report, { status: report.created > 0 ? 201 : 200 });
});
