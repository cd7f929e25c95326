import type { BatchComparison } from '@/components/data/types';

type Significance = BatchComparison['significance'][keyof BatchComparison['significance']];

const OUTCOME: Record<Significance['outcome'], { label: string; tone: 'ok' | 'bad' | 'idle' | 'info' }> = {
  improved: { label: 'improved', tone: 'ok' },
  regressed: { label: 'regressed', tone: 'bad' },
  no_significant_change: { label: 'no significant change', tone: 'idle' },
  too_few_cases: { label: 'too few cases to tell', tone: 'info' },
};

const pp = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n * 100).toFixed(1)}`;

/** The outcome of the paired test as a badge, with the interval of the change and the p-value beside it. */
export function SignificanceBadge({ value }: { value: Significance | undefined }) {
  if (!value) return <span aria-label="not tested">—</span>;
  const outcome = OUTCOME[value.outcome];
  const interval = value.low === null || value.high === null ? null : `[${pp(value.low)}, ${pp(value.high)}] pp`;
  const p = value.pValue === null ? null : value.pValue < 0.001 ? 'p < 0.001' : `p = ${value.pValue.toFixed(3)}`;
  return (
    <span data-testid="significance">
      <span className={`badge badge-tone-${outcome.tone}`} data-outcome={value.outcome}>
        {outcome.label}
      </span>
      {interval || p ? <small title={value.method}> {[interval, p].filter(Boolean).join(', ')}</small> : null}
    </span>
  );
}

/** Shown above the table when the batches ran different test cases. */
export function SharedCasesNotice({ shared }: { shared: BatchComparison['sharedCases'] }) {
  if (!shared.warning) return null;
  return (
    <p role="status" className="badge-tone-info" data-testid="compare-shared-warning" style={{ padding: '0.5rem 0.75rem', borderRadius: 6 }}>
      {shared.warning}
    </p>
  );
}
