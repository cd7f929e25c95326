'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { queries } from '@/components/data/queries';
import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { ACTIONS_COLUMN, ColumnHeads } from '@/components/ui/column-heads';
import { batchModelLabels, formatDateTime } from '../format';
import { BatchCounts, BatchProgressBar } from '../live/batch-progress-bar';
import { BaselineActions, DownloadReportMenu } from './batch-actions';
import { CancelBatchButton } from './cancel-batch-button';

const LIMIT = 10;
const ACTIVE = new Set(['pending', 'running']);

/** GET /api/batches, newest first, paginated; active batches refresh on their own. */
export function BatchList({ selectedBatchId }: { selectedBatchId: string | null }) {
  const [offset, setOffset] = useState(0);
  const batches = useQuery({
    ...queries.batches({ limit: LIMIT, offset }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((b) => ACTIVE.has(b.status)) ? 3000 : false),
  });

  return (
    <section aria-labelledby="runs-batches-title" className="runs-section">
      <h2 id="runs-batches-title">Batches</h2>
      {batches.isPending ? <Loading label="Loading batches…" /> : null}
      {batches.isError ? <ErrorState error={batches.error} onRetry={() => void batches.refetch()} /> : null}
      {batches.data && batches.data.total === 0 ? (
        <EmptyState title="No batches yet">Launch one above, or run the offline demo evaluation.</EmptyState>
      ) : null}
      {batches.data && batches.data.items.length > 0 ? (
        <div className="runs-table-wrap">
          <table className="runs-table" data-testid="batch-table">
            <ColumnHeads columns={['Batch', 'Status', 'Progress', 'Models', 'Created', ACTIONS_COLUMN]} />
            <tbody>
              {batches.data.items.map((b) => (
                <tr key={b.id} className={b.id === selectedBatchId ? 'runs-row-selected' : undefined} data-testid="batch-row">
                  <td>
                    <Link href={`/runs/batches/${encodeURIComponent(b.id)}`} className="runs-batch-name">
                      <strong>{b.name}</strong>
                    </Link>
                    <div className="muted runs-small">
                      {b.samples > 1 ? `${b.samples} samples · ` : ''}concurrency {b.concurrency}
                    </div>
                    {b.errorMessage ? <div className="runs-error-text runs-small">{b.errorMessage}</div> : null}
                  </td>
                  <td>
                    <Badge value={b.status} />
                  </td>
                  <td className="runs-progress-cell">
                    <BatchProgressBar counts={b.counts} label={`Progress of ${b.name}`} compact />
                    <BatchCounts counts={b.counts} />
                  </td>
                  <td>
                    <ul className="runs-plain-list">
                      {batchModelLabels(b).map((m, i) => (
                        <li key={i}>{m}</li>
                      ))}
                    </ul>
                  </td>
                  <td className="runs-nowrap">{formatDateTime(b.createdAt)}</td>
                  <td>
                    <div className="row-actions">
                      <Link
                        className="btn btn-small"
                        href={`/runs?batchId=${encodeURIComponent(b.id)}#run-table`}
                        aria-current={b.id === selectedBatchId ? 'true' : undefined}
                        aria-label={`Show runs of ${b.name}`}
                      >
                        Runs
                      </Link>
                      {ACTIVE.has(b.status) ? <CancelBatchButton batchId={b.id} batchName={b.name} /> : null}
                      <BaselineActions batch={b} />
                      <DownloadReportMenu batch={b} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {batches.data ? <Pagination total={batches.data.total} limit={LIMIT} offset={offset} onChange={setOffset} /> : null}
    </section>
  );
}
