'use client';

import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiFetch, qs } from '@/components/data/fetcher';
import type { TestCaseDto } from '@/components/data/types';
import { useId, useState } from 'react';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { FieldError } from '@/components/ui/field-error';
import { toolLabel } from '../format';

/** A filter the API resolves to case ids at launch (POST /api/batches `filter`). */
export type CaseFilter = { search?: string; tag?: string[] };

/**
 * Every case; some chosen by id; or every case matching a filter (`matching`), which the API
 * resolves, so "all 1,800 matching 'weather'" never lists or sends 1,800 ids.
 */
export type CaseSelection =
  | { mode: 'all'; ids: string[] }
  | { mode: 'some'; ids: string[] }
  | { mode: 'matching'; ids: string[]; filter: CaseFilter; total: number; label: string };

/** Rows fetched per page of the chooser; more come with "Show more", never all at once. */
const PAGE = 100;

const plural = (n: number) => `${n.toLocaleString('en')} test case${n === 1 ? '' : 's'}`;

/** All test cases (the default), a searchable multi-select of them, or all matching a search and tag. */
export function TestCasePicker({
  value,
  onChange,
  error,
  countReady = true,
}: {
  value: CaseSelection;
  onChange: (v: CaseSelection) => void;
  error?: string | null;
  /** Whether to ask for the count of all cases yet (the runs page asks once its first screen of runs is shown). */
  countReady?: boolean;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const filter: CaseFilter = { ...(term ? { search: term } : {}), ...(tag ? { tag: [tag] } : {}) };
  const all = useQuery({ ...queries.testCases({ limit: 1 }), enabled: countReady || value.mode !== 'all' });
  const tags = useQuery({ ...queries.testCaseTags(), enabled: value.mode !== 'all' });
  // Server-side search and count; pages of PAGE rows come on demand.
  const list = useInfiniteQuery({
    queryKey: ['test-cases', 'picker', filter],
    queryFn: ({ pageParam }) => apiFetch<{ items: TestCaseDto[]; total: number }>(`/api/test-cases${qs({ ...filter, limit: PAGE, offset: pageParam })}`),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * PAGE < last.total ? pages.length * PAGE : undefined),
    enabled: value.mode === 'some',
    placeholderData: keepPreviousData,
  });
  const selected = new Set(value.ids);
  const some = (ids: string[]): CaseSelection => ({ mode: 'some', ids });
  const toggle = (caseId: string, on: boolean) => onChange(some(on ? [...value.ids, caseId] : value.ids.filter((x) => x !== caseId)));
  const shown = list.data?.pages.flatMap((p) => p.items) ?? [];
  const matching = list.data?.pages[0]?.total;
  const total = all.data?.total;
  const describe = (f: CaseFilter) => [f.search ? `“${f.search}”` : '', f.tag?.length ? `tag ${f.tag.join(', ')}` : ''].filter(Boolean).join(' and ');

  return (
    <fieldset className="runs-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Test cases</legend>
      <div className="runs-radios">
        <label className="runs-check">
          <input type="radio" name={`${id}-mode`} checked={value.mode === 'all'} onChange={() => onChange({ mode: 'all', ids: value.ids })} />
          All test cases{total !== undefined ? ` (${total.toLocaleString('en')})` : ''}
        </label>
        <label className="runs-check">
          <input type="radio" name={`${id}-mode`} checked={value.mode !== 'all'} onChange={() => onChange(some(value.ids))} />
          Choose test cases
        </label>
      </div>
      {all.isError ? <ErrorState error={all.error} onRetry={() => void all.refetch()} /> : null}
      {all.data && all.data.total === 0 ? (
        <EmptyState title="No test cases yet">
          Write some on the <Link href="/test-cases">test cases</Link> page first.
        </EmptyState>
      ) : null}
      {value.mode === 'matching' ? (
        <div className="runs-picker runs-picker-matching" role="status">
          <p>
            <strong>All {plural(value.total)}</strong> {value.label}.{' '}
            <span className="muted">The server picks them when the batch starts.</span>
          </p>
          <button type="button" className="btn btn-small" onClick={() => onChange(some([]))}>
            Choose one by one instead
          </button>
        </div>
      ) : null}
      {value.mode === 'some' ? (
        <div className="runs-picker">
          <div className="runs-picker-bar">
            <label htmlFor={`${id}-search`} className="sr-only">
              Search test cases
            </label>
            <input id={`${id}-search`} type="search" placeholder="Search by name or query…" value={search} maxLength={200} onChange={(e) => setSearch(e.target.value)} />
            {tags.data && tags.data.items.length > 0 ? (
              <>
                <label htmlFor={`${id}-tag`} className="sr-only">
                  Tag
                </label>
                <select id={`${id}-tag`} value={tag} onChange={(e) => setTag(e.target.value)}>
                  <option value="">Any tag</option>
                  {tags.data.items.map((t) => (
                    <option key={t.tag} value={t.tag}>
                      {t.tag} ({t.count})
                    </option>
                  ))}
                </select>
              </>
            ) : null}
            <span className="muted" aria-live="polite">
              {value.ids.length.toLocaleString('en')} selected
            </span>
            <button type="button" className="btn btn-small" disabled={shown.length === 0} onClick={() => onChange(some([...new Set([...value.ids, ...shown.map((t) => t.id)])]))}>
              Select all shown
            </button>
            {/* Offered when not all are listed, or with a search or tag: the batch then takes what matches at launch. */}
            {matching !== undefined && matching > 0 && (matching > shown.length || describe(filter)) ? (
              <button
                type="button"
                className="btn btn-small"
                onClick={() => onChange({ mode: 'matching', ids: [], filter, total: matching, label: describe(filter) ? `matching ${describe(filter)}` : 'in the suite' })}
              >
                Select all {plural(matching)}
                {describe(filter) ? ` matching ${describe(filter)}` : ''}
              </button>
            ) : null}
            <button type="button" className="btn btn-small" disabled={value.ids.length === 0} onClick={() => onChange(some([]))}>
              Clear
            </button>
          </div>
          {list.isPending ? <Loading label="Loading test cases…" /> : null}
          {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
          {list.data && shown.length === 0 ? <EmptyState title={describe(filter) ? `No test case matches ${describe(filter)}` : 'No test cases'} /> : null}
          {shown.length > 0 ? (
            <ul className="runs-picker-list" aria-label="Test cases to run">
              {shown.map((t) => (
                <li key={t.id}>
                  <label className="runs-check">
                    <input type="checkbox" checked={selected.has(t.id)} onChange={(e) => toggle(t.id, e.target.checked)} />
                    <span>
                      <span className="runs-picker-name">{t.name}</span>{' '}
                      <span className="muted">→ {toolLabel(t.expectedServer, t.expectedTool, 'no tool (negative)')}</span>
                      <span className="runs-picker-query">{t.query}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          {matching !== undefined && matching > shown.length ? (
            <p className="muted runs-picker-more">
              Showing {shown.length.toLocaleString('en')} of {matching.toLocaleString('en')}; search or pick a tag to narrow the list, or{' '}
              <button type="button" className="btn btn-small" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Show {Math.min(PAGE, matching - shown.length)} more
              </button>
            </p>
          ) : null}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
