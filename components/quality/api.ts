'use client';

import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch, qs } from '@/components/data/fetcher';
import { downloadReport } from '@/components/similarity/download';
import type { SimilarityBody } from '@/components/similarity/types';
import type { LintResult } from '@/lib/quality/service';

/** The body of POST /api/quality/lint: exactly one of the similarity sources. */
export type LintBody = Pick<SimilarityBody, 'serverList' | 'toolList' | 'urlList' | 'serverIds'>;
export type { LintResult };

const SOURCES = ['serverList', 'toolList', 'urlList', 'serverIds'] as const;

/** The source fields of a similarity request (the lint takes no similarity options). */
export function lintBodyOf(body: SimilarityBody): LintBody {
  const out: LintBody = {};
  for (const k of SOURCES) if (body[k] !== undefined) Object.assign(out, { [k]: body[k] });
  return out;
}

export const lintServerQuery = (serverId: string) =>
  queryOptions({
    queryKey: ['quality', 'lint', 'server', serverId],
    queryFn: () => apiFetch<LintResult>('/api/quality/lint', { method: 'POST', json: { serverIds: [serverId] } }),
    staleTime: 30_000,
    retry: false,
  });

export function useLint() {
  return useMutation({ mutationFn: (body: LintBody) => apiFetch<LintResult>('/api/quality/lint', { method: 'POST', json: body }) });
}

export const LINT_DOWNLOADS = [
  { format: 'sarif', label: 'SARIF', fallbackName: 'description-lint.sarif' },
  { format: 'md', label: 'Markdown', fallbackName: 'description-lint.md' },
] as const;

export function useDownloadLint(body: LintBody) {
  return useMutation({
    mutationFn: (choice: (typeof LINT_DOWNLOADS)[number]) => downloadReport(`/api/quality/lint${qs({ format: choice.format })}`, body, {}, choice.fallbackName),
  });
}
