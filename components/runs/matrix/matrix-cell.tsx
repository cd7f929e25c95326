import Link from 'next/link';
import type { MatrixCell as Cell } from '@/lib/metrics/matrix/cells';
import { confidenceLong, confidenceShort, outcomeTone, samplesText, verdictText } from './verdict-text';

/** One (test case, model) cell: the verdict in words and colour, its numbers, a link to the run. */
export function MatrixCell({ cell, caseName, modelLabel }: { cell: Cell | null; caseName: string; modelLabel: string }) {
  if (!cell) {
    return (
      <td className="mx-cell mx-cell-none">
        <span className="muted">no run</span>
      </td>
    );
  }
  const verdict = verdictText(cell);
  const samples = samplesText(cell);
  const args = cell.argumentScore !== null ? `arguments ${cell.argumentScore.toFixed(2)}` : '';
  // Shown: "conf 54% (router margin)"; read out: "confidence 54% from the local router's score margin".
  const shown = [cell.confidence !== null ? `conf ${confidenceShort(cell.confidence, cell.confidenceSource)}` : '', args.replace('arguments ', 'args '), samples].filter(Boolean);
  const numbers = [confidenceLong(cell.confidence, cell.confidenceSource), args, samples].filter(Boolean);
  const chose = cell.outcome === 'correct' || cell.outcome === 'wrong' ? (cell.selectedTool ? `chose ${cell.selectedTool}` : 'chose no tool') : '';
  const label = [`${caseName} with ${modelLabel}: ${verdict}`, chose, ...numbers, cell.error ? `error: ${cell.error}` : '', 'open the run'].filter(Boolean).join('; ');
  return (
    <td className={`mx-cell mx-tone-${outcomeTone(cell.outcome)}`} data-outcome={cell.outcome}>
      <Link href={`/runs/${encodeURIComponent(cell.runId)}`} className="mx-link" aria-label={label} title={cell.error ?? undefined}>
        <span className="mx-verdict">{verdict}</span>
        {shown.map((n) => (
          <span key={n} className="mx-num" data-testid={n.startsWith('conf ') ? 'mx-confidence' : undefined}>
            {n}
          </span>
        ))}
        {cell.error ? <span className="mx-err">{cell.error.length > 60 ? `${cell.error.slice(0, 59)}…` : cell.error}</span> : null}
      </Link>
    </td>
  );
}
