import Link from 'next/link';
import type { ImportReport as TestCaseImportReport } from '@/components/data/types';
import { ImportReport, type ImportReportContent } from '@/components/ui/import-report';

function toContent(report: TestCaseImportReport): ImportReportContent {
  const summary =
    report.total === 0
      ? 'The file had no rows.'
      : `${report.created} of ${report.total} row${report.total === 1 ? '' : 's'} imported from ${report.format.toUpperCase()}, ${report.failed} failed.`;
  return {
    summary: (
      <>
        <strong>{summary}</strong>
        {report.failed > 0 ? ' Failed rows wrote nothing: fix them and import those rows again.' : null}
      </>
    ),
    rows: report.results.map((r) => ({
      key: String(r.row),
      testId: `import-row-${r.row}`,
      label: r.row,
      outcome: r.status,
      details:
        r.status === 'created' ? (
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
        ),
    })),
  };
}

/** Per-row outcome of an import: created rows link to their editor, failed rows list their errors. */
export function TestCaseImportReportView({ report }: { report: TestCaseImportReport | undefined }) {
  return <ImportReport content={report ? toContent(report) : null} labelColumn="Row" headingLevel={3} className="tc-import-report" />;
}
