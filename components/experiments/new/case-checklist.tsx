'use client';

import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Link from 'next/link';
import { apiFetch, qs } from '@/components/data/fetcher';
import type { TestCaseDto } from '@/components/data/types';
import { toolLabel } from '@/components/runs/format';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { FieldError } from '@/components/ui/field-error';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { plural } from '../format';

type Props = {
  selected: string[];
  /** True while the selection follows the changed tools (the user has not ticked anything yet). */
  following: boolean;
  /** The preselection's state: its size once the API has resolved it, whether it is loading. */
  preselected: { total: number | null; loading: boolean; error: Error | null; retry: () => void };
  onChange: (ids: string[]) => void;
  onReset: () => void;
  error?: string;
};

/** Rows fetched per page; more come with "Show more", searched by the API, never all at once. */
const PAGE = 100;

/** The test cases every variant runs: preselected by the API from the changed tools, a searched, paged checklist to pick others. */
export function CaseChecklist({ selected, following, preselected, onChange, onReset, error }: Props) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const list = useInfiniteQuery({
    queryKey: ['test-cases', 'experiment-picker', term],
    queryFn: ({ pageParam }) => apiFetch<{ items: TestCaseDto[]; total: number }>(`/api/test-cases${qs({ ...(term ? { search: term } : {}), limit: PAGE, offset: pageParam })}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * PAGE < last.total ? pages.length * PAGE : undefined),
    placeholderData: keepPreviousData,
  });
  const shown = list.data?.pages.flatMap((p) => p.items) ?? [];
  const matching = list.data?.pages[0]?.total ?? 0;
  const chosen = new Set(selected);
  const toggle = (caseId: string, on: boolean) => onChange(on ? [...selected, caseId] : selected.filter((x) => x !== caseId));
  const noCasesAtAll = list.data !== undefined && !term && matching === 0;
  return (
    <fieldset className="runs-fieldset" aria-describedby={error ? `${id}-error` : undefined} data-testid="exp-cases">
      <legend>Test cases</legend>
      <p className="muted runs-note" data-testid="exp-cases-rule">
        {following
          ? `Preselected${preselected.total !== null ? ` (${plural(preselected.total, 'case')})` : ''}: the cases that expect a changed tool (from a recommendation), or every case of a changed tool’s server. Ticking a box makes the choice yours.`
          : 'Your selection.'}
      </p>
      {preselected.loading ? <Loading label="Finding the cases of the changed tools…" /> : null}
      {preselected.error ? <ErrorState error={preselected.error} onRetry={preselected.retry} /> : null}
      {list.isPending ? <Loading label="Loading test cases…" /> : null}
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      {noCasesAtAll ? (
        <EmptyState title="No test cases yet">
          Write some on the <Link href="/test-cases">test cases</Link> page first.
        </EmptyState>
      ) : list.data ? (
        <div className="runs-picker">
          <div className="runs-picker-bar">
            <label htmlFor={`${id}-search`} className="sr-only">
              Search test cases
            </label>
            <input id={`${id}-search`} type="search" placeholder="Search by name, query or tool…" value={search} onChange={(e) => setSearch(e.target.value)} />
            <span className="muted" aria-live="polite" data-testid="exp-cases-count">
              {selected.length} selected
            </span>
            <button type="button" className="btn btn-small" disabled={shown.length === 0} onClick={() => onChange([...new Set([...selected, ...shown.map((c) => c.id)])])}>
              Select all shown
            </button>
            <button type="button" className="btn btn-small" disabled={selected.length === 0} onClick={() => onChange([])}>
              Clear
            </button>
            {!following ? (
              <button type="button" className="btn btn-small" onClick={onReset}>
                Back to the preselection
              </button>
            ) : null}
          </div>
          {shown.length === 0 ? <EmptyState title={`No test case matches “${term}”`} /> : null}
          {shown.length > 0 ? (
            <ul className="runs-picker-list" aria-label="Test cases to run">
              {shown.map((t) => (
                <li key={t.id}>
                  <label className="runs-check">
                    <input type="checkbox" checked={chosen.has(t.id)} onChange={(e) => toggle(t.id, e.target.checked)} />
                    <span>
                      <span className="runs-picker-name">{t.name}</span> <span className="muted">→ {toolLabel(t.expectedServer, t.expectedTool, 'no tool (negative)')}</span>
                      <span className="runs-picker-query">{t.query}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="muted runs-small" data-testid="exp-cases-shown">
            Showing {shown.length.toLocaleString('en')} of {plural(matching, 'case')}
            {term ? ` matching “${term}”` : ''}.{' '}
            {list.hasNextPage ? (
              <button type="button" className="btn btn-small" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading…' : `Show ${Math.min(PAGE, matching - shown.length)} more`}
              </button>
            ) : null}
          </p>
        </div>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
