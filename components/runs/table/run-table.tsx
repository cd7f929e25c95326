'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import type { TestRunListItemDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { ColumnHeads } from '@/components/ui/column-heads';
import { formatMs, formatPercent, modelLabel, NONE } from '../format';
import { ToolName } from '../tool-name';
import { callCountsText } from './call-counts';
import { CallFiguresLine } from './call-figures-line';
import { RunFilterBar } from './run-filters';
import { useRunFilters } from './use-run-filters';

const LIMIT = 25;
const ACTIVE = new Set(['pending', 'running']);

function RunRow({ run }: { run: TestRunListItemDto }) {
  const calls = run.calls ? callCountsText(run.calls) : null;
  return (
    <tr data-testid="run-row" data-status={run.status}>
      <td>
        <Link href={`/runs/${run.id}`}>{run.testCaseName}</Link>
        {run.steps !== null ? (
          <>
            {' '}
            <span className="runs-seq-marker" title="A sequence case: an agent loop of several steps">
              sequence
            </span>
          </>
        ) : null}
      </td>
      <td className="runs-nowrap">{modelLabel(run.modelSettings)}</td>
      <td>
        <Badge value={run.status} />
      </td>
      <td>
        {run.classification ? <Badge value={run.classification} /> : NONE}
        {calls ? (
          <span className="runs-call-counts" data-testid="run-call-counts" aria-label={calls.label} title={calls.label}>
            {' '}
            {calls.short}
          </span>
        ) : null}
      </td>
      <td>
        {run.status === 'completed' ? <ToolName server={run.selectedServer} tool={run.selectedTool} /> : NONE}
      </td>
      <td className="runs-nowrap">
        {formatPercent(run.confidenceScore)} {run.confidenceCategory ? <Badge value={run.confidenceCategory} /> : null}
      </td>
      <td className="runs-nowrap runs-num">
        {formatMs(run.executionTimeMs)}
        {run.steps !== null ? <span className="runs-steps"> · {run.steps === 1 ? '1 step' : `${run.steps} steps`}</span> : null}
      </td>
      <td>{run.errorMessage ? <span className="runs-error-text runs-clamp">{run.errorMessage}</span> : null}</td>
    </tr>
  );
}

/** GET /api/test-runs with server-side filters and pagination. */
export function RunTable({ onFirstData }: { onFirstData?: () => void }) {
  const [filters, setFilters] = useRunFilters();
  const { offset, ...where } = filters;
  const runs = useQuery({
    ...queries.runs({ ...where, limit: LIMIT, offset }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((r) => ACTIVE.has(r.status)) ? 2000 : false),
  });
  const filtered = Object.values(where).some(Boolean);
  const loaded = runs.data !== undefined || runs.isError;
  useEffect(() => {
    if (loaded) onFirstData?.();
  }, [loaded, onFirstData]);

  return (
    <section aria-labelledby="run-table-title" id="run-table" className="runs-section">
      <h2 id="run-table-title">Test runs</h2>
      <RunFilterBar filters={filters} onChange={setFilters} />
      <CallFiguresLine filters={where} />
      {runs.isPending ? <Loading label="Loading runs…" /> : null}
      {runs.isError ? <ErrorState error={runs.error} onRetry={() => void runs.refetch()} /> : null}
      {runs.data && runs.data.items.length === 0 ? (
        <EmptyState title={filtered ? 'No runs match these filters' : 'No runs yet'}>
          {filtered ? 'Clear a filter to see more.' : 'Launch a batch above; its runs appear here as they finish.'}
        </EmptyState>
      ) : null}
      {runs.data && runs.data.items.length > 0 ? (
        <div className="runs-table-wrap" aria-busy={runs.isFetching && runs.isPlaceholderData}>
          <table className="runs-table" data-testid="run-table">
            <caption className="sr-only">Test runs, newest first</caption>
            <ColumnHeads columns={['Test case', 'Model', 'Status', 'Class', 'Selected tool', 'Confidence', 'Latency', 'Error']} />
            <tbody>
              {runs.data.items.map((r) => (
                <RunRow key={r.id} run={r} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {runs.data ? <Pagination total={runs.data.total} limit={LIMIT} offset={offset} onChange={(o) => setFilters({ offset: o })} /> : null}
    </section>
  );
}
