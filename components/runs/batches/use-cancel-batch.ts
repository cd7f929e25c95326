'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/data/fetcher';
import type { BatchDto } from '@/components/data/types';

/** POST /api/batches/{id}/cancel: stops new work at once; in-flight runs end as cancelled. */
export function useCancelBatch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<BatchDto>(`/api/batches/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (batch) => client.setQueryData(['batches', batch.id], batch),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['batches'] }), client.invalidateQueries({ queryKey: ['runs'] })]),
  });
}
