'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queries } from '@/components/data/queries';
import type { SimilarityOutcome } from '../types';
import type { PairOf } from '../results/pair-index';
import { joinConfusions, type ObservedConfusions } from './join-confusions';

export type Observed = { state: 'off' } | { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: ObservedConfusions };

/**
 * The evaluated runs' confusions among the analysed tools. Only registered servers have runs
 * to compare with, so other inputs skip the request. The page reads GET /api/metrics/confusions
 * and joins by tool id here, which keeps the analysis endpoints free of run history.
 */
export function useObservedConfusions(outcome: SimilarityOutcome, pairOf: PairOf): Observed {
  const registered = Boolean(outcome.body.serverIds?.length);
  const confusions = useQuery({ ...queries.confusions(), enabled: registered });
  const toolIds = useMemo(() => outcome.analysis.tools.map((t) => t.id), [outcome.analysis.tools]);
  const data = useMemo(() => (confusions.data ? joinConfusions(confusions.data.items, toolIds, pairOf) : null), [confusions.data, toolIds, pairOf]);
  if (!registered) return { state: 'off' };
  if (confusions.isError) return { state: 'error', message: confusions.error.message };
  return data ? { state: 'ready', data } : { state: 'loading' };
}
