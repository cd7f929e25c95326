import type { ReactNode } from 'react';

type StyledColumn = { label: ReactNode; key: string; className?: string };

/** A column header: its text, or its content with a class (a numeric column, a narrow one). */
export type ColumnHead = string | StyledColumn;

/** The last column of a table whose cells are buttons: named for screen readers, blank on screen. */
export const ACTIONS_COLUMN: StyledColumn = { label: <span className="sr-only">Actions</span>, key: 'actions' };

/** A table's header row, every cell a scoped column header so screen readers announce it with each cell. */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) =>
          typeof c === 'string' ? (
            <th key={c} scope="col">
              {c}
            </th>
          ) : (
            <th key={c.key} scope="col" className={c.className}>
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
