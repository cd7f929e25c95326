'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';

/** Registered servers as checkboxes; their tools are listed live when the analysis runs. */
export function ServerChecklist({ selected, onChange }: { selected: string[]; onChange: (ids: string[]) => void }) {
  const servers = useQuery(queries.servers());
  if (servers.isPending) return <Loading label="Loading registered servers…" />;
  if (servers.isError) return <ErrorState error={servers.error} onRetry={() => void servers.refetch()} />;
  const items = servers.data.items;
  if (!items.length) {
    return (
      <EmptyState title="No servers are registered.">
        <Link href="/servers/new">Register a server</Link>, or paste a tool list instead.
      </EmptyState>
    );
  }
  const all = items.map((s) => s.id);
  const toggle = (id: string, on: boolean) => onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  const allOn = all.every((id) => selected.includes(id));
  return (
    <div className="sim-checklist">
      <div className="sim-checklist-head">
        <span className="muted">
          {selected.length} of {items.length} selected
        </span>
        <button type="button" className="btn btn-small" onClick={() => onChange(allOn ? [] : all)}>
          {allOn ? 'Clear selection' : 'Select all'}
        </button>
      </div>
      <ul role="list">
        {items.map((s) => (
          <li key={s.id}>
            <label className="sim-check">
              <input type="checkbox" checked={selected.includes(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} />
              <span className="sim-check-name">{s.name}</span>
              <span className="muted sim-small">{s.transport}</span>
              <Badge value={s.status} />
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
