import { Badge } from '@/components/ui/badge';
import { ColumnHeads } from '@/components/ui/column-heads';
import type { DiffRow, DiffStatus } from './argument-diff';

const STATUS: Record<DiffStatus, { label: string; tone: 'ok' | 'bad' | 'idle' }> = {
  match: { label: 'match', tone: 'ok' },
  mismatch: { label: 'mismatch', tone: 'bad' },
  missing: { label: 'missing', tone: 'bad' },
  unexpected: { label: 'unexpected', tone: 'bad' },
  unchecked: { label: 'not checked', tone: 'idle' },
};

function Json({ value }: { value: unknown }) {
  return <code className="runs-wrap">{JSON.stringify(value)}</code>;
}

function Expected({ row }: { row: DiffRow }) {
  const e = row.expected;
  if (e.kind === 'required') return <span className="muted">(required by the schema)</span>;
  if (e.kind === 'none') return <span className="muted">(no expectation)</span>;
  return (
    <>
      {e.kind === 'matcher' ? <span className="runs-tag">matcher</span> : null} <Json value={e.value} />
    </>
  );
}

/** Per parameter: expected value or matcher, actual value, and the verdict. */
export function ArgumentDiffTable({ rows }: { rows: DiffRow[] }) {
  return (
    <div className="runs-table-wrap">
      <table className="runs-table runs-diff" data-testid="argument-diff">
        <caption className="sr-only">Expected versus actual arguments</caption>
        <ColumnHeads columns={['Parameter', 'Expected', 'Actual', 'Result']} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.param} className={`runs-diff-${row.status}`}>
              <th scope="row">
                <code>{row.param}</code>
              </th>
              <td>
                <Expected row={row} />
              </td>
              <td>{row.actual ? <Json value={row.actual.value} /> : <span className="muted">(not given)</span>}</td>
              <td className="runs-nowrap">
                <Badge value={STATUS[row.status].label} tone={STATUS[row.status].tone} />
                {row.typeError ? <Badge value="type error" tone="bad" /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
