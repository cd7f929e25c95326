'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ApiError } from '@/components/data/fetcher';
import { queries } from '@/components/data/queries';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { CheckButton } from '../check-button';
import { DeleteServerButton } from '../delete-server-button';
import { ExecutionsHistory } from '../playground/executions-history';
import { ServerSummary } from './server-summary';
import { SnapshotAction } from './snapshot-action';
import { ToolsAndPlayground } from './tools-and-playground';

export function ServerDetailPage({ id }: { id: string }) {
  const router = useRouter();
  const server = useQuery(queries.server(id));

  if (server.isPending) return <Loading label="Loading server…" />;
  if (server.isError) {
    if (server.error instanceof ApiError && server.error.status === 404) {
      return (
        <EmptyState title="This server does not exist (any more).">
          It may have been deleted. <Link href="/servers">Back to the servers</Link>.
        </EmptyState>
      );
    }
    return <ErrorState error={server.error} onRetry={() => void server.refetch()} />;
  }
  const s = server.data;
  return (
    <>
      <nav aria-label="Breadcrumb" className="srv-breadcrumb">
        <Link href="/servers">Servers</Link>
      </nav>
      <header className="srv-page-head">
        {/* The status sits beside the heading, not in it: the page's name is the server's name. */}
        <div className="srv-title">
          <h1>{s.name}</h1>
          <Badge value={s.status} />
        </div>
        <div className="srv-head-actions">
          {s.transport === 'static' ? null : <CheckButton serverId={s.id} serverName={s.name} small={false} />}
          <Link className="btn" href={`/servers/${s.id}/edit`}>
            {s.transport === 'static' ? 'Edit tools' : 'Edit'}
          </Link>
          {s.transport === 'static' ? null : <SnapshotAction server={s} />}
          <DeleteServerButton server={s} small={false} onDeleted={() => router.push('/servers')} />
        </div>
      </header>
      <ServerSummary server={s} />
      <ToolsAndPlayground serverId={s.id} />
      <ExecutionsHistory serverId={s.id} />
    </>
  );
}
