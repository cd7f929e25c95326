'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useDeferredValue, useState } from 'react';
import { queries } from '@/components/data/queries';
import { Notice } from '@/components/ui/notice';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { ExportLinks } from '../export-links';
import { ServersFilters, type ServerFilters } from './servers-filters';
import { ServersTable } from './servers-table';

export function ServersPage() {
  const [filters, setFilters] = useState<ServerFilters>({ search: '', status: '' });
  const deferred = useDeferredValue(filters);
  const list = useQuery({ ...queries.servers({ search: deferred.search.trim(), status: deferred.status }), placeholderData: keepPreviousData });
  const filtered = deferred.search.trim() !== '' || deferred.status !== '';
  const [notice, setNotice] = useState<string | null>(null);
  // Bumped on delete: the row and its buttons are gone, so focus goes to the message saying what happened.
  const [deletions, setDeletions] = useState(0);

  return (
    <>
      <header className="srv-page-head">
        <div>
          <h1>MCP servers</h1>
          <p className="muted">
            The servers whose tools the models choose from. Registering or editing a server checks that it answers the MCP handshake.
          </p>
        </div>
        <div className="srv-head-actions">
          <Link className="btn btn-primary" href="/servers/new">
            Register server
          </Link>
          <Link className="btn" href="/servers/import">
            Import mcp.json
          </Link>
        </div>
      </header>
      <Notice message={notice} focusKey={deletions} />
      <div className="srv-toolbar">
        <ServersFilters value={filters} onChange={setFilters} />
        <ExportLinks />
      </div>
      {list.isPending ? (
        <Loading label="Loading servers…" />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        filtered ? (
          <EmptyState title="No server matches these filters.">
            <button type="button" className="btn btn-small" onClick={() => setFilters({ search: '', status: '' })}>
              Clear filters
            </button>
          </EmptyState>
        ) : (
          <EmptyState title="No servers registered yet.">
            <Link href="/servers/new">Register a server</Link> by URL or command, or <Link href="/servers/import">import an mcp.json</Link> from
            Claude Desktop, Cursor or VS Code.
          </EmptyState>
        )
      ) : (
        <>
          <p className="muted srv-small" aria-live="polite">
            {list.data.total} server{list.data.total === 1 ? '' : 's'}
            {filtered ? ' match' : ''}
          </p>
          <ServersTable
            servers={list.data.items}
            onDeleted={(name) => {
              setNotice(`Deleted ${name}.`);
              setDeletions((n) => n + 1);
            }}
          />
        </>
      )}
    </>
  );
}
