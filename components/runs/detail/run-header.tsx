import Link from 'next/link';
import type { RunDetail } from '@/components/data/queries';
import { BatchExperimentLink } from '@/components/experiments/batch-experiment-link';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, shortId } from '../format';

export function RunHeader({ run }: { run: RunDetail }) {
  return (
    <header className="runs-detail-head">
      <nav aria-label="Breadcrumb" className="runs-breadcrumb">
        <ol>
          <li>
            <Link href="/runs">Runs</Link>
          </li>
          {run.batchId ? (
            <li>
              <Link href={`/runs/batches/${encodeURIComponent(run.batchId)}`}>Batch {shortId(run.batchId)}</Link>
            </li>
          ) : null}
          <li aria-current="page">Run {shortId(run.id)}</li>
        </ol>
      </nav>
      {/* Status and verdict sit beside the heading, not in it: the page's name is the test case's name. */}
      <div className="runs-title">
        <h1>{run.testCaseName}</h1>
        <Badge value={run.status} />
        {run.classification ? <Badge value={run.classification} /> : null}
      </div>
      <p className="muted runs-small">
        Run <code>{run.id}</code> · created {formatDateTime(run.createdAt)}
        {run.completedAt ? ` · finished ${formatDateTime(run.completedAt)}` : ''}
        {' · '}
        <Link href={`/test-cases/${encodeURIComponent(run.testCaseId)}`}>the test case and its history</Link>
      </p>
      <BatchExperimentLink batchId={run.batchId} />
    </header>
  );
}
