'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import { formatMs, formatPercent } from '../format';
import type { RunFilters } from './use-run-filters';

/**
 * Above the runs table, when the runs in view (by batch, provider and model) include sequence
 * runs: their per-call precision, recall and F1 beside their per-case accuracy, and steps,
 * tokens and latency per case (GET /api/test-runs/call-figures: the metrics summary's calls alone, which cost
 * nothing without sequence runs, where the whole summary took 0.7 s at 1M runs). Nothing otherwise.
 */
export function CallFiguresLine({ filters }: { filters: Pick<RunFilters, 'batchId' | 'provider' | 'model'> }) {
  const params = { batchId: filters.batchId, provider: filters.provider, model: filters.model };
  const summary = useQuery({ ...queries.runCallFigures(params), staleTime: 10_000 });
  const calls = summary.data?.calls;
  if (!calls) return null;
  const { perCase } = calls;
  const metricsHref = `/metrics?${new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1]))).toString()}`;
  return (
    <p className="runs-call-figures" data-testid="run-call-figures">
      <strong>
        {calls.runs.toLocaleString('en')} sequence {calls.runs === 1 ? 'run' : 'runs'}, per call:
      </strong>{' '}
      precision {formatPercent(calls.precision)}, recall {formatPercent(calls.recall)}, F1 {formatPercent(calls.f1)} (TP {calls.counts.tp}, FP {calls.counts.fp}, FN{' '}
      {calls.counts.fn}); per case: accuracy {formatPercent(perCase.accuracy)}, F1 {formatPercent(perCase.f1)}; {perCase.steps.mean === null ? '—' : perCase.steps.mean.toFixed(1)}{' '}
      steps, {perCase.tokensMean === null ? '—' : Math.round(perCase.tokensMean).toLocaleString('en')} tokens and {formatMs(perCase.latencyMeanMs)} a case.{' '}
      <Link href={metricsHref}>More on Metrics</Link>
    </p>
  );
}
