'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';

export const RECENT_LIMIT = 6;

/** The newest batches, shared by the overview widgets (one request), polled while one runs. */
export function useRecentBatches() {
  return useQuery({
    ...queries.batches({ limit: RECENT_LIMIT }),
    // A batch started elsewhere (another tab, the API, the CLI) shows when the reader comes back.
    refetchOnWindowFocus: true,
    refetchInterval: (q) => (q.state.data?.items.some((b) => b.status === 'pending' || b.status === 'running') ? 2_000 : false),
  });
}
