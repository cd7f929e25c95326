'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';
import { ErrorState, Loading } from '@/components/ui/states';

/** What the model was asked. */
export function TestCaseQuery({ testCaseId }: { testCaseId: string }) {
  const testCase = useQuery(queries.testCase(testCaseId));
  return (
    <section className="panel" aria-labelledby="runs-query-title">
      <h2 id="runs-query-title">Query</h2>
      {testCase.isPending ? <Loading label="Loading the test case…" /> : null}
      {testCase.isError ? <ErrorState error={testCase.error} onRetry={() => void testCase.refetch()} /> : null}
      {testCase.data ? <blockquote className="runs-query">{testCase.data.query}</blockquote> : null}
    </section>
  );
}
