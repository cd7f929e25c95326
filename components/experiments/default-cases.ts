'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/components/data/fetcher';
import type { DefaultCasesDto } from '@/lib/experiments/default-cases';
import type { ToolRef } from './prefill';

/** The body of POST /api/experiments/default-cases for a form state: the changed tools' servers, or the focus tools. */
export function defaultCasesRequest(changed: ToolRef[], focusTools?: ToolRef[]): { servers: string[]; focusTools: ToolRef[] } {
  if (focusTools && focusTools.length) return { servers: [], focusTools: focusTools.map((t) => ({ server: t.server, tool: t.tool })) };
  return { servers: [...new Set(changed.map((t) => t.server))].sort(), focusTools: [] };
}

/**
 * The cases an experiment runs unless the user picks others, resolved by the API over every
 * case (not one page of them). With focus tools (a "Try this rewrite" link): the cases that
 * expect one of them. Otherwise the API's own default: every case whose servers include a
 * server holding a changed tool, which the form then leaves to the API (it sends no ids).
 * Under 'test-cases' so a change to the cases refreshes it.
 */
export function useDefaultCases(changed: ToolRef[], focusTools?: ToolRef[]) {
  const body = defaultCasesRequest(changed, focusTools);
  return useQuery({
    queryKey: ['test-cases', 'experiment-defaults', body],
    queryFn: () => apiFetch<DefaultCasesDto>('/api/experiments/default-cases', { method: 'POST', json: body }),
    enabled: body.servers.length > 0 || body.focusTools.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** Whether the request may leave testCaseIds out: the selection is the API's default of the changed servers. */
export function sendsApiDefault(following: boolean, focusTools?: ToolRef[]): boolean {
  return following && !(focusTools && focusTools.length);
}
