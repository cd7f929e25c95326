import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

/**
 * A sortable column's header content: a button that sorts by the column (or flips the order when
 * it already does). The header cell carries aria-sort (ColumnHeads' ariaSort); the button's name
 * says what a press will do.
 */
export function SortButton({ label, active, dir, onSort }: { label: ReactNode; active: boolean; dir: SortDirection; onSort: () => void }) {
  const title = active ? `Sort ${dir === 'asc' ? 'descending' : 'ascending'}` : 'Sort by this column';
  return (
    <button type="button" className="sort-button" onClick={onSort} title={title}>
      {label}
      <span aria-hidden="true" className="sort-mark">
        {active ? (dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}
      </span>
    </button>
  );
}

export function ariaSortOf(active: boolean, dir: SortDirection): 'ascending' | 'descending' | 'none' {
  return active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none';
}
