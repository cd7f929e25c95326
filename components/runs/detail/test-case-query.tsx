'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';
import { ErrorState, Loading } from '@/components/ui/states';
import { Panel } from '@/components/ui/panel';

/** What the model was asked. */
export function TestCaseQuery({ testCaseId }: { testCaseId: string }) {
  const testCase = useQuery(queries.testCase(testCaseId));
  return (
    <Panel title="Query">
      {testCase.isPending ? <Loading label="Loading the test case…" /> : null}
      {testCase.isError ? <ErrorState error={testCase.error} onRetry={() => void testCase.refetch()} /> : null}
      {testCase.data ? <blockquote className="runs-query">{testCase.data.query}</blockquote> : null}
    </Panel>
  );
}
