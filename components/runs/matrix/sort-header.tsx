import type { ReactNode } from 'react';

export type SortState = { key: string; dir: 'asc' | 'desc' };

/**
 * A column header whose button sorts by it: aria-sort on the header, the arrow hidden from
 * screen readers (the state is announced by aria-sort), the next direction in the name.
 */
export function SortHeader({
  sortKey,
  label,
  state,
  onSort,
  children,
  className,
  scope = 'col',
}: {
  sortKey: string;
  label: string;
  state: SortState;
  onSort: (key: string) => void;
  children?: ReactNode;
  className?: string;
  scope?: 'col';
}) {
  const current = state.key === sortKey;
  return (
    <th scope={scope} aria-sort={current ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none'} className={className}>
      <button type="button" className="mx-sort" onClick={() => onSort(sortKey)} data-sort-key={sortKey}>
        {label}
        <span aria-hidden="true">{current ? (state.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
      {children}
    </th>
  );
}
