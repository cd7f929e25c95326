import { useId, type ReactNode } from 'react';
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

/** Per-entry outcome of an import, shared by the servers' and the test cases' import. */
export function ImportReport({ content, labelColumn, extraColumns = [], empty, headingLevel = 2, className }: Props) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // The status line keeps its place whether or not a report is shown, so it stays the same
  // live region and its summary is announced when an import finishes.
  return (
    <section className={content ? className : undefined} aria-labelledby={content ? headingId : undefined} data-testid="import-report">
      {content ? <Heading id={headingId}>Import report</Heading> : null}
      <p role="status" data-testid="import-summary" className={content ? undefined : 'sr-only'}>
        {content?.summary}
      </p>
      {!content ? null : content.rows.length > 0 ? (
        <table>
          <ColumnHeads columns={[labelColumn, 'Result', ...extraColumns, 'Details']} />
          <tbody>
            {content.rows.map((r) => (
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
    </section>
  );
}
