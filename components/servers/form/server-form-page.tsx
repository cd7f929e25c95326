'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { queries } from '@/components/data/queries';
import { ErrorState, Loading } from '@/components/ui/states';
import { useSaveServer } from '../mutations';
import { ServerForm } from './server-form';

/** /servers/new and /servers/[id]/edit: save, then show the server with its status. */
export function ServerFormPage({ id }: { id?: string }) {
  const router = useRouter();
  const server = useQuery({ ...queries.server(id ?? ''), enabled: id !== undefined });
  const isStatic = server.data?.transport === 'static';
  const tools = useQuery({ ...queries.serverTools(id ?? ''), enabled: id !== undefined && isStatic });
  const save = useSaveServer(id);
  const title = id ? `Edit ${server.data?.name ?? 'server'}` : 'Register an MCP server';

  return (
    <>
      <nav aria-label="Breadcrumb" className="srv-breadcrumb">
        <Link href="/servers">Servers</Link>
        {id && server.data ? (
          <>
            {' / '}
            <Link href={`/servers/${id}`}>{server.data.name}</Link>
          </>
        ) : null}
      </nav>
      <h1>{title}</h1>
      {id && (server.isPending || (isStatic && tools.isPending)) ? (
        <Loading label="Loading server…" />
      ) : id && server.isError ? (
        <ErrorState error={server.error} onRetry={() => void server.refetch()} />
      ) : id && isStatic && tools.isError ? (
        <ErrorState error={tools.error} onRetry={() => void tools.refetch()} />
      ) : (
        <ServerForm
          key={server.data?.id ?? 'new'}
          original={server.data}
          originalTools={isStatic ? tools.data?.items : undefined}
          pending={save.isPending}
          error={save.error}
          cancelHref={id ? `/servers/${id}` : '/servers'}
          onSubmit={(body) => save.mutate(body, { onSuccess: (saved) => router.push(`/servers/${saved.id}`) })}
        />
      )}
    </>
  );
}
