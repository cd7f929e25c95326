'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState } from 'react';
import { qs } from '@/components/data/fetcher';
import { queries } from '@/components/data/queries';
import { Pagination } from '@/components/ui/pagination';
import { Notice } from '@/components/ui/notice';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { filterParams, hasFilters, NO_FILTERS, PAGE_SIZE, type TestCaseFilters } from '../filters';
import { ImportPanel } from '../import/import-panel';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { ExportLinks } from './export-links';
import { FiltersBar } from './filters-bar';
import { TestCaseTable } from './test-case-table';

const IMPORT_PANEL_ID = 'tc-import-panel';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The test case list: filters in the URL, server-side pagination, import, export, edit and delete. */
export function TestCasesView({ initialFilters, saved }: { initialFilters: TestCaseFilters; saved: string | null }) {
  const [filters, setFilters] = useState(initialFilters);
  const search = useDebouncedValue(filters.search, 300);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const params = filterParams(applied);
  const filterKey = JSON.stringify(params);
  // The page belongs to the filters it was chosen under; new filters start at the first page.
  const [page, setPage] = useState({ filterKey, offset: 0 });
  const offset = page.filterKey === filterKey ? page.offset : 0;

  const list = useQuery({ ...queries.testCases({ ...params, limit: PAGE_SIZE, offset }), placeholderData: keepPreviousData });
  const servers = useQuery(queries.servers());

  const [notice, setNotice] = useState<string | null>(saved ? `Saved “${saved}”.` : null);
  // Bumped when focus should go to the message saying what happened: after a save (a client-side
  // navigation leaves focus where the Save button was) and after a delete (the row and its button are gone).
  const [noticeFocus, setNoticeFocus] = useState(saved ? 1 : 0);
  const [importOpen, setImportOpen] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);

  const url = `/test-cases${qs(params)}`;
  useEffect(() => {
    // Keeps the filters shareable and restored by Back/Reload, without a navigation per keystroke.
    window.history.replaceState(window.history.state, '', url);
  }, [url]);

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

      <div className="tc-listbar">
        <p className="muted" aria-live="polite">
          {data ? (filtered ? `${plural(data.total, 'test case')} match` : plural(data.total, 'test case')) : ''}
          {list.isFetching && data ? ' · updating…' : ''}
        </p>
        <ExportLinks filters={applied} />
      </div>

      {list.error ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Loading label="Loading test cases…" /> : null}
      {data && data.items.length > 0 ? (
        <>
          <TestCaseTable items={data.items} onDeleted={onDeleted} />
          <Pagination total={data.total} limit={PAGE_SIZE} offset={offset} onChange={(o) => setPage({ filterKey, offset: o })} />
        </>
      ) : null}
      {data && data.items.length === 0 && data.total > 0 ? (
        <EmptyState title="This page is empty.">
          <button type="button" className="btn btn-small" onClick={() => setPage({ filterKey, offset: 0 })}>
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
