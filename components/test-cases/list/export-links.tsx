import { FORMAT_LABELS, TEST_CASE_FORMATS } from '../api';
import { exportHref, hasFilters, type TestCaseFilters } from '../filters';

/** Plain links: the API answers with Content-Disposition: attachment, so the browser saves a file. */
export function ExportLinks({ filters }: { filters: TestCaseFilters }) {
  const scope = hasFilters(filters) ? 'the test cases matching the filters' : 'all test cases';
  return (
    <div className="tc-export" role="group" aria-label={`Export ${scope}`}>
      <span className="muted">Export:</span>
      {TEST_CASE_FORMATS.map((format) => (
        <a key={format} className="btn btn-small" href={exportHref(format, filters)} download title={`Download ${scope} as ${FORMAT_LABELS[format]}`}>
          {format.toUpperCase()}
        </a>
      ))}
    </div>
  );
}
