import type { ToolRef } from './prefill';

/** What default selection needs of a test case (TestCaseDto has more). */
export type CaseLike = { id: string; servers: { name: string }[]; expectedServer: string | null; expectedTool: string | null };

/**
 * The cases an experiment runs unless the user picks others. With focus tools (a "Try this
 * rewrite" link): the cases that expect one of them. Otherwise, as the API defaults: every case
 * whose servers include a server holding a changed tool. Renames do not matter here: `tool` is
 * the name as listed now, which is what the cases expect.
 */
export function defaultCaseIds(cases: CaseLike[], changed: ToolRef[], focusTools?: ToolRef[]): string[] {
  if (focusTools && focusTools.length) {
    const wanted = new Set(focusTools.map((t) => `${t.server}\u0000${t.tool}`));
    return cases.filter((c) => c.expectedServer !== null && c.expectedTool !== null && wanted.has(`${c.expectedServer}\u0000${c.expectedTool}`)).map((c) => c.id);
  }
  const servers = new Set(changed.map((t) => t.server));
  return cases.filter((c) => c.servers.some((s) => servers.has(s.name))).map((c) => c.id);
}

/** Case-insensitive filter of the checklist by name, query or expected tool. */
export function filterCases<T extends CaseLike & { name: string; query: string }>(cases: T[], term: string): T[] {
  const t = term.trim().toLowerCase();
  if (!t) return cases;
  return cases.filter((c) => c.name.toLowerCase().includes(t) || c.query.toLowerCase().includes(t) || (c.expectedTool ?? '').toLowerCase().includes(t));
}
