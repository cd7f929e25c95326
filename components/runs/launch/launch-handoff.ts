/**
 * "Run selected" on the test case list hands its selection to the launch form on /runs: ids
 * (ticked rows) or a filter ("all N matching"). Thousands of ids do not fit a URL, so they go
 * through sessionStorage (this tab only) and the URL just says `?launch=selection`.
 */
export type LaunchHandoff =
  | { kind: 'ids'; ids: string[]; label: string }
  | { kind: 'filter'; filter: Record<string, string | string[]>; total: number; label: string };

const KEY = 'mcp-eval:launch-selection';
export const HANDOFF_HREF = '/runs?launch=selection#runs-launch-title';

export function saveLaunchHandoff(handoff: LaunchHandoff): void {
  window.sessionStorage.setItem(KEY, JSON.stringify(handoff));
}

/** Reads (and keeps, so a reload still shows it) the selection; null when absent or unreadable. */
export function readLaunchHandoff(): LaunchHandoff | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<LaunchHandoff> | null;
    if (v?.kind === 'ids' && Array.isArray(v.ids) && v.ids.every((x) => typeof x === 'string')) return { kind: 'ids', ids: v.ids, label: String(v.label ?? '') };
    if (v?.kind === 'filter' && v.filter && typeof v.filter === 'object' && typeof v.total === 'number') return { kind: 'filter', filter: v.filter, total: v.total, label: String(v.label ?? '') };
    return null;
  } catch {
    return null;
  }
}

export function clearLaunchHandoff(): void {
  window.sessionStorage.removeItem(KEY);
}
