'use client';

import { useMutation } from '@tanstack/react-query';
import { apiFetch, qs } from '@/components/data/fetcher';
import { downloadReport, type ReportChoice } from './download';
import type { AnalyzeResult, OverlapResult, SimilarityBody, SimilarityOutcome } from './types';

type Sent = { body: SimilarityBody; headers: Record<string, string> };

/** One analysis = /analyze (pairs, clusters, recommendations) and /overlap-matrix (the heatmap), side by side. */
export function useAnalyzeSimilarity() {
  return useMutation({
    mutationFn: async ({ body, headers }: Sent): Promise<SimilarityOutcome> => {
      const [analysis, overlap] = await Promise.all([
        apiFetch<AnalyzeResult>('/api/similarity/analyze', { method: 'POST', json: body, headers }),
        apiFetch<OverlapResult>('/api/similarity/overlap-matrix', { method: 'POST', json: body, headers }),
      ]);
      return { body, headers, analysis, overlap };
    },
  });
}

/** A report of the analysis as shown: the same body, so the file matches the page. */
export function useDownloadReport(sent: Sent) {
  return useMutation({
    mutationFn: (choice: ReportChoice) =>
      downloadReport(`/api/similarity/report${qs({ format: choice.format, table: choice.table })}`, sent.body, sent.headers, choice.fallbackName),
  });
}
