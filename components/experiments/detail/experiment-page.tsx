'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import { ApiError } from '@/components/data/fetcher';
import { batchModelLabels, formatDateTime } from '@/components/runs/format';
import { BatchCounts, BatchProgressBar, describeCounts } from '@/components/runs/live/batch-progress-bar';
import { Badge } from '@/components/ui/badge';
import { FieldError } from '@/components/ui/field-error';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { isActive, plural } from '../format';
import { useCancelExperiment } from '../mutations';
import { VariantCard } from './variant-card';

/** One experiment: live progress while it runs, then its variants side by side. */
export function ExperimentPage({ id }: { id: string }) {
  const query = useQuery({
    ...queries.experiment(id),
    refetchInterval: (q) => (q.state.data && isActive(q.state.data.status) ? 1500 : false),
  });
  const cancel = useCancelExperiment(id);

  if (query.isPending) return <Loading label="Loading the experiment…" />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <>
          <h1>Experiment not found</h1>
          <EmptyState title="No experiment has this id.">
            See <Link href="/experiments">all experiments</Link>.
          </EmptyState>
        </>
      );
    }
    return (
      <>
        <h1>Experiment</h1>
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const e = query.data;
  const active = isActive(e.status);
  const models = batchModelLabels(e);

  return (
    <>
      <nav aria-label="Breadcrumb" className="runs-breadcrumb">
        <ol>
          <li>
            <Link href="/experiments">Experiments</Link>
          </li>
          <li aria-current="page">{e.name}</li>
        </ol>
      </nav>
      <div className="exp-title">
        <h1>{e.name}</h1>
        <Badge value={e.status} />
        {active ? (
          <button type="button" className="btn btn-small btn-danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel experiment'}
          </button>
        ) : null}
        <FieldError error={cancel.error?.message} />
      </div>
      <p className="muted">
        {plural(e.variants.length, 'variant')} × {plural(e.testCaseIds.length, 'case')} × {models.join(', ')}
        {e.samples > 1 ? `, ${e.samples} samples each` : ''} · created {formatDateTime(e.createdAt)}
        {e.completedAt ? ` · finished ${formatDateTime(e.completedAt)}` : ''}
      </p>

      <section className="panel runs-live" aria-labelledby="exp-progress-title">
        <h2 id="exp-progress-title">Progress</h2>
        <BatchProgressBar counts={e.progress} label={`Progress of ${e.name}`} />
        <BatchCounts counts={e.progress} />
        {/* Always in the page, so the change to "completed" is announced. */}
        <p className="sr-only" role="status" data-testid="exp-progress-status">
          {active ? `${e.name} is ${e.status}.` : `${e.name} ${e.status}: ${describeCounts(e.progress)}.`}
        </p>
        <ul className="exp-variant-batches">
          {e.variants.map((v) => (
            <li key={v.name}>
              <strong>{v.name}</strong> <Badge value={v.status} />{' '}
              {v.batchId ? (
                <Link href={`/runs?batchId=${v.batchId}`} className="exp-small">
                  runs of {v.name}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <div className="exp-variants">
        {e.variants.map((v) => (
          <VariantCard key={v.name} experiment={e} variant={v} />
        ))}
      </div>
    </>
  );
}
