import { parseBody, json, route } from '@/lib/http';
import { BfclImportBodySchema, importBfcl } from '@/lib/import/bfcl';

const IMPORT_BODY_LIMIT = 20 * 1024 * 1024;

/** Body: {entries: BFCL question objects, answers?: possible_answer objects}; a per-entry report. */
export const POST = route(async (req) => {
  const body = await parseBody(req, BfclImportBodySchema, IMPORT_BODY_LIMIT);
  const report = await importBfcl(body);
  return json(report, { status: report.created > 0 ? 201 : 200 });
});
