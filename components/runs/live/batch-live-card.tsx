'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import { Badge } from '@/components/ui/badge';
import { CancelBatchButton } from '../batches/cancel-batch-button';
import { BatchCounts, BatchProgressBar, describeCounts } from './batch-progress-bar';
import { FailedRuns } from './failed-runs';
import { ModelProgress } from './model-progress';
import { RecentRuns } from './recent-runs';
import { useBatchEvents } from './use-batch-events';
import { useTestCaseNames } from './use-test-case-names';

const ACTIVE = new Set(['pending', 'running']);

/** One batch followed live over SSE, with a polling fallback when the stream is lost. */
export function BatchLiveCard({ batchId, stream, onDismiss }: { batchId: string; stream: boolean; onDismiss: () => void }) {
  const live = useBatchEvents(batchId, stream);
  const lost = live.connection === 'lost' && !live.done;
  const batch = useQuery({
    ...queries.batch(batchId),
    refetchInterval: (q) => (lost && ACTIVE.has(q.state.data?.status ?? 'pending') ? 2000 : false),
  });
  const names = useTestCaseNames();

  // Once the stream is lost, the polled batch is the fresher source.
  const status = (lost ? batch.data?.status : live.status) ?? live.status ?? batch.data?.status ?? 'pending';
  const counts = (lost ? batch.data?.counts : live.counts) ?? live.counts ?? batch.data?.counts ?? null;
  const polling = lost && ACTIVE.has(status);
  const name = batch.data?.name ?? 'Batch';
  const active = ACTIVE.has(status) && !live.done;

  return (
    <article className="panel runs-live" aria-label={`Live progress of ${name}`} data-testid="batch-live" data-status={status} data-batch-id={batchId}>
      <header className="runs-live-head">
        <h3>{name}</h3>
        <Badge value={status} />
        <span className="runs-spacer" />
        <Link href={`/runs?batchId=${encodeURIComponent(batchId)}#run-table`} className="btn btn-small">
          Show runs
        </Link>
        {active ? <CancelBatchButton batchId={batchId} batchName={name} /> : null}
        {!active ? (
          <button type="button" className="btn btn-small" onClick={onDismiss} aria-label={`Dismiss ${name}`}>
            Dismiss
          </button>
        ) : null}
      </header>
      {counts ? (
        <>
          <BatchProgressBar counts={counts} label={`Progress of ${name}`} />
          <BatchCounts counts={counts} />
          {live.byModel ? <ModelProgress models={live.byModel} /> : null}
        </>
      ) : (
        <p className="muted" role="status">
          Connecting to the progress stream…
        </p>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {!active && counts ? `${name} ${status}: ${describeCounts(counts)}` : ''}
      </p>
      {live.connection === 'reconnecting' ? <p className="muted">Progress stream interrupted; reconnecting…</p> : null}
      {polling && stream ? <p className="muted">Live updates are unavailable; checking the batch every 2 seconds.</p> : null}
      {batch.data?.errorMessage ? <p className="runs-error-text">{batch.data.errorMessage}</p> : null}
      {!active && counts && counts.failed > 0 ? <FailedRuns batchId={batchId} failed={counts.failed} /> : <RecentRuns batchId={batchId} over={!active} runs={live.recent} names={names} />}
    </article>
  );
}
