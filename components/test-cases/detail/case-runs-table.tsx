import Link from 'next/link';
import type { CaseRunDto } from '@/components/data/types';
import { formatDateTime, formatPercent, NONE } from '@/components/runs/format';
import { confidenceLong, outcomeTone, samplesText, verdictText } from '@/components/runs/matrix/verdict-text';
import { CONFIDENCE_SOURCE_SHORT } from '@/lib/metrics/matrix/confidence-source';
import { ColumnHeads } from '@/components/ui/column-heads';

/** The case's runs, newest first: when, which model, which batch, the verdict and its numbers. */
export function CaseRunsTable({ runs }: { runs: CaseRunDto[] }) {
  return (
    <div className="tc-table-wrap">
      <table className="tcd-runs" data-testid="case-runs">
        <caption className="sr-only">Runs of this test case, newest first</caption>
        <ColumnHeads columns={['Run', 'Model', 'Batch', 'Verdict', 'Confidence', 'Arguments', 'Samples']} />
        <tbody>
          {runs.map((r) => (
            <tr key={r.id} data-testid="case-run-row">
              <th scope="row">
                <Link href={`/runs/${encodeURIComponent(r.id)}`} aria-label={`Run of ${formatDateTime(r.createdAt)} with ${r.modelLabel}`}>
                  {formatDateTime(r.createdAt)}
                </Link>
              </th>
              <td>{r.modelLabel}</td>
              <td>
                {r.batchId ? <Link href={`/runs/batches/${encodeURIComponent(r.batchId)}`}>{r.batchName ?? 'batch'}</Link> : <span className="muted">single run</span>}
              </td>
              <td>
                <span className={`tcd-verdict tcd-tone-${outcomeTone(r.outcome)}`}>{verdictText(r)}</span>
                {r.outcome === 'correct' || r.outcome === 'wrong' ? (
                  <span className="muted tcd-small"> {r.selectedTool ? `chose ${r.selectedTool}` : 'no tool'}</span>
                ) : null}
                {r.error ? <span className="tcd-error tcd-small">{r.error}</span> : null}
              </td>
              <td className="runs-num" data-testid="case-run-confidence" title={confidenceLong(r.confidence, r.confidenceSource) || undefined}>
                {formatPercent(r.confidence)}
                {r.confidenceSource ? <span className="muted tcd-small"> {CONFIDENCE_SOURCE_SHORT[r.confidenceSource]}</span> : null}
              </td>
              <td className="runs-num">{r.argumentScore === null ? NONE : r.argumentScore.toFixed(2)}</td>
              <td>{r.samples > 1 ? samplesText(r) : '1'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
