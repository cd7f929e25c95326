import Link from 'next/link';
import type { MetricsSummary } from '@/components/data/types';
import { EmptyState } from '@/components/ui/states';

/** Why there is nothing to show, and the next step for each reason. */
export function MetricsEmpty({ summary, filtered, onClear }: { summary: MetricsSummary; filtered: boolean; onClear: () => void }) {
  if (summary.runs.total > 0) {
    return (
      <EmptyState title={`${summary.runs.total} run(s) match, but none was evaluated yet.`}>
        {summary.runs.failed > 0 ? `${summary.runs.failed} failed; ` : ''}runs still pending or running count once they complete. Follow them on{' '}
        <Link href="/runs">Runs</Link>.
      </EmptyState>
    );
  }
  if (filtered) {
    return (
      <EmptyState title="No evaluated runs match these filters.">
        Widen the date range or clear a filter.{' '}
        <button type="button" className="btn btn-small" onClick={onClear}>
          Clear all filters
        </button>
      </EmptyState>
    );
  }
  return (
    <EmptyState title="No evaluations yet.">
      Run the demo evaluation from the <Link href="/">Overview</Link> (offline, a few seconds) or launch a batch with your own models on{' '}
      <Link href="/runs">Runs</Link>.
    </EmptyState>
  );
}
