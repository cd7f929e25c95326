import Link from 'next/link';
import type { ServerImportReport } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';

const TONE = { created: 'ok', skipped: 'idle', failed: 'bad' } as const;

/** One row per entry of the document: what happened to it and why. */
export function ImportReport({ report }: { report: ServerImportReport }) {
  return (
    <section className="panel" aria-labelledby="srv-import-report" data-testid="import-report">
      <h2 id="srv-import-report">Import report</h2>
      <p role="status">
        {report.total} entr{report.total === 1 ? 'y' : 'ies'}: {report.created} created, {report.skipped} skipped, {report.failed} failed.
      </p>
      {report.results.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">Server</th>
              <th scope="col">Result</th>
              <th scope="col">Connection</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {report.results.map((r, i) => (
              <tr key={`${r.name}-${i}`} data-testid={`import-result-${r.name}`}>
                <th scope="row">{r.id ? <Link href={`/servers/${r.id}`}>{r.name}</Link> : r.name}</th>
                <td>
                  <Badge value={r.status} tone={TONE[r.status]} />
                </td>
                <td>{r.connection ? <Badge value={r.connection} /> : <span className="muted">—</span>}</td>
                <td>
                  {r.reason ? <p className="srv-reason">{r.reason}</p> : null}
                  {r.warnings.length > 0 ? (
                    <ul className="srv-warnings" aria-label="Warnings">
                      {r.warnings.map((w) => (
                        <li key={w}>{w}</li>
                      ))}
                    </ul>
                  ) : null}
                  {!r.reason && r.warnings.length === 0 ? <span className="muted">—</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">The document lists no servers.</p>
      )}
    </section>
  );
}
