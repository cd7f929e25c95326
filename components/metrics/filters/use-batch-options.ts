'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';
import type { BatchDto } from '@/components/data/types';
import { formatDate } from '../format';

const ACTIVE = new Set<BatchDto['status']>(['pending', 'running']);

/** The most recent batches (newest first), refreshed while one of them is still running. */
export function useBatchOptions() {
  return useQuery({
    ...queries.batches({ limit: 200 }),
    refetchInterval: (q) => (q.state.data?.items.some((b) => ACTIVE.has(b.status)) ? 3_000 : false),
  });
}

/** "name · 2026-03-01 12:00 UTC", with the status only when it is not completed. */
export function batchOptionLabel(b: BatchDto): string {
  return `${b.name} · ${formatDate(b.createdAt)}${b.status === 'completed' ? '' : ` (${b.status})`}`;
}

type ModelRef = { provider: string; model: string };

function readModels(b: BatchDto): ModelRef[] {
  return b.models.flatMap((m) => {
    if (typeof m !== 'object' || m === null) return [];
    const { provider, model } = m as Partial<Record<keyof ModelRef, unknown>>;
    return typeof provider === 'string' && typeof model === 'string' ? [{ provider, model }] : [];
  });
}

/** "provider · model" for each model config of a batch. */
export function batchModelLabels(b: BatchDto): string[] {
  return readModels(b).map((m) => `${m.provider} · ${m.model}`);
}

/** Unique "model" names of the batches' model configs, for the model filter's suggestions. */
export function batchModelNames(batches: BatchDto[]): string[] {
  const names = new Set<string>();
  for (const b of batches) for (const m of readModels(b)) names.add(m.model);
  return [...names].sort();
}
