import { z } from 'zod';
import { parseBody, parseQuery, route } from '@/lib/http';
import { CSV_TABLES, REPORT_FORMAT_IDS } from '@/lib/similarity/report/types';
import { SIMILARITY_BODY_LIMIT, SimilarityRequestSchema } from '@/lib/similarity/schemas';
import { similarityReport } from '@/lib/similarity/service';

const Query = z.object({ format: z.enum(REPORT_FORMAT_IDS).default('json'), table: z.enum(CSV_TABLES).default('pairs') });

/** Body: the analyze request. ?format=json|csv|md|html; for CSV, ?table=pairs|matrix. */
export const POST = route(async (req) => {
  const { format, table } = parseQuery(req, Query);
  const body = await parseBody(req, SimilarityRequestSchema, SIMILARITY_BODY_LIMIT);
  const file = await similarityReport(body, { headers: req.headers, signal: req.signal }, format, table);
  return new Response(file.body, {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"` },
  });
});
