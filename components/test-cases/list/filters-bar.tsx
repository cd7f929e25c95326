'use client';

import { useId } from 'react';
import type { ServerDto } from '@/components/data/types';
import { hasFilters, NO_FILTERS, type CaseKind, type TestCaseFilters } from '../filters';

type Props = { value: TestCaseFilters; servers: ServerDto[]; onChange: (next: TestCaseFilters) => void };

/** Search, server and kind filters; the parent debounces the search text. */
export function FiltersBar({ value, servers, onChange }: Props) {
  const id = useId();
  return (
    <search className="toolbar tc-filters" aria-label="Filter test cases">
      <div className="field">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          placeholder="Name or query text"
          value={value.search}
          maxLength={200}
          onChange={(e) => onChange({ ...value, search: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-server`}>Server</label>
        <select id={`${id}-server`} value={value.serverId} onChange={(e) => onChange({ ...value, serverId: e.target.value })}>
          <option value="">All servers</option>
          {servers.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-kind`}>Kind</label>
        <select id={`${id}-kind`} value={value.kind} onChange={(e) => onChange({ ...value, kind: e.target.value as CaseKind | '' })}>
          <option value="">Positive and negative</option>
          <option value="positive">Positive (expects a tool)</option>
          <option value="negative">Negative (expects no tool)</option>
        </select>
      </div>
      {hasFilters(value) ? (
        <div className="field">
          <button type="button" className="btn" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </button>
        </div>
      ) : null}
    </search>
  );
}
