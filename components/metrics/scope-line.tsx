import Link from 'next/link';
import type { BatchDto, MetricsSummary } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { leftOutText } from './filters/experiments-toggle';
import styles from './metrics.module.css';
import { formatCount, formatDate } from './format';

/** What the numbers below cover: the batch (if one is chosen), how many runs, and the experiment runs left out (if any). */
export function ScopeLine({ batch, summary, updating }: { batch: BatchDto | undefined; summary: MetricsSummary; updating: boolean }) {
  return (
    <p className={styles.scope} data-testid="metrics-scope" aria-live="polite">
      {batch ? (
        <>
          Batch <strong>{batch.name}</strong> <Badge value={batch.status} /> started {formatDate(batch.createdAt)} ·{' '}
        </>
      ) : null}
      {formatCount(summary.counts.total)} evaluated run{summary.counts.total === 1 ? '' : 's'}
      {summary.runs.failed ? ` · ${formatCount(summary.runs.failed)} failed` : ''}
      {summary.experimentsLeftOut.batches > 0 ? ` · ${leftOutText(summary.experimentsLeftOut)}` : ''}
      {batch ? (
        <>
          {' · '}
          <Link href={`/runs?batchId=${batch.id}`}>its runs</Link>
        </>
      ) : null}
      {updating ? <span className="muted"> · updating…</span> : null}
    </p>
  );
}
