import type { ReactNode } from 'react';

type StyledColumn = { label: ReactNode; key: string; className?: string; /** On a sortable column: which way it sorts now. */ ariaSort?: 'ascending' | 'descending' | 'none' };

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
            <th key={c.key} scope="col" className={c.className} aria-sort={c.ariaSort}>
              {c.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
