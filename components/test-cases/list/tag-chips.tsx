'use client';

import { useQuery } from '@tanstack/react-query';
import { queries } from '@/components/data/queries';

const SHOWN = 30;

/** The tags in use as toggle buttons: a pressed tag narrows the list (several: cases with all of them). */
export function TagChips({ selected, onChange }: { selected: string[]; onChange: (tags: string[]) => void }) {
  const tags = useQuery(queries.testCaseTags());
  const items = tags.data?.items ?? [];
  // Selected tags stay visible even when they fall out of the most-used list (or no case has them any more).
  const shown = [...items.slice(0, SHOWN), ...selected.filter((t) => !items.slice(0, SHOWN).some((i) => i.tag === t)).map((tag) => ({ tag, count: items.find((i) => i.tag === tag)?.count ?? 0 }))];
  if (shown.length === 0) return null;
  const toggle = (tag: string) => onChange(selected.includes(tag) ? selected.filter((t) => t !== tag) : [...selected, tag]);
  return (
    <div className="tc-tags-filter" role="group" aria-label="Filter by tag">
      <span className="muted">Tags{selected.length > 1 ? ' (all of)' : ''}:</span>
      {shown.map(({ tag, count }) => (
        <button key={tag} type="button" className="tc-chip" aria-pressed={selected.includes(tag)} onClick={() => toggle(tag)}>
          {tag} <span className="tc-chip-count" aria-label={`${count} test cases`}>{count}</span>
        </button>
      ))}
      {items.length > SHOWN ? (
        <select aria-label="More tags" value="" onChange={(e) => e.target.value && toggle(e.target.value)}>
          <option value="">{items.length - SHOWN} more tags…</option>
          {items.slice(SHOWN).filter((i) => !selected.includes(i.tag)).map(({ tag, count }) => (
            <option key={tag} value={tag}>
              {tag} ({count})
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}
