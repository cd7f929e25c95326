'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useRecentBatches } from './use-recent-batches';

/**
 * The overview's counters (servers, test cases, runs in the last hour) are rendered on the
 * server; when a batch starts or finishes, re-render them so they are not stale until a reload.
 * Batches are already polled by the overview's widgets, so this adds no request of its own.
 */
export function RefreshOnBatchChange() {
  const router = useRouter();
  const batches = useRecentBatches();
  const signature = batches.data?.items.map((b) => `${b.id}:${b.status}`).join(',');
  const previous = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (signature === undefined) return;
    if (previous.current !== undefined && previous.current !== signature) router.refresh();
    previous.current = signature;
  }, [signature, router]);
  return null;
}
