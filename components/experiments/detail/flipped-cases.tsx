import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import type { FlipDto } from '../types';

function FlipList({ title, flips, batchId }: { title: string; flips: FlipDto[]; batchId: string | null }) {
  return (
    <div>
      <h4 className="exp-sub">
        {title} ({flips.length})
      </h4>
      {flips.length === 0 ? (
        <p className="muted exp-small">None.</p>
      ) : (
        <ul className="exp-flips">
          {flips.map((f) => (
            <li key={`${f.testCaseId}-${f.model}`}>
              <Link href={`/test-cases/${f.testCaseId}/edit`}>{f.testCaseName}</Link> <span className="muted exp-small">{f.model}</span>{' '}
              <Badge value={f.before} /> → <Badge value={f.after} />
              {batchId ? (
                <>
                  {' '}
                  <Link className="exp-small" href={`/runs?batchId=${batchId}&classification=${f.after}`} aria-label={`Runs of this variant classified ${f.after}`}>
                    runs
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The cases whose verdict changed against the baseline: fixed (now right) and regressed (now wrong). */
export function FlippedCases({ fixed, regressed, batchId }: { fixed: FlipDto[]; regressed: FlipDto[]; batchId: string | null }) {
  return (
    <div className="exp-flipped" data-testid="exp-flipped">
      <FlipList title="Fixed" flips={fixed} batchId={batchId} />
      <FlipList title="Regressed" flips={regressed} batchId={batchId} />
    </div>
  );
}
