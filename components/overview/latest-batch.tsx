'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import type { BatchDto } from '@/components/data/types';
import { metricsHref } from '@/components/metrics/filters/filter-params';
import { formatCount, formatDate, formatRate } from '@/components/metrics/format';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import styles from './overview.module.css';
import { useRecentBatches } from './use-recent-batches';

const HEADLINES = [
  { key: 'f1', label: 'F1' },
  { key: 'precision', label: 'Precision' },
  { key: 'recall', label: 'Recall' },
  { key: 'accuracy', label: 'Accuracy' },
] as const;

function Headlines({ batch }: { batch: BatchDto }) {
  const summary = useQuery(queries.metrics({ batchId: batch.id }));
  if (summary.isPending) return <Loading label="Loading its metrics…" />;
  if (summary.isError) return <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />;
  const s = summary.data;
  return (
    <>
      <dl className={styles.headlines}>
        {HEADLINES.map((h) => (
          <div key={h.key} data-testid={`latest-${h.key}`}>
            <dt>{h.label}</dt>
            <dd>{formatRate(s[h.key])}</dd>
          </div>
        ))}
      </dl>
      <p className="muted">
        {formatCount(s.counts.total)} evaluated runs: {s.counts.tp} TP, {s.counts.fp} FP, {s.counts.tn} TN, {s.counts.fn} FN.
      </p>
    </>
  );
}

/** The headline metrics of the most recent completed batch, with the way to the details. */
export function LatestBatch() {
  const batches = useRecentBatches();
  if (batches.isPending) return <Loading label="Loading batches…" />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => void batches.refetch()} />;
  const completed = batches.data.items.filter((b) => b.status === 'completed');
  const [latest, previous] = completed;
  const running = batches.data.items.find((b) => b.status === 'running' || b.status === 'pending');
  return (
    <div data-testid="latest-batch">
      {running ? (
        <p className={styles.running} role="status">
          <strong>{running.name}</strong> is running: {running.counts.completed + running.counts.failed} of {running.counts.total} runs done.
        </p>
      ) : null}
      {latest ? (
        <>
          <p className={styles.batchName}>
            <strong>{latest.name}</strong> <span className="muted">· finished {formatDate(latest.completedAt ?? latest.createdAt)}</span>
          </p>
          <Headlines batch={latest} />
          <div className="row-actions">
            <Link href={metricsHref({ batchId: latest.id })} className="btn btn-small">
              All metrics of this batch →
            </Link>
            {previous ? (
              <Link href={`/metrics?a=${previous.id}&b=${latest.id}#compare`} className="btn btn-small">
                Compare with {previous.name}
              </Link>
            ) : null}
          </div>
        </>
      ) : (
        <EmptyState title="No completed batch yet.">Run the demo evaluation to see F1, precision, recall and accuracy here.</EmptyState>
      )}
    </div>
  );
}
