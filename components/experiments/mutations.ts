'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/components/data/fetcher';
import type { ApplyResult, ExperimentDto, ExperimentRequest } from './types';

/** POST /api/experiments. Keys come from `headers()` at call time, so they never sit in the mutation's variables. */
export function useCreateExperiment(headers: () => Record<string, string>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ExperimentRequest) => apiFetch<ExperimentDto>('/api/experiments', { method: 'POST', json: body, headers: headers() }),
    onSuccess: (experiment) => {
      client.setQueryData(['experiments', experiment.id], experiment);
      return client.invalidateQueries({ queryKey: ['experiments'], predicate: (q) => q.queryKey[1] !== experiment.id });
    },
  });
}

export function useCancelExperiment(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ExperimentDto>(`/api/experiments/${encodeURIComponent(id)}/cancel`, { method: 'POST' }),
    onSuccess: (experiment) => client.setQueryData(['experiments', id], experiment),
  });
}

/** Apply a variant's changes to the static server(s) holding its tools. */
export function useApplyVariant(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variant: string) => apiFetch<ApplyResult>(`/api/experiments/${id}/variants/${encodeURIComponent(variant)}/apply`, { method: 'POST', json: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['servers'] }),
  });
}

/** The export of a variant (`patch` or `tools`), as the JSON the API answers. */
export function fetchVariantExport(id: string, variant: string, format: 'patch' | 'tools'): Promise<unknown> {
  return apiFetch<unknown>(`/api/experiments/${id}/variants/${encodeURIComponent(variant)}/export?format=${format}`);
}
