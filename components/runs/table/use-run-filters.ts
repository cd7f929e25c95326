'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { z } from 'zod';
import type { RunListQuerySchema } from '@/lib/eval/api/schemas';
import { PROVIDER_IDS } from '@/lib/providers/catalog';

type RunQuery = z.infer<typeof RunListQuerySchema>;
export type RunFilters = Pick<RunQuery, 'batchId' | 'status' | 'provider' | 'model' | 'classification'> & { offset: number };

export const RUN_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const satisfies readonly NonNullable<RunQuery['status']>[];
export const CLASSIFICATIONS = ['TP', 'FP', 'TN', 'FN'] as const satisfies readonly NonNullable<RunQuery['classification']>[];

const FILTER_KEYS = ['batchId', 'status', 'provider', 'model', 'classification'] as const;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((a) => a === value);
}

/** The run table's filters live in the URL, so a filtered view can be linked and survives Back. */
export function useRunFilters(): [RunFilters, (patch: Partial<RunFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const offset = Number(params.get('offset'));
  const filters: RunFilters = {
    batchId: params.get('batchId') || undefined,
    status: pick(params.get('status'), RUN_STATUSES),
    provider: pick(params.get('provider'), PROVIDER_IDS),
    model: params.get('model') || undefined,
    classification: pick(params.get('classification'), CLASSIFICATIONS),
    offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
  };
  const update = (patch: Partial<RunFilters>) => {
    // Any filter change starts again from the first page.
    const next: RunFilters = { ...filters, offset: 0, ...patch };
    const out = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const v = next[key];
      if (v) out.set(key, v);
    }
    if (next.offset > 0) out.set('offset', String(next.offset));
    const query = out.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return [filters, update];
}
