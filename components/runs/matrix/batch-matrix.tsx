'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useId, useState } from 'react';
import { queries } from '@/components/data/queries';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { DEFAULT_DIR, MATRIX_SORTS, type MatrixSort, type SortDir } from '@/lib/metrics/matrix/cells';
import { MatrixCell } from './matrix-cell';
import { SortHeader, type SortState } from './sort-header';
import { severityWord } from './verdict-text';

const PAGE_SIZE = 50;
const ACTIVE = new Set(['pending', 'running']);

type View = { sort: MatrixSort; dir: SortDir; modelId: string | null; offset: number; search: string };

/** The view lives in the URL (?sort, dir, model, page) so a sorted matrix can be linked and survives a reload. */
function useMatrixView(): [View, (next: Partial<View>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const rawSort = params.get('sort');
  const sort: MatrixSort = MATRIX_SORTS.find((s) => s === rawSort) ?? 'name';
  const modelId = params.get('model');
  const rawDir = params.get('dir');
  const dir: SortDir = rawDir === 'asc' || rawDir === 'desc' ? rawDir : DEFAULT_DIR[sort];
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const view: View = {
    sort: sort === 'model' && !modelId ? 'name' : sort,
    dir,
    modelId: sort === 'model' ? modelId : null,
    offset: (page - 1) * PAGE_SIZE,
    search: (params.get('q') ?? '').slice(0, 200),
  };
  const set = (next: Partial<View>) => {
    const v = { ...view, ...next };
    const q = new URLSearchParams(params.toString());
    q.set('sort', v.sort);
    q.set('dir', v.dir);
    if (v.sort === 'model' && v.modelId) q.set('model', v.modelId);
    else q.delete('model');
    if (v.search) q.set('q', v.search);
    else q.delete('q');
    const p = Math.floor(v.offset / PAGE_SIZE) + 1;
    if (p > 1) q.set('page', String(p));
    else q.delete('page');
    router.replace(`${pathname}?${q.toString()}`, { scroll: false });
  };
  return [view, set];
}

/** Test cases x models of one batch: the verdict of every cell, sortable, each cell opening its run. */
export function BatchMatrix({ batchId, batchStatus }: { batchId: string; batchStatus: string | undefined }) {
  const [view, setView] = useMatrixView();
  const searchId = useId();
  // Typed text shows at once; the URL (and the request) follow once typing pauses.
  const [typed, setTyped] = useState(view.search);
  const settled = useDebouncedValue(typed, 300);
  useEffect(() => {
    if (settled.trim() !== view.search) setView({ search: settled.trim(), offset: 0 });
    // Only a settled change of the text moves the URL; other view changes keep it.
  }, [settled]);
  const matrix = useQuery({
    ...queries.batchMatrix(batchId, { sort: view.sort, dir: view.dir, modelId: view.modelId, search: view.search, limit: PAGE_SIZE, offset: view.offset }),
    placeholderData: keepPreviousData,
    refetchInterval: batchStatus && ACTIVE.has(batchStatus) ? 3000 : false,
  });

  const state: SortState = { key: view.sort === 'model' ? `model:${view.modelId ?? ''}` : view.sort, dir: view.dir };
  const onSort = (key: string) => {
    const [sort, modelId] = key.startsWith('model:') ? (['model', key.slice(6)] as const) : ([key as MatrixSort, null] as const);
    const dir: SortDir = key === state.key ? (view.dir === 'asc' ? 'desc' : 'asc') : DEFAULT_DIR[sort];
    setView({ sort, modelId, dir, offset: 0 });
  };

  return (
    <section aria-labelledby="matrix-title" className="runs-section" id="matrix">
      <h2 id="matrix-title">Test case × model matrix</h2>
      <p className="muted runs-note">
        Each cell is one run: its verdict (TP and TN are correct, FP and FN wrong), confidence, argument score and, with samples, whether every sample passed
        (pass^k). Sort by disagreement to find the cases the models answer differently; select a cell to open its run.
      </p>
      <div className="mx-toolbar">
        <label htmlFor={searchId}>Find a test case</label>
        <input id={searchId} type="search" value={typed} maxLength={200} placeholder="Part of its name" onChange={(e) => setTyped(e.target.value)} />
        {matrix.data && view.search ? (
          <span className="muted" role="status">
            {matrix.data.total} matching
          </span>
        ) : null}
      </div>
      {matrix.isPending ? <Loading label="Loading the matrix…" /> : null}
      {matrix.isError ? <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} /> : null}
      {matrix.data && matrix.data.total === 0 ? (
        view.search ? (
          <EmptyState title="No test case matches">No case of this batch has “{view.search}” in its name.</EmptyState>
        ) : (
          <EmptyState title="No runs in this batch">The matrix fills in as runs are created.</EmptyState>
        )
      ) : null}
      {matrix.data && matrix.data.total > 0 ? (
        <>
          <div className="mx-wrap" tabIndex={0} role="region" aria-labelledby="matrix-title">
            <table className="mx-table" data-testid="batch-matrix">
              <caption className="sr-only">
                {`Verdicts of ${matrix.data.total} test cases by ${matrix.data.models.length} models, sorted by ${view.sort === 'model' ? 'one model' : view.sort} ${view.dir === 'asc' ? 'ascending' : 'descending'}`}
              </caption>
              <thead>
                <tr>
                  <SortHeader sortKey="name" label="Test case" state={state} onSort={onSort} className="mx-corner" />
                  <SortHeader sortKey="disagreement" label="Disagreement" state={state} onSort={onSort} className="mx-num-col" />
                  <SortHeader sortKey="worst" label="Worst" state={state} onSort={onSort} className="mx-num-col" />
                  {matrix.data.models.map((m) => (
                    <SortHeader key={m.id} sortKey={`model:${m.id}`} label={m.label} state={state} onSort={onSort} className="mx-model-col">
                      <span className="mx-counts">
                        {m.counts.correct} correct · {m.counts.wrong} wrong{m.counts.error ? ` · ${m.counts.error} error` : ''}
                      </span>
                    </SortHeader>
                  ))}
                </tr>
              </thead>
              <tbody>
                {matrix.data.rows.map((row) => (
                  <tr key={row.testCaseId} data-testid="matrix-row">
                    <th scope="row" className="mx-case">
                      <Link href={`/test-cases/${encodeURIComponent(row.testCaseId)}`}>{row.testCaseName}</Link>
                    </th>
                    <td className="mx-num-col runs-num">{row.disagreement === 0 ? <span className="muted">none</span> : row.disagreement.toFixed(2)}</td>
                    <td className="mx-num-col">{severityWord(row.worst)}</td>
                    {row.cells.map((cell, i) => {
                      const model = matrix.data.models[i];
                      return <MatrixCell key={model?.id ?? i} cell={cell} caseName={row.testCaseName} modelLabel={model?.label ?? `model ${i + 1}`} />;
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination total={matrix.data.total} limit={PAGE_SIZE} offset={view.offset} onChange={(offset) => setView({ offset })} />
        </>
      ) : null}
    </section>
  );
}
