import 'server-only';
import { z } from 'zod';
import { listTestCases, TEST_CASE_SORTS } from '@/db/queries/test-cases';
import { listBody, PageQuerySchema } from '../pagination';
import { toTestCaseDto } from './dto';
import { withLastVerdicts, type TestCaseListItemDto } from './history';
import { TestCaseFilterQuerySchema } from './schemas';

/** The query of GET /api/test-cases: the filters, a page, and the sort. */
export const TestCaseListQuerySchema = PageQuerySchema.extend(TestCaseFilterQuerySchema.shape).extend({
  sort: z.enum(TEST_CASE_SORTS).default('created'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export type TestCaseListQuery = z.infer<typeof TestCaseListQuerySchema>;

export type TestCaseListPage = { items: TestCaseListItemDto[]; total: number; limit: number; offset: number };

/** One page of the list with each case's last verdicts: the API's answer, and the list page's first render. */
export async function listTestCasePage(q: TestCaseListQuery): Promise<TestCaseListPage> {
  const { rows, total } = await listTestCases(q);
  return listBody(await withLastVerdicts(rows.map(toTestCaseDto)), total, q);
}
