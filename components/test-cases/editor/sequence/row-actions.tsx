'use client';

type Props = { label: string; index: number; count: number; onMove: (to: number) => void; onRemove: () => void };

/** Move up, move down and remove for one row of a list; the buttons' names say which row. */
export function RowActions({ label, index, count, onMove, onRemove }: Props) {
  return (
    <div className="tc-seq-actions">
      <button type="button" className="btn btn-small" disabled={index === 0} aria-label={`Move ${label} up`} onClick={() => onMove(index - 1)}>
        ↑
      </button>
      <button type="button" className="btn btn-small" disabled={index === count - 1} aria-label={`Move ${label} down`} onClick={() => onMove(index + 1)}>
        ↓
      </button>
      <button type="button" className="btn btn-small" aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}

/** The list with item `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
