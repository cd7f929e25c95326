import Link from 'next/link';
import type { ServerImportReport } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { ImportReport, type ImportReportContent } from '@/components/ui/import-report';

function toContent(report: ServerImportReport): ImportReportContent {
  return {
    summary: `${report.total} entr${report.total === 1 ? 'y' : 'ies'}: ${report.created} created, ${report.skipped} skipped, ${report.failed} failed.`,
    rows: report.results.map((r, i) => ({
      key: `${r.name}-${i}`,
      testId: `import-result-${r.name}`,
      label: r.id ? <Link href={`/servers/${r.id}`}>{r.name}</Link> : r.name,
      outcome: r.status,
      extra: [r.connection ? <Badge value={r.connection} /> : <span className="muted">—</span>],
      details: (
        <>
          {r.reason ? <p className="srv-reason">{r.reason}</p> : null}
          {r.warnings.length > 0 ? (
            <ul className="srv-warnings" aria-label="Warnings">
              {r.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          ) : null}
          {!r.reason && r.warnings.length === 0 ? <span className="muted">—</span> : null}
        </>
      ),
    })),
  };
}

/** One row per entry of the client config: what happened to it and why. */
export function ServerImportReportView({ report }: { report: ServerImportReport | undefined }) {
  return (
    <ImportReport
      content={report ? toContent(report) : null}
      labelColumn="Server"
      extraColumns={['Connection']}
      empty="The document lists no servers."
      className="panel"
    />
  );
}
