import { z } from 'zod';
import { parseWith, route } from '@/lib/http';
import { exportTestCases } from '@/lib/test-cases/export';
import { TestCaseFilterQuerySchema, testCaseQueryParams } from '@/lib/test-cases/schemas';

const Query = TestCaseFilterQuerySchema.extend({ format: z.enum(['json', 'jsonl', 'csv']).default('json') });

export const GET = route(async (req) => {
  const { format, ...filter } = parseWith(Query, testCaseQueryParams(new URL(req.url)), 'Query string');
  const file = await exportTestCases(filter, format);
  return new Response(file.body, {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"` },
  });
});
