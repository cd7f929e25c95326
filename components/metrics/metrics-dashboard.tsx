'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queries } from '@/components/data/queries';
import { loadPlots } from './charts/lazy-plots';
import { ErrorState, Loading } from '@/components/ui/states';
import { BatchCompare } from './compare/batch-compare';
import { FlakyCases } from './flaky/flaky-cases';
import { ExperimentsToggle } from './filters/experiments-toggle';
import { FILTER_KEYS, hasFilters, readFilters, type MetricsFilterValues } from './filters/filter-params';
import { FiltersForm } from './filters/filters-form';
import { useBatchOptions } from './filters/use-batch-options';
import { useUrlParams } from './filters/use-url-params';
import styles from './metrics.module.css';
import { MetricsEmpty } from './metrics-empty';
import { isRetryable } from './retryable';
import { ScopeLine } from './scope-line';
import { Section } from './section';
import { SummaryViews } from './summary-views';

const RUNNING = new Set(['pending', 'running']);

/** The metrics page: filters in the URL, then every view of one summary, then batch comparison. */
export function MetricsDashboard() {
  const { params, update } = useUrlParams();
  const filters = readFilters(params);
  const batches = useBatchOptions();
  const batch = filters.batchId ? batches.data?.items.find((b) => b.id === filters.batchId) : undefined;
  const live = batch !== undefined && RUNNING.has(batch.status);
  const summary = useQuery({ ...queries.metrics(filters), placeholderData: keepPreviousData, refetchInterval: live ? 3_000 : false });
  const client = useQueryClient();
  const wasLive = useRef(false);
  // The charts' code downloads while the summary is on its way (a failure shows when a chart mounts).
  useEffect(() => void loadPlots().catch(() => undefined), []);
  // Polling stops when the batch finishes; fetch once more so its last runs count.
  useEffect(() => {
    if (wasLive.current && !live) void client.invalidateQueries({ queryKey: ['metrics'] });
    wasLive.current = live;
  }, [live, client]);
  const apply = (next: MetricsFilterValues) => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, next[k] ?? ''])));
  const clear = () => apply({});
  const filterKey = FILTER_KEYS.map((k) => filters[k] ?? '').join('|');

  return (
    <>
      <div className={styles.pageHead}>
        <div>
          <h1>Metrics</h1>
          <p className="muted">
            How often the models pick the right tool with the right arguments, where they go wrong, and what changed between batches.
          </p>
        </div>
        <a href="#compare" className="btn btn-small">
          Compare batches ↓
        </a>
      </div>
      <FiltersForm key={filterKey} filters={filters} onApply={apply} toolNames={[...new Set((summary.data?.byTool ?? []).map((t) => t.name))]} />
      <ExperimentsToggle
        checked={filters.includeExperiments === 'true'}
        leftOut={summary.data?.experimentsLeftOut}
        batchChosen={Boolean(filters.batchId)}
        updating={summary.isFetching && summary.isPlaceholderData}
        onChange={(include) => update({ includeExperiments: include ? 'true' : '' })}
      />
      {summary.isPending ? (
        <div className={styles.stateGap}>
          <Loading label="Loading metrics…" />
        </div>
      ) : summary.isError ? (
        <div className={styles.stateGap}>
          <ErrorState error={summary.error} onRetry={isRetryable(summary.error) ? () => void summary.refetch() : undefined} />
          {hasFilters(filters) ? (
            <p>
              A filter may be invalid (for example “To” before “From”).{' '}
              <button type="button" className="btn btn-small" onClick={clear}>
                Clear all filters
              </button>
            </p>
          ) : null}
        </div>
      ) : summary.data.counts.total === 0 ? (
        <div className={styles.stateGap}>
          <MetricsEmpty summary={summary.data} filtered={hasFilters(filters)} onClear={clear} />
        </div>
      ) : (
        <div className={summary.isPlaceholderData ? styles.stale : undefined}>
          <ScopeLine batch={batch} summary={summary.data} updating={summary.isFetching && summary.isPlaceholderData} />
          <SummaryViews summary={summary.data} filters={filters} />
        </div>
      )}
      <Section
        id="flaky"
        title="Flaky cases"
        intro="Test cases whose verdict is unstable for a model: its samples disagreed within a run, or it was right in one batch and wrong in another although the model saw the same tools (same content hash). A change after the tools changed is a result, not flakiness."
      >
        <FlakyCases provider={filters.provider} model={filters.model} includeExperiments={filters.includeExperiments} ready={!summary.isPending} />
      </Section>
      <Section id="compare" title="Compare two batches" intro="Pick a baseline A and a batch B: every metric’s change from A to B, and the test cases whose verdict moved.">
        <BatchCompare ready={!summary.isPending} />
      </Section>
    </>
  );
}
