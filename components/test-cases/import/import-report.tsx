import Link from 'next/link';
import type { ImportReport } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';

/** Per-row outcome of an import: created rows link to their editor, failed rows list their errors. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const summary =
    report.total === 0
      ? 'The file had no rows.'
      : `${report.created} of ${report.total} row${report.total === 1 ? '' : 's'} imported from ${report.format.toUpperCase()}, ${report.failed} failed.`;
  return (
    <section className="tc-import-report" aria-label="Import report">
      <p role="status" data-testid="import-summary">
        <strong>{summary}</strong>
        {report.failed > 0 ? ' Failed rows wrote nothing: fix them and import those rows again.' : null}
      </p>
      {report.results.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Result</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {report.results.map((r) => (
              <tr key={r.row} data-testid={`import-row-${r.row}`}>
                <td>{r.row}</td>
                <td>{r.status === 'created' ? <Badge value="created" tone="ok" /> : <Badge value="failed" tone="bad" />}</td>
                <td>
                  {r.status === 'created' ? (
                    <Link href={`/test-cases/${r.id}/edit`}>{r.name}</Link>
                  ) : (
                    <ul className="tc-errors">
                      {r.errors.map((e, i) => (
                        <li key={i}>
                          {e.path ? <code>{e.path}</code> : null}
                          {e.path ? ': ' : null}
                          {e.message}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
