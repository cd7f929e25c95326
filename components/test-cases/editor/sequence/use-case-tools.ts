'use client';

import { useQueries } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';
import type { ServerDto, Tool } from '@/components/data/types';

/** One ticked server and what it lists now: tools, or null while loading or when it cannot be listed. */
export type ServerTools = { server: ServerDto; tools: Tool[] | null; failed: boolean };

/** The live tool lists of the case's servers (cached like the expected-tool picker's). */
export function useCaseTools(servers: ServerDto[]): ServerTools[] {
  const results = useQueries({ queries: servers.map((s) => queries.serverTools(s.id)) });
  return servers.map((server, i) => {
    const r = results[i];
    return { server, tools: r?.data?.items ?? null, failed: r?.isError === true };
  });
}
