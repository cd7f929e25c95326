import { z } from 'zod';
import { json, parseQuery, readBodyText, route } from '@/lib/http';
import { detectTestCaseFormat } from '@/lib/test-cases/formats/registry';
import { importTestCases } from '@/lib/test-cases/import';

const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;
const Query = z.object({ format: z.enum(['json', 'jsonl', 'csv']).optional() });

/** Body: the file itself (JSON array, JSONL or CSV); ?format= or Content-Type says which. */
export const POST = route(async (req) => {
  const { format } = parseQuery(req, Query);
  const text = await readBodyText(req, IMPORT_BODY_LIMIT);
  const report = await importTestCases(text, format ?? detectTestCaseFormat(req.headers.get('content-type'), text));
  return json(report, { status: report.created > 0 ? 201 : 200 });
});
