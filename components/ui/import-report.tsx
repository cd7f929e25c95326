'use client';

import { useId, useState, type ReactNode } from 'react';
import { Badge } from './badge';
import { ColumnHeads } from './column-heads';

export type ImportOutcome = 'created' | 'skipped' | 'failed';

/** One entry of an imported document as the report shows it. */
export type ImportReportRow = {
  key: string;
  testId: string;
  /** What the entry is (a server name, a row number): the row header. */
  label: ReactNode;
  outcome: ImportOutcome;
  /** Cells between Result and Details, one per `extraColumns` entry. */
  extra?: ReactNode[];
  /** What happened and why: a link to what was made, the reason it was not, its warnings. */
  details: ReactNode;
};

export type ImportReportContent = { summary: ReactNode; rows: ImportReportRow[] };

type Props = {
  /** Null until an import has run. */
  content: ImportReportContent | null;
  labelColumn: string;
  extraColumns?: string[];
  /** Said instead of the table when the document had no entries (unless the summary says so already). */
  empty?: string;
  headingLevel?: 2 | 3;
  className?: string;
};

const TONE = { created: 'ok', skipped: 'idle', failed: 'bad' } as const;

/** Rows drawn at first: a 10,000-row import's report stays quick; the rest come on request. */
const ROWS_SHOWN = 200;

/** Per-entry outcome of an import, shared by the servers' and the test cases' import. */
export function ImportReport({ content, labelColumn, extraColumns = [], empty, headingLevel = 2, className }: Props) {
  const headingId = useId();
  const filterId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [failedOnly, setFailedOnly] = useState(false);
  const [limit, setLimit] = useState(ROWS_SHOWN);
  const failedCount = content?.rows.filter((r) => r.outcome === 'failed').length ?? 0;
  const filterable = failedCount > 0 && failedCount < (content?.rows.length ?? 0);
  const rows = (content?.rows ?? []).filter((r) => !(filterable && failedOnly) || r.outcome === 'failed');
  // The status line keeps its place whether or not a report is shown, so it stays the same
  // live region and its summary is announced when an import finishes.
  return (
    <section className={content ? className : undefined} aria-labelledby={content ? headingId : undefined} data-testid="import-report">
      {content ? <Heading id={headingId}>Import report</Heading> : null}
      <p role="status" data-testid="import-summary" className={content ? undefined : 'sr-only'}>
        {content?.summary}
      </p>
      {filterable ? (
        <p className="import-report-filter">
          <input id={filterId} type="checkbox" checked={failedOnly} onChange={(e) => setFailedOnly(e.target.checked)} />{' '}
          <label htmlFor={filterId}>Failed only ({failedCount})</label>
        </p>
      ) : null}
      {!content ? null : content.rows.length > 0 ? (
        <table>
          <ColumnHeads columns={[labelColumn, 'Result', ...extraColumns, 'Details']} />
          <tbody>
            {rows.slice(0, limit).map((r) => (
              <tr key={r.key} data-testid={r.testId}>
                <th scope="row">{r.label}</th>
                <td>
                  <Badge value={r.outcome} tone={TONE[r.outcome]} />
                </td>
                {r.extra?.map((cell, i) => <td key={i}>{cell}</td>)}
                <td>{r.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : empty ? (
        <p className="muted">{empty}</p>
      ) : null}
      {rows.length > limit ? (
        <p className="muted">
          Showing {limit.toLocaleString('en')} of {rows.length.toLocaleString('en')} rows.{' '}
          <button type="button" className="btn btn-small" onClick={() => setLimit((n) => n + 1000)}>
            Show {Math.min(1000, rows.length - limit).toLocaleString('en')} more
          </button>
        </p>
      ) : null}
    </section>
  );
}
