import { z } from 'zod';
import { listTestCases, TEST_CASE_SORTS } from '@/db/queries/test-cases';
import { json, parseBody, parseWith, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';
import { toTestCaseDto } from '@/lib/test-cases/dto';
import { withLastVerdicts } from '@/lib/test-cases/history';
import { TestCaseFilterQuerySchema, TestCaseInputSchema, testCaseQueryParams } from '@/lib/test-cases/schemas';
import { createTestCase } from '@/lib/test-cases/service';

const ListQuery = PageQuerySchema.extend(TestCaseFilterQuerySchema.shape).extend({
  sort: z.enum(TEST_CASE_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});

export const GET = route(async (req) => {
  const q = parseWith(ListQuery, testCaseQueryParams(new URL(req.url)), 'Query string');
  const { rows, total } = listTestCases(q);
  return json(listBody(withLastVerdicts(rows.map(toTestCaseDto)), total, q));
});

export const POST = route(async (req) => json(createTestCase(await parseBody(req, TestCaseInputSchema)), { status: 201 }));
