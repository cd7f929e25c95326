'use client';

import { useState } from 'react';

/** Ticked rows by id, or every case matching the filters (which may span thousands of pages). */
export type Selection = { kind: 'ids'; ids: ReadonlySet<string> } | { kind: 'matching' };

const NONE: Selection = { kind: 'ids', ids: new Set() };

/** The selection belongs to the filters it was made under: new filters start with none. */
export function useSelection(filterKey: string) {
  const [state, setState] = useState<{ filterKey: string; selection: Selection }>({ filterKey, selection: NONE });
  const selection = state.filterKey === filterKey ? state.selection : NONE;
  const set = (next: Selection) => setState({ filterKey, selection: next });

  const isSelected = (id: string) => selection.kind === 'matching' || selection.ids.has(id);
  /** Unticking one row of "all matching" keeps the rest of this page ticked: the wider choice is undone. */
  const toggle = (id: string, on: boolean, pageIds: string[]) => {
    const ids = new Set(selection.kind === 'matching' ? pageIds : selection.ids);
    if (on) ids.add(id);
    else ids.delete(id);
    set({ kind: 'ids', ids });
  };
  const togglePage = (pageIds: string[], on: boolean) => {
    const ids = new Set(selection.kind === 'matching' ? [] : selection.ids);
    for (const id of pageIds) {
      if (on) ids.add(id);
      else ids.delete(id);
    }
    set({ kind: 'ids', ids });
  };
  return {
    selection,
    isSelected,
    toggle,
    togglePage,
    selectAllMatching: () => set({ kind: 'matching' }),
    clear: () => set(NONE),
  };
}
