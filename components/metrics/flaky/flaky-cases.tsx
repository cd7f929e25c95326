'use client';

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { apiFetch, qs } from '@/components/data/fetcher';
import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import type { FlakyCase, FlakyList, FlakyRun } from '@/lib/metrics/flaky';

const LIMIT = 20;

const flakyQuery = (params: { provider?: string; model?: string; includeExperiments?: string; offset: number }) =>
  queryOptions({ queryKey: ['metrics', 'flaky', params], queryFn: () => apiFetch<FlakyList>(`/api/metrics/flaky${qs({ ...params, limit: LIMIT })}`) });

const REASON: Record<FlakyCase['reasons'][number], string> = {
  samples_disagree: 'samples disagree',
  verdict_changed: 'verdict changed, same tools',
};

function runTitle(r: FlakyRun): string {
  const parts = [`${r.classification} (${r.correct ? 'correct' : 'wrong'})`, r.batchName ? `batch ${r.batchName}` : 'single run', new Date(r.createdAt).toLocaleString()];
  if (r.samples > 1) parts.push(r.agreement !== null ? `${Math.round(r.agreement * 100)}% of ${r.samples} samples agree` : `${r.samples} samples`);
  if (r.toolSetHash) parts.push(`tools ${r.toolSetHash.slice(0, 8)}`);
  return parts.join(' · ');
}

/** Newest first, as a row of verdict marks (text, not colour only), each opening its run. */
function History({ runs }: { runs: FlakyRun[] }) {
  return (
    <ol style={{ display: 'flex', gap: '0.25rem', flexWrap: 'wrap', listStyle: 'none', margin: 0, padding: 0 }} aria-label="Latest runs, newest first">
      {runs.map((r) => (
        <li key={r.runId}>
          <Link href={`/runs/${encodeURIComponent(r.runId)}`} title={runTitle(r)} aria-label={runTitle(r)} className={`badge badge-tone-${r.correct ? 'ok' : 'bad'}`} style={{ textDecoration: 'none' }}>
            {r.correct ? '✓' : '✗'} {r.classification}
            {r.samples > 1 && r.agreement !== null && r.agreement < 1 ? ` ${Math.round(r.agreement * 100)}%` : ''}
          </Link>
        </li>
      ))}
    </ol>
  );
}

/**
 * Flaky cases per model: samples that disagreed within a run, or a verdict that changed
 * between batches which showed the model the same tools (same content hash). includeExperiments:
 * 'true' lists experiment variants' batches too (the page's filter), else they are left out.
 */
export function FlakyCases({ provider, model, includeExperiments, ready = true }: { provider?: string; model?: string; includeExperiments?: string; ready?: boolean }) {
  const [offset, setOffset] = useState(0);
  // Requested once `ready` (the page's summary is in): on SQLite the requests share one thread, and the charts must not wait behind this one.
  const flaky = useQuery({ ...flakyQuery({ provider, model, includeExperiments, offset }), placeholderData: keepPreviousData, enabled: ready });
  if (flaky.isPending) return <Loading label="Looking for flaky cases…" />;
  if (flaky.isError) return <ErrorState error={flaky.error} onRetry={() => void flaky.refetch()} />;
  if (flaky.data.total === 0) {
    return (
      <EmptyState title="No flaky cases.">
        No run had samples that disagreed, and no case changed verdict between batches that showed a model the same tools.
      </EmptyState>
    );
  }
  return (
    <div data-testid="flaky-cases">
      <div className="runs-table-wrap" style={{ overflowX: 'auto' }}>
        <table>
          <thead>
            <tr>
              <th scope="col">Test case</th>
              <th scope="col">Model</th>
              <th scope="col">Why flaky</th>
              <th scope="col">Correct</th>
              <th scope="col">History</th>
            </tr>
          </thead>
          <tbody>
            {flaky.data.items.map((c) => (
              <tr key={`${c.testCaseId}|${c.provider}|${c.model}`} data-testid="flaky-row">
                <td>
                  <Link href={`/test-cases/${encodeURIComponent(c.testCaseId)}`}>{c.testCaseName}</Link>
                </td>
                <td>
                  <code>
                    {c.provider}/{c.model}
                  </code>
                </td>
                <td>
                  {c.reasons.map((r) => (
                    <Badge key={r} value={REASON[r]} tone="idle" />
                  ))}
                </td>
                <td className="runs-nowrap">
                  {c.correctRuns} of {c.runs} runs
                </td>
                <td>
                  <History runs={c.history} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination total={flaky.data.total} limit={LIMIT} offset={offset} onChange={setOffset} />
    </div>
  );
}
