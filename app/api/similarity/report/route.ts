import { z } from 'zod';
import { parseBody, parseQuery, route } from '@/lib/http';
import { CSV_TABLES, REPORT_FORMAT_IDS } from '@/lib/similarity/report/types';
import { SIMILARITY_BODY_LIMIT, SimilarityRequestSchema } from '@/lib/similarity/schemas';
import { similarityReport } from '@/lib/similarity/service';
import { isNdjson, readNdjsonRequest } from '@/lib/similarity/ndjson-input';

const Query = z.object({ format: z.enum(REPORT_FORMAT_IDS).default('json'), table: z.enum(CSV_TABLES).default('pairs') });

/** Body: the analyze request (JSON, or NDJSON as on /analyze). ?format=json|csv|md|html; for CSV, ?table=pairs|matrix. */
export const POST = route(async (req) => {
  const { format, table } = parseQuery(req, Query);
  // Large tool sets stream as NDJSON, as on /api/similarity/analyze (an options line, then one tool per line).
  const body = isNdjson(req) ? await readNdjsonRequest(req.body) : await parseBody(req, SimilarityRequestSchema, SIMILARITY_BODY_LIMIT);
  const file = await similarityReport(body, { headers: req.headers, signal: req.signal }, format, table);
  return new Response(file.body, {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"` },
  });
});
