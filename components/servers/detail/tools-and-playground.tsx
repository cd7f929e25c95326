'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queries } from '@/components/data/queries';
import { lintServerQuery } from '@/components/quality/api';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { Playground } from '../playground/playground';
import { ToolsSection } from './tools-section';

/** The live tools (listed on every visit, nothing stored) next to the playground that calls them. */
export function ToolsAndPlayground({ serverId }: { serverId: string }) {
  const tools = useQuery(queries.serverTools(serverId));
  const queryClient = useQueryClient();
  // A successful listing marks the server active (lib/servers/service.ts): show its status afresh.
  useEffect(() => {
    if (tools.isSuccess) void queryClient.invalidateQueries({ queryKey: queries.server(serverId).queryKey, exact: true });
  }, [tools.isSuccess, tools.dataUpdatedAt, queryClient, serverId]);
  // The description lint lists the tools again itself; it shows beside each tool once it answers.
  const lint = useQuery({ ...lintServerQuery(serverId), enabled: tools.isSuccess && tools.data.items.length > 0 });
  const [picked, setPicked] = useState<string | null>(null);

  if (tools.isPending || tools.isError || tools.data.items.length === 0) {
    return (
      <section className="panel" aria-labelledby="srv-tools-title">
        <h2 id="srv-tools-title">Tools</h2>
        {tools.isPending ? (
          <Loading label="Connecting to the server and listing its tools…" />
        ) : tools.isError ? (
          <div className="srv-stack">
            <ErrorState error={tools.error} onRetry={() => void tools.refetch()} />
            <p className="muted srv-small">The tools are listed live. Check that the server is running and retry, or edit its URL, command or credentials.</p>
          </div>
        ) : (
          <EmptyState title="This server exposes no tools.">
            Nothing to call here. If it should have tools, check the server&apos;s own configuration, then{' '}
            <button type="button" className="btn btn-small" onClick={() => void tools.refetch()}>
              list them again
            </button>
          </EmptyState>
        )}
      </section>
    );
  }
  const items = tools.data.items;
  const selected = picked && items.some((t) => t.name === picked) ? picked : (items[0]?.name ?? '');

  const tryTool = (name: string) => {
    setPicked(name);
    // Bring the playground into view and put the keyboard there.
    const section = document.getElementById('playground');
    section?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section?.querySelector('select')?.focus({ preventScroll: true });
  };

  return (
    <div className="srv-detail-grid">
      <ToolsSection tools={items} durationMs={tools.data.durationMs} onTry={tryTool} lint={lint.data} />
      <div className="srv-sticky">
        <Playground serverId={serverId} tools={items} selected={selected} onSelect={setPicked} />
      </div>
    </div>
  );
}
