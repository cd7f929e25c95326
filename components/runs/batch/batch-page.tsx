'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import { Badge } from '@/components/ui/badge';
import { ErrorState, Loading } from '@/components/ui/states';
import { ExperimentRefLink } from '@/components/experiments/batch-experiment-link';
import { BaselineActions, DownloadReportMenu } from '../batches/batch-actions';
import { CancelBatchButton } from '../batches/cancel-batch-button';
import { batchModelLabels, formatDateTime } from '../format';
import { BatchCounts, BatchProgressBar } from '../live/batch-progress-bar';
import { BatchMatrix } from '../matrix/batch-matrix';

const ACTIVE = new Set(['pending', 'running']);

/** /runs/batches/{id}: one batch, its progress and its test case x model matrix (a permalink). */
export function BatchPage({ id }: { id: string }) {
  const batch = useQuery({
    ...queries.batch(id),
    refetchInterval: (q) => (q.state.data && ACTIVE.has(q.state.data.status) ? 3000 : false),
  });
  const b = batch.data;
  return (
    <>
      <header className="runs-detail-head">
        <nav aria-label="Breadcrumb" className="runs-breadcrumb">
          <ol>
            <li>
              <Link href="/runs">Runs</Link>
            </li>
            <li aria-current="page">Batch</li>
          </ol>
        </nav>
        <div className="runs-title">
          <h1>{b ? b.name : 'Batch'}</h1>
          {b ? <Badge value={b.status} /> : null}
        </div>
        <ExperimentRefLink experiment={b?.experiment} />
      </header>
      {batch.isPending ? <Loading label="Loading the batch…" /> : null}
      {batch.isError ? <ErrorState error={batch.error} onRetry={() => void batch.refetch()} /> : null}
      {b ? (
        <section className="panel mx-summary" aria-label="Batch summary">
          <dl className="runs-dl mx-dl">
            <div>
              <dt>Models</dt>
              <dd>{batchModelLabels(b).join(', ')}</dd>
            </div>
            <div>
              <dt>Samples per run</dt>
              <dd>{b.samples}</dd>
            </div>
            <div>
              <dt>Created</dt>
              <dd>{formatDateTime(b.createdAt)}</dd>
            </div>
            <div>
              <dt>Finished</dt>
              <dd>{formatDateTime(b.completedAt)}</dd>
            </div>
          </dl>
          <BatchProgressBar counts={b.counts} label={`Progress of ${b.name}`} />
          <BatchCounts counts={b.counts} />
          {b.errorMessage ? <p className="runs-error-text">{b.errorMessage}</p> : null}
          <div className="row-actions mx-actions">
            <Link className="btn btn-small" href={`/runs?batchId=${encodeURIComponent(b.id)}#run-table`}>
              All runs of this batch
            </Link>
            <Link className="btn btn-small" href={`/metrics?batchId=${encodeURIComponent(b.id)}`}>
              Metrics of this batch
            </Link>
            {ACTIVE.has(b.status) ? <CancelBatchButton batchId={b.id} batchName={b.name} /> : null}
            <BaselineActions batch={b} />
            <DownloadReportMenu batch={b} />
          </div>
        </section>
      ) : null}
      {batch.isError ? null : <BatchMatrix batchId={id} batchStatus={b?.status} />}
    </>
  );
}
