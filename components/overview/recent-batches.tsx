'use client';

import Link from 'next/link';
import { metricsHref } from '@/components/metrics/filters/filter-params';
import { batchModelLabels } from '@/components/metrics/filters/use-batch-options';
import { formatDate } from '@/components/metrics/format';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { ColumnHeads } from '@/components/ui/column-heads';
import styles from './overview.module.css';
import { useRecentBatches } from './use-recent-batches';

/** The newest batches with their progress; each name opens its metrics. */
export function RecentBatches() {
  const batches = useRecentBatches();
  if (batches.isPending) return <Loading label="Loading batches…" />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => void batches.refetch()} />;
  if (batches.data.items.length === 0) {
    return (
      <EmptyState title="No batches yet.">
        Start with the demo evaluation above, or launch one with your own models on <Link href="/runs">Runs</Link>.
      </EmptyState>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table data-testid="recent-batches">
        <ColumnHeads columns={['Batch', 'Status', 'Runs done', 'Models', 'Started']} />
        <tbody>
          {batches.data.items.map((b) => (
            <tr key={b.id}>
              <th scope="row" className={styles.rowHead}>
                <Link href={metricsHref({ batchId: b.id })}>{b.name}</Link>
              </th>
              <td>
                <Badge value={b.status} />
              </td>
              <td className={styles.num}>
                {b.counts.completed} / {b.counts.total}
                {b.counts.failed ? <span className={styles.failed}> ({b.counts.failed} failed)</span> : null}
              </td>
              <td>{batchModelLabels(b).join(', ')}</td>
              <td className={styles.nowrap}>{formatDate(b.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {batches.data.total > batches.data.items.length ? (
        <p className="muted">
          {batches.data.total - batches.data.items.length} older batch(es) on <Link href="/runs">Runs</Link>.
        </p>
      ) : null}
    </div>
  );
}
