'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { ApiError } from '@/components/data/fetcher';
import { queries, type RunDetail } from '@/components/data/queries';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { ArgumentPanel } from './argument-panel';
import { EvaluationPanel } from './evaluation-panel';
import { ModelSettings } from './model-settings';
import { RawResponse } from './raw-response';
import { RunHeader } from './run-header';
import { RunSummary } from './run-summary';
import { TestCaseQuery } from './test-case-query';
import { ToolSnapshot } from './tool-snapshot';
import { TrajectoryTimeline } from './trajectory-timeline';

const ACTIVE = new Set(['pending', 'running']);

function RunDetailView({ run }: { run: RunDetail }) {
  return (
    <>
      <RunHeader run={run} />
      {ACTIVE.has(run.status) ? (
        <p className="state" role="status">
          This run is {run.status}; the page updates when it finishes.
        </p>
      ) : null}
      {run.errorMessage ? (
        <div className="state state-error runs-run-error" role="alert" data-testid="run-error">
          <strong>{run.status === 'cancelled' ? 'Cancelled:' : 'The run failed:'}</strong> <span className="runs-prose">{run.errorMessage}</span>
        </div>
      ) : null}
      <TestCaseQuery testCaseId={run.testCaseId} />
      <RunSummary run={run} />
      {run.evaluation ? <EvaluationPanel evaluation={run.evaluation} tools={run.tools} /> : null}
      <TrajectoryTimeline run={run} />
      <ArgumentPanel run={run} />
      <ToolSnapshot run={run} />
      <ModelSettings run={run} />
      <RawResponse run={run} />
    </>
  );
}

/** /runs/{id}: everything one evaluation run recorded; polls while the run is still going. */
export function RunDetailPage({ id }: { id: string }) {
  const run = useQuery({
    ...queries.run(id),
    refetchInterval: (q) => (ACTIVE.has(q.state.data?.status ?? '') ? 1500 : false),
    // A missing run stays missing: say so at once instead of retrying.
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  if (run.isPending) return <Loading label="Loading the run…" />;
  if (run.isError) {
    if (run.error instanceof ApiError && run.error.status === 404) {
      return (
        <EmptyState title="Run not found">
          It may have been deleted. <Link href="/runs">Back to runs</Link>
        </EmptyState>
      );
    }
    return <ErrorState error={run.error} onRetry={() => void run.refetch()} />;
  }
  return <RunDetailView run={run.data} />;
}
