/**
 * The similarity page's URL contract, so other pages can open it on one pair:
 * `/similarity?servers=todo&servers=weather&focus=todo/list_todos&focus=todo/search_todos`
 * selects the registered servers by name, runs the analysis and brings that pair forward.
 */

export type FocusParams = { serverNames: string[]; serverIds: string[]; focus: [string, string] | null };

type ReadableParams = { getAll(name: string): string[] };

const clean = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))];

/** Tool ids are "server/tool", as the analysis and the metrics label them. */
export function similarityPairHref(toolA: string, toolB: string): string {
  const servers = clean([toolA, toolB].map((id) => id.slice(0, Math.max(0, id.indexOf('/')))));
  const params = new URLSearchParams();
  for (const s of servers) params.append('servers', s);
  params.append('focus', toolA);
  params.append('focus', toolB);
  return `/similarity?${params.toString()}`;
}

export function readFocusParams(params: ReadableParams): FocusParams {
  const focus = clean(params.getAll('focus'));
  return {
    serverNames: clean(params.getAll('servers')),
    serverIds: clean(params.getAll('serverIds')),
    focus: focus.length === 2 ? [focus[0]!, focus[1]!] : null,
  };
}

/** The same unordered pair. */
export function isFocusPair(focus: [string, string] | null, a: string, b: string): boolean {
  return focus !== null && ((focus[0] === a && focus[1] === b) || (focus[0] === b && focus[1] === a));
}
