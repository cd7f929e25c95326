import Link from 'next/link';
import { outcomeTone } from '@/components/runs/matrix/verdict-text';
import type { TestCaseRow } from './rows';
import './last-verdicts.css';

const SHOWN = 3;

/**
 * The list's "Last verdict" cell: each model's latest finished verdict on the case (most recent
 * model first, up to three), as compact "gpt-4o-mini: TP" badges (the provider in the name and
 * tooltip) linking to the run; word and colour.
 */
export function LastVerdicts({ verdicts, caseName }: { verdicts: TestCaseRow['lastVerdicts'] | undefined; caseName: string }) {
  if (!verdicts || verdicts.length === 0) return <span className="muted">not run</span>;
  const rest = verdicts.length - SHOWN;
  return (
    <ul className="tc-verdicts" data-testid="last-verdicts">
      {verdicts.slice(0, SHOWN).map((v) => (
        <li key={v.modelLabel}>
          <Link
            href={`/runs/${encodeURIComponent(v.runId)}`}
            className={`tc-verdict tc-verdict-${outcomeTone(v.outcome)}`}
            aria-label={`${caseName}, last run with ${v.modelLabel}: ${v.classification} (${v.outcome}); open the run`}
            title={`${v.modelLabel}: ${v.classification} (${v.outcome})`}
          >
            <span className="tc-verdict-model">{v.model}:</span> <strong>{v.classification}</strong>
          </Link>
        </li>
      ))}
      {rest > 0 ? <li className="muted">+{rest} more</li> : null}
    </ul>
  );
}
