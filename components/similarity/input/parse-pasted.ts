import type { SimilarityRequest } from '../types';

/**
 * Reads pasted or uploaded JSON and decides which list it is, from its shape:
 *   serverList: servers with embedded tools (the shared data file `[{name, description, tools: [...]}]`),
 *   toolList:   tools, optionally naming their server (`[{server?, name, description, inputSchema?}]`).
 * A whole request body (`{serverList: [...]}` or `{toolList: [...]}`) and one server object are accepted too.
 * The server validates every field; this only picks the key to send.
 */

type ServerList = NonNullable<SimilarityRequest['serverList']>;
type ToolList = NonNullable<SimilarityRequest['toolList']>;

export type PastedInput =
  | { ok: true; kind: 'serverList'; value: ServerList; serverCount: number; toolCount: number }
  | { ok: true; kind: 'toolList'; value: ToolList; serverCount: number; toolCount: number }
  | { ok: false; error: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function fromArray(items: unknown[]): PastedInput {
  if (items.length === 0) return { ok: false, error: 'The list is empty: paste at least two tools.' };
  if (!items.every(isRecord)) return { ok: false, error: 'Every entry of the list must be an object with a name.' };
  if (items.every((i) => Array.isArray(i.tools))) {
    const toolCount = items.reduce((n, i) => n + (i.tools as unknown[]).length, 0);
    return { ok: true, kind: 'serverList', value: items as ServerList, serverCount: items.length, toolCount };
  }
  if (items.some((i) => Array.isArray(i.tools))) {
    return { ok: false, error: 'Some entries have "tools" and some do not: paste either servers with tools or a flat list of tools.' };
  }
  const servers = new Set(items.map((i) => (typeof i.server === 'string' ? i.server : '')));
  return { ok: true, kind: 'toolList', value: items as ToolList, serverCount: servers.size, toolCount: items.length };
}

export function parsePasted(text: string): PastedInput {
  if (!text.trim()) return { ok: false, error: 'Paste JSON or upload a .json file.' };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `This is not valid JSON (${err instanceof Error ? err.message : 'parse error'}).` };
  }
  if (Array.isArray(data)) return fromArray(data);
  if (isRecord(data)) {
    if (Array.isArray(data.serverList)) return fromArray(data.serverList);
    if (Array.isArray(data.toolList)) return fromArray(data.toolList);
    if (Array.isArray(data.tools)) return fromArray([data]);
  }
  return { ok: false, error: 'Expected a JSON array of servers (each with "tools") or of tools (each with "name" and "description").' };
}
