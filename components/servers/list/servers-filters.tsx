'use client';

import { useId } from 'react';

export type ServerFilters = { search: string; status: '' | 'active' | 'failed' | 'inactive' };

export function ServersFilters({ value, onChange }: { value: ServerFilters; onChange: (next: ServerFilters) => void }) {
  const id = useId();
  return (
    <search className="srv-filters" aria-label="Filter servers">
      <div className="field">
        <label htmlFor={`${id}-search`}>Search</label>
        <input
          id={`${id}-search`}
          type="search"
          value={value.search}
          placeholder="Name"
          onChange={(e) => onChange({ ...value, search: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={value.status} onChange={(e) => onChange({ ...value, status: e.target.value as ServerFilters['status'] })}>
          <option value="">Any</option>
          <option value="active">Active</option>
          <option value="failed">Failed</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
    </search>
  );
}
