import Link from 'next/link';
import type { TestCaseDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { ACTIONS_COLUMN, ColumnHeads } from '@/components/ui/column-heads';
import { DeleteTestCase } from './delete-test-case';
import { describeExpectedParameters } from './summarize-expected';

const QUERY_PREVIEW_CHARS = 110;
const PARAMS_SHOWN = 3;

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** Long text cut for the table; the whole of it stays on hover and for screen readers, not only for a mouse. */
function Shortened({ text, max }: { text: string; max: number }) {
  if (text.length <= max) return text;
  return (
    <>
      <span aria-hidden="true" title={text}>
        {truncate(text, max)}
      </span>
      <span className="sr-only">{text}</span>
    </>
  );
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
      {rest > 0 ? (
        <li className="muted">
          <span aria-hidden="true">+{rest} more</span>
          <span className="sr-only">{lines.slice(PARAMS_SHOWN).join('; ')}</span>
        </li>
      ) : null}
    </ul>
  );
}

export function TestCaseTable({ items, onDeleted }: { items: TestCaseDto[]; onDeleted: (name: string) => void }) {
  return (
    <div className="tc-table-wrap">
      <table className="tc-table">
        <caption className="sr-only">Test cases</caption>
        <ColumnHeads columns={['Name', 'Query', 'Servers', 'Expected', 'Expected arguments', { ...ACTIONS_COLUMN, className: 'tc-actions-col' }]} />
        <tbody>
          {items.map((tc) => (
            <tr key={tc.id} data-testid="test-case-row">
              <th scope="row" className="tc-name">
                {tc.name}
              </th>
              <td className="tc-query">
                <Shortened text={tc.query} max={QUERY_PREVIEW_CHARS} />
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
