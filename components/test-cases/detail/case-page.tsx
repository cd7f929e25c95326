'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { queries } from '@/components/data/queries';
import type { CaseHistory } from '@/components/data/types';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { CaseRunsTable } from './case-runs-table';
import { CaseSummary } from './case-summary';
import { RunAgain } from './run-again';
import { VerdictTimeline } from './verdict-timeline';

const PAGE_SIZE = 20;

const unfinished = (h: CaseHistory | undefined) => Boolean(h?.items.some((r) => r.status === 'pending' || r.status === 'running'));

/** /test-cases/{id}: the case, its runs across batches and models, and "run again" with a chosen model. */
export function CasePage({ id }: { id: string }) {
  const client = useQueryClient();
  const [offset, setOffset] = useState(0);
  const testCase = useQuery(queries.testCase(id));
  const history = useQuery({
    ...queries.caseHistory(id, { limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
    // While a run of this case is still going, follow it until it lands.
    refetchInterval: (q) => (unfinished(q.state.data) ? 2000 : false),
  });
  const tc = testCase.data;

  return (
    <>
      <nav aria-label="Breadcrumb" className="tc-breadcrumb">
        <Link href="/test-cases">Test cases</Link> / {tc ? tc.name : 'Test case'}
      </nav>
      <div className="tc-header">
        <h1>{tc ? tc.name : 'Test case'}</h1>
        {tc ? (
          <div className="tc-actions">
            <Link href={`/test-cases/${encodeURIComponent(tc.id)}/edit`} className="btn">
              Edit
            </Link>
          </div>
        ) : null}
      </div>
      {testCase.isPending ? <Loading label="Loading the test case…" /> : null}
      {testCase.isError ? <ErrorState error={testCase.error} onRetry={() => void testCase.refetch()} /> : null}
      {tc ? (
        <>
          <CaseSummary tc={tc} />
          {history.data ? <VerdictTimeline timeline={history.data.timeline} /> : null}
          <section className="tcd-section" aria-labelledby="tcd-runs-title">
            <h2 id="tcd-runs-title">Runs{history.data ? ` (${history.data.total})` : ''}</h2>
            {history.isPending ? <Loading label="Loading the runs…" /> : null}
            {history.isError ? <ErrorState error={history.error} onRetry={() => void history.refetch()} /> : null}
            {history.data && history.data.total === 0 ? (
              <EmptyState title="No runs yet">Run it below, or include it in a batch on the Runs page.</EmptyState>
            ) : null}
            {history.data && history.data.items.length > 0 ? <CaseRunsTable runs={history.data.items} /> : null}
            {history.data ? <Pagination total={history.data.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} /> : null}
          </section>
          <RunAgain
            testCase={tc}
            onStarted={() => {
              setOffset(0);
              void client.invalidateQueries({ queryKey: ['test-cases', id, 'runs'] });
            }}
          />
        </>
      ) : null}
    </>
  );
}
