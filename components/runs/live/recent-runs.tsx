'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { queries } from '@/components/data/queries';
import type { TestRunDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { shortId } from '../format';
import type { RunEvent } from './use-batch-events';

const SHOWN = 6;

function fromRun(r: TestRunDto): RunEvent {
  return {
    type: 'run',
    runId: r.id,
    testCaseId: r.testCaseId,
    testCaseName: r.testCaseName,
    status: r.status,
    classification: r.classification,
    errorMessage: r.errorMessage,
    provider: r.modelSettings?.provider ?? null,
    model: r.modelSettings?.model ?? null,
  };
}

/**
 * The latest runs a batch finished, as the event stream reported them. A batch that finished before
 * its stream opened reported none: once it is over, the list comes from the stored runs instead.
 */
export function RecentRuns({ batchId, over, runs, names }: { batchId: string; over: boolean; runs: RunEvent[]; names: Map<string, string> }) {
  const stored = useQuery({ ...queries.runs({ batchId, limit: SHOWN }), enabled: over && runs.length === 0 });
  const shown = runs.length > 0 ? runs : over ? (stored.data?.items ?? []).map(fromRun) : [];
  if (shown.length === 0) return null;
  return (
    <ul className="runs-recent" aria-label="Latest finished runs">
      {shown.map((r) => (
        <li key={r.runId}>
          <Badge value={r.status} />
          {r.classification ? <Badge value={r.classification} /> : null}
          <Link href={`/runs/${r.runId}`}>{r.testCaseName ?? names.get(r.testCaseId) ?? `run ${shortId(r.runId)}`}</Link>
          {r.model ? <span className="muted runs-small">{`${r.provider ?? '?'}/${r.model}`}</span> : null}
          {r.errorMessage ? <span className="runs-error-text">{r.errorMessage}</span> : null}
        </li>
      ))}
    </ul>
  );
}
