import { filtersFromSearchParams, viewFromSearchParams } from '@/components/test-cases/filters';
import { TestCasesView } from '@/components/test-cases/list/test-cases-view';
import '@/components/test-cases/test-cases.css';

export const metadata = { title: 'Test cases · MCP Eval Harness' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function TestCasesPage({ searchParams }: Props) {
  const params = await searchParams;
  const saved = typeof params.saved === 'string' && params.saved ? params.saved.slice(0, 200) : null;
  return <TestCasesView initialFilters={filtersFromSearchParams(params)} initialView={viewFromSearchParams(params)} saved={saved} />;
}
