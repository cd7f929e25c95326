'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { useDebouncedValue } from '@/components/ui/use-debounced-value';
import { FieldError } from '@/components/ui/field-error';
import { toolLabel } from '../format';

export type CaseSelection = { mode: 'all' | 'some'; ids: string[] };

const PAGE = 200;

/** All test cases (the default), or a searchable multi-select of them. */
export function TestCasePicker({ value, onChange, error }: { value: CaseSelection; onChange: (v: CaseSelection) => void; error?: string | null }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), 300);
  const all = useQuery(queries.testCases({ limit: PAGE }));
  const list = useQuery({ ...queries.testCases({ limit: PAGE, search: term || undefined }), enabled: value.mode === 'some' });
  const selected = new Set(value.ids);
  const toggle = (caseId: string, on: boolean) => onChange({ ...value, ids: on ? [...value.ids, caseId] : value.ids.filter((x) => x !== caseId) });
  const shown = list.data?.items ?? [];
  const total = all.data?.total;

  return (
    <fieldset className="runs-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Test cases</legend>
      <div className="runs-radios">
        <label className="runs-check">
          <input type="radio" name={`${id}-mode`} checked={value.mode === 'all'} onChange={() => onChange({ ...value, mode: 'all' })} />
          All test cases{total !== undefined ? ` (${total})` : ''}
        </label>
        <label className="runs-check">
          <input type="radio" name={`${id}-mode`} checked={value.mode === 'some'} onChange={() => onChange({ ...value, mode: 'some' })} />
          Choose test cases
        </label>
      </div>
      {all.isError ? <ErrorState error={all.error} onRetry={() => void all.refetch()} /> : null}
      {all.data && all.data.total === 0 ? (
        <EmptyState title="No test cases yet">
          Write some on the <Link href="/test-cases">test cases</Link> page first.
        </EmptyState>
      ) : null}
      {value.mode === 'some' ? (
        <div className="runs-picker">
          <div className="runs-picker-bar">
            <label htmlFor={`${id}-search`} className="sr-only">
              Search test cases
            </label>
            <input id={`${id}-search`} type="search" placeholder="Search by name or query…" value={search} onChange={(e) => setSearch(e.target.value)} />
            <span className="muted" aria-live="polite">
              {value.ids.length} selected
            </span>
            <button type="button" className="btn btn-small" disabled={shown.length === 0} onClick={() => onChange({ ...value, ids: [...new Set([...value.ids, ...shown.map((t) => t.id)])] })}>
              Select all shown
            </button>
            <button type="button" className="btn btn-small" disabled={value.ids.length === 0} onClick={() => onChange({ ...value, ids: [] })}>
              Clear
            </button>
          </div>
          {list.isPending ? <Loading label="Loading test cases…" /> : null}
          {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
          {list.data && shown.length === 0 ? <EmptyState title={term ? `No test case matches “${term}”` : 'No test cases'} /> : null}
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
          {list.data && list.data.total > shown.length ? (
            <p className="muted">
              Showing {shown.length} of {list.data.total}; search to narrow the list.
            </p>
          ) : null}
        </div>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
