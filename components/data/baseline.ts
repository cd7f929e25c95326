'use client';

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/data/fetcher';
import type { Baseline } from '@/lib/metrics/baseline/baseline';

/** GET /api/baseline: the one pinned baseline batch (or none). */
export const baselineQuery = () => queryOptions({ queryKey: ['baseline'], queryFn: () => apiFetch<Baseline>('/api/baseline') });

export function useBaseline() {
  return useQuery(baselineQuery());
}

/** PUT /api/baseline {batchId} to pin, DELETE to unpin; the comparison view follows. */
export function usePinBaseline() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (batchId: string | null) =>
      batchId === null ? apiFetch<Baseline>('/api/baseline', { method: 'DELETE' }) : apiFetch<Baseline>('/api/baseline', { method: 'PUT', json: { batchId } }),
    onSuccess: (baseline) => client.setQueryData(['baseline'], baseline),
    onSettled: () => client.invalidateQueries({ queryKey: ['compare'] }),
  });
}
