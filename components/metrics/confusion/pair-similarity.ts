'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';
import type { Confusion } from '@/components/data/types';
import type { MetricsFilterValues } from '../filters/filter-params';

/** "server/tool", or "none" for no tool: the confusion matrix's labels. */
export const confusionLabel = (t: Confusion['expected']) => (t ? `${t.server}/${t.tool}` : 'none');

const key = (expected: string, selected: string) => `${expected}\u0000${selected}`;

/** The similarity of each mistake of the matrix, by its labels: one request for every cell (GET /api/metrics/confusions, the same filters). */
export function usePairSimilarity(filters: MetricsFilterValues) {
  const confusions = useQuery(queries.confusions(filters));
  const byPair = new Map((confusions.data?.items ?? []).map((c) => [key(confusionLabel(c.expected), confusionLabel(c.selected)), c]));
  return { confusions, lookup: (expected: string, selected: string) => byPair.get(key(expected, selected)) };
}

/** The heatmap cell's title: the count, and for a mistake between two tools how alike their descriptions read. */
export function cellTitle(expected: string, selected: string, count: number, confusion: Confusion | undefined, pending: boolean): string {
  const base = `Expected ${expected}, selected ${selected}: ${count} run${count === 1 ? '' : 's'}`;
  if (expected === selected || expected === 'none' || selected === 'none') return base;
  if (pending) return `${base}; similarity loading…`;
  if (!confusion) return base;
  return `${base}; similarity of the two descriptions ${confusion.similarity === null ? 'n/a' : confusion.similarity.toFixed(2)}`;
}
