import { listTestCases } from '@/db/queries/test-cases';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';
import { toTestCaseDto } from '@/lib/test-cases/dto';
import { TestCaseFilterQuerySchema, TestCaseInputSchema } from '@/lib/test-cases/schemas';
import { createTestCase } from '@/lib/test-cases/service';

const ListQuery = PageQuerySchema.extend(TestCaseFilterQuerySchema.shape);

export const GET = route(async (req) => {
  const q = parseQuery(req, ListQuery);
  const { rows, total } = listTestCases(q);
  return json(listBody(rows.map(toTestCaseDto), total, q));
});

export const POST = route(async (req) => json(createTestCase(await parseBody(req, TestCaseInputSchema)), { status: 201 }));
