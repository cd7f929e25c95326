'use client';

import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/data/fetcher';
import type { ApiKeyDto, CreatedApiKeyDto } from '@/lib/mcp-endpoint/api-keys';

export type { ApiKeyDto, CreatedApiKeyDto };

const KEY = ['api-keys'] as const;

/** One kind at a time: /mcp keys (`mcp`) or REST API tokens (`api`). */
export const apiKeysQuery = (kind: ApiKeyDto['kind'] = 'mcp') =>
  queryOptions({ queryKey: [...KEY, kind], queryFn: () => apiFetch<{ items: ApiKeyDto[]; total: number }>(`/api/api-keys?kind=${kind}`) });

export function useCreateApiKey(kind: ApiKeyDto['kind'] = 'mcp') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiFetch<CreatedApiKeyDto>('/api/api-keys', { method: 'POST', json: { name, kind } }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ApiKeyDto>(`/api/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
