'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { apiFetch } from '@/components/data/fetcher';
import type { BatchDto } from '@/components/data/types';
import { ErrorState } from '@/components/ui/states';
import { markMetricsRead, useMetricsRead } from './metrics-read';
import styles from './overview.module.css';
import { useRecentBatches } from './use-recent-batches';

const DEMO_BATCH = { name: 'Demo evaluation (offline)', models: [{ provider: 'local', model: 'hybrid' }] };

type Props = { serverNames: string[]; testCaseCount: number };

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  return (
    <li className={done ? styles.stepDone : styles.step}>
      <span className={styles.stepMark} aria-hidden="true">
        {done ? '✓' : ''}
      </span>
      <div>
        <strong>{title}</strong>
        {done ? <span className="sr-only"> (done)</span> : null}
        <div className={styles.stepBody}>{children}</div>
      </div>
    </li>
  );
}

/** Three steps from a fresh install to the first metrics, all offline. */
export function FirstRunGuide({ serverNames, testCaseCount }: Props) {
  const client = useQueryClient();
  const batches = useRecentBatches();
  const run = useMutation({
    mutationFn: () => apiFetch<BatchDto>('/api/batches', { method: 'POST', json: DEMO_BATCH }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['batches'] }),
  });
  const hasBatch = (batches.data?.total ?? 0) > 0;
  const hasCompleted = batches.data?.items.some((b) => b.status === 'completed') ?? false;
  const metricsRead = useMetricsRead();

  return (
    <ol className={styles.steps} data-testid="first-run-guide">
      <Step done={serverNames.length > 0} title="Demo MCP servers are registered">
        {serverNames.length > 0 ? (
          <>
            {serverNames.join(', ')} with {testCaseCount} test cases. <Link href="/servers">Servers</Link> · <Link href="/test-cases">Test cases</Link>
          </>
        ) : (
          <>
            No server yet: <Link href="/servers">register one</Link>.
          </>
        )}
      </Step>
      <Step done={hasBatch || run.isSuccess} title="Run the demo evaluation">
        <p className={styles.stepText}>The built-in local baseline picks tools by word overlap and word-vector similarity: no API key, no network.</p>
        <button type="button" className="btn btn-primary" onClick={() => run.mutate()} disabled={run.isPending || serverNames.length === 0}>
          {run.isPending ? 'Starting…' : 'Run the demo evaluation (offline)'}
        </button>
        <div aria-live="polite">
          {run.isSuccess ? (
            <p className={styles.started}>
              Started <strong>{run.data.name}</strong> ({run.data.counts.total} runs). <Link href={`/runs?batchId=${run.data.id}`}>Follow its progress on Runs →</Link>
            </p>
          ) : null}
        </div>
        {run.isError ? <ErrorState error={run.error} onRetry={() => run.mutate()} /> : null}
      </Step>
      <Step done={metricsRead} title="Read the metrics">
        <Link href="/metrics" onClick={markMetricsRead}>
          Metrics
        </Link>
        : F1, the confusion matrix, per-tool precision and recall, and what changed between batches.
        {hasCompleted || metricsRead ? null : <span data-testid="metrics-waiting"> They fill in once a batch completes.</span>}
      </Step>
    </ol>
  );
}
