import Link from 'next/link';
import type { CaseHistory } from '@/components/data/types';
import { formatDateTime } from '@/components/runs/format';
import { outcomeTone, verdictText } from '@/components/runs/matrix/verdict-text';

const MARK: Record<string, string> = { correct: '✓', wrong: '✗', error: '!', cancelled: '–', pending: '…' };

/**
 * Verdict over time, one row of dots per model, oldest on the left. Each dot is a link to its
 * run, marked by symbol and colour and named in words for screen readers.
 */
export function VerdictTimeline({ timeline }: { timeline: CaseHistory['timeline'] }) {
  if (timeline.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="tcd-timeline-title">
      <h2 id="tcd-timeline-title">Verdict over time</h2>
      <p className="muted tcd-note">Each model&apos;s latest runs, oldest first: ✓ correct, ✗ wrong, ! error, – cancelled, … not finished.</p>
      <ul className="tcd-timeline">
        {timeline.map((m) => {
          const correct = m.runs.filter((r) => r.outcome === 'correct').length;
          const judged = m.runs.filter((r) => r.outcome === 'correct' || r.outcome === 'wrong').length;
          return (
            <li key={m.modelLabel} data-testid="timeline-model">
              <span className="tcd-timeline-model">
                <strong>{m.modelLabel}</strong>
                <span className="muted"> {judged ? `${correct} of ${judged} correct` : 'no verdict yet'}</span>
              </span>
              <ol className="tcd-dots" aria-label={`Runs of ${m.modelLabel}, oldest first`}>
                {m.runs.map((r) => (
                  <li key={r.id}>
                    <Link
                      href={`/runs/${encodeURIComponent(r.id)}`}
                      className={`tcd-dot tcd-tone-${outcomeTone(r.outcome)}`}
                      aria-label={`${verdictText(r)}, ${formatDateTime(r.createdAt)}${r.batchName ? `, batch ${r.batchName}` : ''}`}
                      title={`${verdictText(r)} · ${formatDateTime(r.createdAt)}`}
                    >
                      <span aria-hidden="true">{MARK[r.outcome] ?? '?'}</span>
                    </Link>
                  </li>
                ))}
              </ol>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
