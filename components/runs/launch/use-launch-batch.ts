'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/data/fetcher';
import type { BatchDto } from '@/components/data/types';
import type { z } from 'zod';
import type { BatchInputSchema } from '@/lib/eval/api/schemas';

/** What the form posts: the JSON body of POST /api/batches (never a key); `filter` instead of ids selects "all matching". */
export type BatchRequest = z.input<typeof BatchInputSchema> & { filter?: Record<string, string | string[]> };

/**
 * POST /api/batches. The keys come from `headers()` at call time so they never sit in the
 * mutation's variables (which react-query keeps around for devtools and retries).
 */
export function useLaunchBatch(headers: () => Record<string, string> = () => ({})) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchRequest) => apiFetch<BatchDto>('/api/batches', { method: 'POST', json: body, headers: headers() }),
    onSuccess: (batch) => {
      client.setQueryData(['batches', batch.id], batch);
      return Promise.all([client.invalidateQueries({ queryKey: ['batches'], predicate: (q) => q.queryKey[1] !== batch.id }), client.invalidateQueries({ queryKey: ['runs'] })]);
    },
  });
}
