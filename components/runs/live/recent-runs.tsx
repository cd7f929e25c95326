import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { shortId } from '../format';
import type { RunEvent } from './use-batch-events';

/** The latest runs a batch finished, as the event stream reported them. */
export function RecentRuns({ runs, names }: { runs: RunEvent[]; names: Map<string, string> }) {
  if (runs.length === 0) return null;
  return (
    <ul className="runs-recent" aria-label="Latest finished runs">
      {runs.map((r) => (
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
