import Link from 'next/link';
import type { TestCaseDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { DeleteTestCase } from './delete-test-case';
import { describeExpectedParameters } from './summarize-expected';

const QUERY_PREVIEW_CHARS = 110;
const PARAMS_SHOWN = 3;

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function ExpectedCell({ tc }: { tc: TestCaseDto }) {
  if (tc.expectedTool === null) return <Badge value="no tool (negative)" tone="idle" />;
  return (
    <span className="tc-tool" title={`${tc.expectedServer}/${tc.expectedTool}`}>
      <code>{tc.expectedTool}</code>
      <span className="muted"> on {tc.expectedServer}</span>
    </span>
  );
}

function ParametersCell({ tc }: { tc: TestCaseDto }) {
  if (tc.expectedTool === null) return <span className="muted">n/a</span>;
  const lines = describeExpectedParameters(tc.expectedParameters);
  if (lines.length === 0) return <span className="muted">not checked</span>;
  const rest = lines.length - PARAMS_SHOWN;
  return (
    <ul className="tc-params" title={lines.join('\n')}>
      {lines.slice(0, PARAMS_SHOWN).map((line) => (
        <li key={line}>
          <code>{line}</code>
        </li>
      ))}
      {rest > 0 ? <li className="muted">+{rest} more</li> : null}
    </ul>
  );
}

export function TestCaseTable({ items, onDeleted }: { items: TestCaseDto[]; onDeleted: (name: string) => void }) {
  return (
    <div className="tc-table-wrap">
      <table className="tc-table">
        <caption className="sr-only">Test cases</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Query</th>
            <th scope="col">Servers</th>
            <th scope="col">Expected</th>
            <th scope="col">Expected arguments</th>
            <th scope="col" className="tc-actions-col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((tc) => (
            <tr key={tc.id} data-testid="test-case-row">
              <th scope="row" className="tc-name">
                {tc.name}
              </th>
              <td className="tc-query" title={tc.query.length > QUERY_PREVIEW_CHARS ? tc.query : undefined}>
                {truncate(tc.query, QUERY_PREVIEW_CHARS)}
              </td>
              <td>{tc.servers.map((s) => s.name).join(', ')}</td>
              <td>
                <ExpectedCell tc={tc} />
              </td>
              <td>
                <ParametersCell tc={tc} />
              </td>
              <td className="tc-actions-col">
                <div className="row-actions">
                  <Link href={`/test-cases/${tc.id}/edit`} className="btn btn-small" aria-label={`Edit ${tc.name}`}>
                    Edit
                  </Link>
                  <DeleteTestCase testCase={tc} onDeleted={onDeleted} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
