'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useMemo, useRef, useState } from 'react';
import { queries } from '@/components/data/queries';
import { Pagination } from '@/components/ui/pagination';
import { Notice } from '@/components/ui/notice';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { filterParams, hasFilters, listQueryParams, NO_FILTERS, PAGE_SIZES, type ListView, type SortKey, type TestCaseFilters } from '../filters';
import { apiFetch, qs } from '@/components/data/fetcher';
import type { List, TestCaseListItemDto } from '@/components/data/types';
import { ImportPanel } from '../import/import-panel';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { BulkActions } from './bulk-actions';
import { ExportLinks } from './export-links';
import { FiltersBar } from './filters-bar';
import { TagChips } from './tag-chips';
import { toRowPage, type TestCaseRowPage } from './rows';
import { TestCaseTable } from './test-case-table';
import { useListState } from './use-list-state';
import { useSelection } from './use-selection';

const IMPORT_PANEL_ID = 'tc-import-panel';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A column's first direction: names and tools A-Z, dates newest first, wrong last verdicts first. */
const FIRST_DIR: Record<SortKey, 'asc' | 'desc'> = { name: 'asc', expectedTool: 'asc', created: 'desc', lastVerdict: 'asc' };

/**
 * The test case list: filters, page, page size and sort in the URL, server-side pagination,
 * tags, bulk select (a page or every match) with run and delete, import, export, edit.
 */
/** The first page as the server read it while rendering, for the query it answers (`key`): no loading state on arrival. Rows only, so the hydration data stays small. */
export type InitialList = { key: string; data: TestCaseRowPage };

/** GET /api/test-cases as rows; under the list's key (so every 'test-cases' invalidation refreshes it) with 'rows' appended. */
function rowQuery(params: ReturnType<typeof listQueryParams>) {
  return {
    queryKey: [...queries.testCases(params).queryKey, 'rows'] as const,
    queryFn: async () => toRowPage(await apiFetch<List<TestCaseListItemDto>>(`/api/test-cases${qs(params)}`)),
  };
}

export function TestCasesView({
  initialFilters,
  initialView,
  initialList,
  saved,
}: {
  initialFilters: TestCaseFilters;
  initialView: ListView;
  initialList?: InitialList;
  saved: string | null;
}) {
  const { filters, view, setFilters, setView } = useListState(initialFilters, initialView);
  const search = useDebouncedValue(filters.search, 300);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const params = filterParams(applied);
  const filterKey = JSON.stringify(params);
  const offset = (view.page - 1) * view.size;
  const sizeId = useId();

  const query = listQueryParams(applied, view);
  const list = useQuery({
    ...rowQuery(query),
    placeholderData: keepPreviousData,
    initialData: initialList?.key === JSON.stringify(query) ? initialList.data : undefined,
  });
  const selection = useSelection(filterKey);
  const pageIds = list.data?.items.map((tc) => tc.id) ?? [];
  const onSort = (sort: SortKey) => setView({ sort, dir: view.sort === sort ? (view.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIR[sort], page: 1 });
  const servers = useQuery(queries.servers());

  const [notice, setNotice] = useState<string | null>(saved ? `Saved “${saved}”.` : null);
  // Bumped when focus should go to the message saying what happened: after a save (a client-side
  // navigation leaves focus where the Save button was) and after a delete (the row and its button are gone).
  const [noticeFocus, setNoticeFocus] = useState(saved ? 1 : 0);
  const [importOpen, setImportOpen] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);

  function onDeleted(name: string) {
    setNotice(`Deleted “${name}”.`);
    setNoticeFocus((n) => n + 1);
  }

  const data = list.data;
  const filtered = hasFilters(applied);
  return (
    <>
      <div className="tc-header">
        <div>
          <h1>Test cases</h1>
          <p className="muted">A query, the servers whose tools the model sees, and the tool call you expect, or none.</p>
        </div>
        <div className="tc-actions">
          <button
            ref={importButton}
            type="button"
            className="btn"
            aria-expanded={importOpen}
            aria-controls={IMPORT_PANEL_ID}
            onClick={() => setImportOpen((o) => !o)}
          >
            Import…
          </button>
          <Link href="/test-cases/new" className="btn btn-primary">
            New test case
          </Link>
        </div>
      </div>

      <Notice message={notice} focusKey={noticeFocus} />

      {importOpen ? (
        <ImportPanel
          id={IMPORT_PANEL_ID}
          onClose={() => {
            setImportOpen(false);
            importButton.current?.focus();
          }}
        />
      ) : null}

      <FiltersBar value={filters} servers={servers.data?.items ?? []} onChange={setFilters} />
      <TagChips selected={filters.tags} onChange={(tags) => setFilters({ ...filters, tags })} />

      <div className="tc-listbar">
        <p className="muted" aria-live="polite">
          {data ? (filtered ? `${plural(data.total, 'test case')} match` : plural(data.total, 'test case')) : ''}
          {list.isFetching && data ? ' · updating…' : ''}
        </p>
        <ExportLinks filters={applied} />
      </div>
      {data && data.total > 0 ? (
        <BulkActions
          selection={selection.selection}
          total={data.total}
          pageIds={pageIds}
          filters={applied}
          onSelectAllMatching={selection.selectAllMatching}
          onClear={selection.clear}
          onDeleted={(n) => {
            setNotice(`Deleted ${n} test case${n === 1 ? '' : 's'}.`);
            setNoticeFocus((k) => k + 1);
          }}
        />
      ) : null}

      {list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Loading label="Loading test cases…" /> : null}
      {data && data.items.length > 0 ? (
        <>
          <TestCaseTable
            items={data.items}
            onDeleted={onDeleted}
            view={view}
            onSort={onSort}
            selection={{
              isSelected: selection.isSelected,
              toggle: (id, on) => selection.toggle(id, on, pageIds),
              togglePage: (on) => selection.togglePage(pageIds, on),
            }}
          />
          <div className="tc-pagebar">
            <Pagination total={data.total} limit={view.size} offset={offset} onChange={(o) => setView({ page: Math.floor(o / view.size) + 1 })} />
            <div className="tc-page-size">
              <label htmlFor={sizeId}>Per page</label>
              <select id={sizeId} value={view.size} onChange={(e) => setView({ size: Number(e.target.value), page: 1 })}>
                {PAGE_SIZES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </>
      ) : null}
      {data && data.items.length === 0 && data.total > 0 ? (
        <EmptyState title="This page is empty.">
          <button type="button" className="btn btn-small" onClick={() => setView({ page: 1 })}>
            Go to the first page
          </button>
        </EmptyState>
      ) : null}
      {data && data.total === 0 && filtered ? (
        <EmptyState title="No test case matches these filters.">
          Change the search or{' '}
          <button type="button" className="btn btn-small" onClick={() => setFilters(NO_FILTERS)}>
            clear the filters
          </button>
        </EmptyState>
      ) : null}
      {data && data.total === 0 && !filtered ? (
        <EmptyState title="No test cases yet.">
          Write one with <Link href="/test-cases/new">New test case</Link>, or import a JSON, JSONL or CSV file with Import. A test
          case needs at least one registered <Link href="/servers">MCP server</Link>.
        </EmptyState>
      ) : null}
    </>
  );
}
