import type { BatchDto } from '@/components/data/types';

type Counts = BatchDto['counts'];

export function finishedOf(c: Counts): number {
  return c.completed + c.failed + c.cancelled;
}

/** "12 of 30 finished: 10 completed, 2 failed", the words screen readers get for the bar. */
export function describeCounts(c: Counts): string {
  const parts = [`${c.completed} completed`];
  if (c.failed) parts.push(`${c.failed} failed`);
  if (c.cancelled) parts.push(`${c.cancelled} cancelled`);
  if (c.running) parts.push(`${c.running} running`);
  if (c.pending) parts.push(`${c.pending} pending`);
  return `${finishedOf(c)} of ${c.total} finished: ${parts.join(', ')}`;
}

function share(n: number, total: number): string {
  return `${total === 0 ? 0 : (n / total) * 100}%`;
}

/** A stacked bar (completed, failed, cancelled, running) that reads as one progressbar. */
export function BatchProgressBar({ counts, label, compact = false }: { counts: Counts; label: string; compact?: boolean }) {
  return (
    <div
      className={`runs-bar${compact ? ' runs-bar-compact' : ''}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={counts.total}
      aria-valuenow={finishedOf(counts)}
      aria-valuetext={describeCounts(counts)}
    >
      <span className="runs-bar-seg runs-bar-completed" style={{ width: share(counts.completed, counts.total) }} />
      <span className="runs-bar-seg runs-bar-failed" style={{ width: share(counts.failed, counts.total) }} />
      <span className="runs-bar-seg runs-bar-cancelled" style={{ width: share(counts.cancelled, counts.total) }} />
      <span className="runs-bar-seg runs-bar-running" style={{ width: share(counts.running, counts.total) }} />
    </div>
  );
}

/** The counts as words, next to the bar. */
export function BatchCounts({ counts }: { counts: Counts }) {
  return (
    <span className="runs-counts">
      <strong data-testid="batch-finished">
        {finishedOf(counts)} / {counts.total}
      </strong>{' '}
      finished
      {counts.failed ? <span className="runs-count-failed"> · {counts.failed} failed</span> : null}
      {counts.cancelled ? <span className="muted"> · {counts.cancelled} cancelled</span> : null}
      {counts.running ? <span className="muted"> · {counts.running} running</span> : null}
    </span>
  );
}
