'use client';

import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { Badge } from '@/components/ui/badge';
import { ACTIONS_COLUMN, ColumnHeads, type ColumnHead } from '@/components/ui/column-heads';
import { ariaSortOf, SortButton } from '@/components/ui/sort-button';
import type { ListView, SortKey } from '../filters';
import { DeleteTestCase } from './delete-test-case';
import { LastVerdicts } from './last-verdicts';
import type { TestCaseRow } from './rows';
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

function ExpectedCell({ tc }: { tc: TestCaseRow }) {
  if (tc.expectedTool === null) return <Badge value="no tool (negative)" tone="idle" />;
  return (
    <span className="tc-tool" title={`${tc.expectedServer}/${tc.expectedTool}`}>
      <code>{tc.expectedTool}</code>
      <span className="muted"> on {tc.expectedServer}</span>
    </span>
  );
}

function ParametersCell({ tc }: { tc: TestCaseRow }) {
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

/** The page's tick-all box: checked when every row is, mixed when some are. */
function PageCheckbox({ ticked, of, onChange }: { ticked: number; of: number; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = ticked > 0 && ticked < of;
  }, [ticked, of]);
  return <input ref={ref} type="checkbox" aria-label="Select all test cases on this page" checked={of > 0 && ticked === of} onChange={(e) => onChange(e.target.checked)} />;
}

/** SQLite's "YYYY-MM-DD HH:MM:SS" (UTC) or ISO, to the minute: the cell's tooltip. */
function formatCreated(iso: string): string {
  return `${iso.replace('T', ' ').slice(0, 16)} UTC`;
}

export type TableSelection = {
  isSelected: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
  togglePage: (on: boolean) => void;
};

type Props = {
  items: TestCaseRow[];
  onDeleted: (name: string) => void;
  view: Pick<ListView, 'sort' | 'dir'>;
  onSort: (sort: SortKey) => void;
  selection: TableSelection;
};

export function TestCaseTable({ items, onDeleted, view, onSort, selection }: Props) {
  const sortable = (key: SortKey, label: string, className?: string): ColumnHead => ({
    key,
    className,
    ariaSort: ariaSortOf(view.sort === key, view.dir),
    label: <SortButton label={label} active={view.sort === key} dir={view.dir} onSort={() => onSort(key)} />,
  });
  const ticked = items.filter((tc) => selection.isSelected(tc.id)).length;
  // One list of columns: a new column (a last verdict per model) is one entry here and one cell below.
  const columns: ColumnHead[] = [
    { key: 'select', className: 'tc-select-col', label: <PageCheckbox ticked={ticked} of={items.length} onChange={selection.togglePage} /> },
    sortable('name', 'Name'),
    'Query',
    'Servers',
    sortable('expectedTool', 'Expected'),
    'Expected arguments',
    sortable('lastVerdict', 'Last verdict'),
    sortable('created', 'Created', 'tc-created-col'),
    { ...ACTIONS_COLUMN, className: 'tc-actions-col' },
  ];
  return (
    <div className="tc-table-wrap">
      <table className="tc-table">
        <caption className="sr-only">Test cases</caption>
        <ColumnHeads columns={columns} />
        <tbody>
          {items.map((tc) => (
            <tr key={tc.id} data-testid="test-case-row" className={selection.isSelected(tc.id) ? 'is-selected' : undefined}>
              <td className="tc-select-col">
                <input type="checkbox" aria-label={`Select ${tc.name}`} checked={selection.isSelected(tc.id)} onChange={(e) => selection.toggle(tc.id, e.target.checked)} />
              </td>
              <th scope="row" className="tc-name">
                <Link href={`/test-cases/${encodeURIComponent(tc.id)}`}>{tc.name}</Link>
                {tc.tags.length > 0 ? (
                  <ul className="tc-tag-list" aria-label="Tags">
                    {tc.tags.map((t) => (
                      <li key={t} className="tc-tag">
                        {t}
                      </li>
                    ))}
                  </ul>
                ) : null}
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
              <td className="tc-verdicts-col">
                <LastVerdicts verdicts={tc.lastVerdicts} caseName={tc.name} />
              </td>
              <td className="tc-created-col">
                {/* The date alone keeps the Edit and Delete buttons on screen at 1280 px; the minute is in the tooltip. */}
                <time dateTime={tc.createdAt} title={formatCreated(tc.createdAt)}>
                  {tc.createdAt.slice(0, 10)}
                </time>
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
