import { qs } from '@/components/data/fetcher';
import { filtersFromSearchParams, listQueryParams, viewFromSearchParams } from '@/components/test-cases/filters';
import { toRowPage } from '@/components/test-cases/list/rows';
import { TestCasesView, type InitialList } from '@/components/test-cases/list/test-cases-view';
import { listTestCasePage, TestCaseListQuerySchema } from '@/lib/test-cases/list';
import { testCaseQueryParams } from '@/lib/test-cases/schemas';
import '@/components/test-cases/test-cases.css';

export const metadata = { title: 'Test cases · MCP Eval Harness' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The first page is read here, as GET /api/test-cases would answer the list's own query, so a
 * large suite shows its rows on arrival instead of after hydration plus a request; as rows (only
 * what the table shows), since the hydration data carries them a second time after the HTML.
 */
async function readFirstPage(query: ReturnType<typeof listQueryParams>): Promise<InitialList | undefined> {
  const parsed = TestCaseListQuerySchema.safeParse(testCaseQueryParams(new URL(`http://localhost/${qs(query)}`)));
  return parsed.success ? { key: JSON.stringify(query), data: toRowPage(await listTestCasePage(parsed.data)) } : undefined;
}

export default async function TestCasesPage({ searchParams }: Props) {
  const params = await searchParams;
  const saved = typeof params.saved === 'string' && params.saved ? params.saved.slice(0, 200) : null;
  const filters = filtersFromSearchParams(params);
  const view = viewFromSearchParams(params);
  return <TestCasesView initialFilters={filters} initialView={view} initialList={await readFirstPage(listQueryParams(filters, view))} saved={saved} />;
}
