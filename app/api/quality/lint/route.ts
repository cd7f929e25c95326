import { z } from 'zod';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { LINT_EXPORTS } from '@/lib/quality/export/registry';
import { LINT_BODY_LIMIT, LINT_FORMATS, LintRequestSchema } from '@/lib/quality/schemas';
import { lintRequest } from '@/lib/quality/service';

const Query = z.object({ format: z.enum(LINT_FORMATS).default('json') });

/** Body: the similarity inputs (serverList | toolList | urlList | serverIds). ?format=json|sarif|md (the last two as files). */
export const POST = route(async (req) => {
  const { format } = parseQuery(req, Query);
  const body = await parseBody(req, LintRequestSchema, LINT_BODY_LIMIT);
  const result = await lintRequest(body, { headers: req.headers, signal: req.signal });
  if (format === 'json') return json(result);
  const file = LINT_EXPORTS[format];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return new Response(file.render(result), {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="description-lint-${stamp}.${file.fileExtension}"` },
  });
});
