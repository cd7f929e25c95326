'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useBaseline } from '@/components/data/baseline';
import { queries } from '@/components/data/queries';
import { Field } from '@/components/ui/field';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import styles from '../metrics.module.css';
import { BatchSelect } from '../filters/batch-select';
import { useBatchOptions } from '../filters/use-batch-options';
import { useUrlParams } from '../filters/use-url-params';
import { CaseChanges } from './case-changes';
import { isRetryable } from '../retryable';
import { defaultPair } from './default-pair';
import { DeltaTable } from './delta-table';
import { SharedCasesNotice } from './significance';
import { useNearViewport } from '../use-near-viewport';

/**
 * Batch B against baseline A: per-metric deltas and the cases whose verdict changed. The comparison is requested
 * once `ready` (the page's summary is in) and the section is near the viewport or a pair was picked, so it never
 * holds the charts back.
 */
export function BatchCompare({ ready = true }: { ready?: boolean }) {
  const [box, near] = useNearViewport<HTMLDivElement>(ready);
  const { params, update } = useUrlParams();
  const batches = useBatchOptions();
  const items = batches.data?.items ?? [];
  const baseline = useBaseline();
  const pinned = baseline.data?.batch ?? null;
  // With a pinned baseline, A defaults to it and B to the latest other batch.
  const fallback = pinned ? { a: pinned.id, b: defaultPair(items.filter((x) => x.id !== pinned.id)).b || (items.find((x) => x.id !== pinned.id)?.id ?? '') } : defaultPair(items);
  const a = params.get('a') ?? fallback.a;
  const b = params.get('b') ?? fallback.b;
  const distinct = a !== '' && b !== '' && a !== b;
  // A pair picked by the user (or linked: ?a=&b=) is wanted now, wherever the section is.
  const chosen = params.get('a') !== null || params.get('b') !== null;
  const active = ready && (near || chosen);
  const comparison = useQuery({ ...queries.compare(a, b), enabled: active && distinct });

  if (batches.isPending) return <Loading label="Loading batches…" />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => void batches.refetch()} />;
  if (items.length < 2) {
    return (
      <EmptyState title="Comparing needs two batches.">
        Run another batch from <Link href="/runs">Runs</Link> (for example after changing a tool description), then compare it with the first one
        here.
      </EmptyState>
    );
  }

  return (
    <div data-testid="batch-compare" ref={box}>
      <div className={styles.comparePickers}>
        <Field label="Baseline (A)">{(p) => <BatchSelect {...p} value={a} batches={items} onChange={(v) => update({ a: v, b })} />}</Field>
        <button type="button" className="btn" onClick={() => update({ a: b, b: a })} aria-label="Swap A and B">
          ⇄ Swap
        </button>
        <Field label="Compared (B)">{(p) => <BatchSelect {...p} value={b} batches={items} onChange={(v) => update({ a, b: v })} />}</Field>
      </div>
      {pinned ? (
        <p className="muted" data-testid="baseline-note">
          {pinned.id === a ? `A is the pinned baseline, “${pinned.name}”.` : `The pinned baseline is “${pinned.name}”. `}
          {pinned.id !== a ? (
            <button type="button" className="btn btn-small" onClick={() => update({ a: pinned.id, b: b === pinned.id ? a : b })}>
              Compare B with the baseline
            </button>
          ) : null}
        </p>
      ) : null}
      {a === b ? (
        <EmptyState title="Pick two different batches.">A batch compared with itself has no changes.</EmptyState>
      ) : !active ? (
        <div className={styles.compareWaiting} aria-hidden="true" />
      ) : comparison.isPending ? (
        <Loading label="Comparing…" />
      ) : comparison.isError ? (
        <ErrorState error={comparison.error} onRetry={isRetryable(comparison.error) ? () => void comparison.refetch() : undefined} />
      ) : (
        <div className={styles.compareResults}>
          <h3 className={styles.subTitle}>Metrics, B against A</h3>
          <SharedCasesNotice shared={comparison.data.sharedCases} />
          <DeltaTable comparison={comparison.data} />
          <h3 className={styles.subTitle}>Cases whose verdict changed</h3>
          <CaseChanges comparison={comparison.data} />
        </div>
      )}
    </div>
  );
}
