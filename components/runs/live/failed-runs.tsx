'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import { ErrorState } from '@/components/ui/states';

const SHOWN = 5;

/** When a batch ends with failures, their errors first: a wrong key or a dead endpoint shows at once. */
export function FailedRuns({ batchId, failed }: { batchId: string; failed: number }) {
  const runs = useQuery(queries.runs({ batchId, status: 'failed', limit: SHOWN }));
  if (runs.isError) return <ErrorState error={runs.error} onRetry={() => void runs.refetch()} />;
  if (!runs.data) return null;
  return (
    <div>
      <h4 className="runs-subhead">
        Failed runs ({failed}){failed > SHOWN ? `, the latest ${SHOWN}` : ''}
      </h4>
      <ul className="runs-recent" aria-label="Failed runs">
        {runs.data.items.map((r) => (
          <li key={r.id}>
            <Link href={`/runs/${r.id}`}>{r.testCaseName}</Link>
            <span className="runs-error-text">{r.errorMessage ?? 'failed without a message'}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
