'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/data/fetcher';
import type { ServerDto, ServerImportReport, ToolExecutionDto } from '@/components/data/types';
import type { ConnectivityResult } from '@/lib/mcp/client';
import type { ServerInput, ServerPatch } from '@/lib/servers/schemas';

export type CheckResponse = ServerDto & { check: ConnectivityResult };
export type DeleteResponse = { deleted: true; deletedTestCases: number };

const path = (id: string) => `/api/servers/${encodeURIComponent(id)}`;

/** Every server mutation refreshes the server queries (list, detail, tools) it may have changed. */
function useInvalidateServers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['servers'] });
}

export function useCheckServer() {
  const invalidate = useInvalidateServers();
  return useMutation({
    mutationFn: (id: string) => apiFetch<CheckResponse>(`${path(id)}/check`, { method: 'POST' }),
    onSettled: invalidate,
  });
}

export function useDeleteServer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, force }: { id: string; force: boolean }) =>
      apiFetch<DeleteResponse>(`${path(id)}${force ? '?force=true' : ''}`, { method: 'DELETE' }),
    onSuccess: async (_res, { id }) => {
      // The deleted server's own queries would only refetch into 404s: drop them instead.
      client.removeQueries({ queryKey: ['servers', id] });
      await Promise.all([
        client.invalidateQueries({ queryKey: ['servers'], predicate: (q) => q.queryKey[1] !== id }),
        client.invalidateQueries({ queryKey: ['test-cases'] }),
      ]);
    },
  });
}

export function useSaveServer(id?: string) {
  const invalidate = useInvalidateServers();
  return useMutation({
    mutationFn: (body: ServerInput | ServerPatch) =>
      id ? apiFetch<ServerDto>(path(id), { method: 'PATCH', json: body }) : apiFetch<ServerDto>('/api/servers', { method: 'POST', json: body }),
    onSuccess: invalidate,
  });
}

/** Freezes a live server's current tools into a new static server. */
export function useSnapshotServer(id: string) {
  const invalidate = useInvalidateServers();
  return useMutation({
    mutationFn: (name: string) => apiFetch<ServerDto & { sourceServerId: string }>(`${path(id)}/snapshot`, { method: 'POST', json: { name } }),
    onSuccess: invalidate,
  });
}

export function useImportServers() {
  const invalidate = useInvalidateServers();
  return useMutation({
    mutationFn: (document: string) =>
      apiFetch<ServerImportReport>('/api/servers/import', { method: 'POST', body: document, headers: { 'content-type': 'application/json' } }),
    onSuccess: invalidate,
  });
}

export function useCallTool(serverId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ tool, args }: { tool: string; args: Record<string, unknown> }) =>
      apiFetch<ToolExecutionDto>(`${path(serverId)}/tools/${encodeURIComponent(tool)}/call`, { method: 'POST', json: { arguments: args } }),
    // A call that reached the server is in the history whether it succeeded or not.
    onSettled: () => client.invalidateQueries({ queryKey: ['servers', serverId, 'executions'] }),
  });
}
