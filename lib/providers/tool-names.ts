import { createHash } from 'node:crypto';
import type { ExposedTool } from './types';

/**
 * Names the model sees for snapshot tools. OpenAI and Anthropic both require
 * `^[a-zA-Z0-9_-]{1,64}$`, and a tool is identified by server AND name, so a name shared by
 * two servers is prefixed `server__tool`. Every exposed name maps back to exactly one tool.
 */

export const MAX_TOOL_NAME_LENGTH = 64;
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const SERVER_SEPARATOR = '__';
const HASH_LENGTH = 8;

export type ToolRef = { server: string; tool: string };
export type ToolNameEntry = ToolRef & { exposedName: string };

export type ToolNameMap = {
  /** One entry per distinct (server, tool), in input order. */
  entries: ToolNameEntry[];
  /** The name shown to the model for a snapshot tool, or null if it is not in the map. */
  toExposed(server: string, tool: string): string | null;
  /** The snapshot tool behind a name the model called, or null for a name it made up. */
  resolve(exposedName: string): ToolRef | null;
};

function keyOf(server: string, tool: string): string {
  // JSON keeps the pair unambiguous whatever characters the names contain.
  return JSON.stringify([server, tool]);
}

function hashOf(ref: ToolRef, length: number): string {
  return createHash('sha256').update(keyOf(ref.server, ref.tool)).digest('hex').slice(0, length);
}

function sanitizeName(name: string): string {
  const safe = name.replace(/[^a-zA-Z0-9_-]/g, '_');
  return safe.length > 0 ? safe : 'tool';
}

/** Truncates to fit a `_<hash>` suffix; the hash of the original pair keeps names distinct. */
function suffixWithHash(base: string, ref: ToolRef, hashLength: number): string {
  const suffix = `_${hashOf(ref, hashLength)}`;
  return base.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
}

function proposeName(ref: ToolRef, shared: boolean): string {
  const safe = sanitizeName(shared ? `${ref.server}${SERVER_SEPARATOR}${ref.tool}` : ref.tool);
  return safe.length > MAX_TOOL_NAME_LENGTH ? suffixWithHash(safe, ref, HASH_LENGTH) : safe;
}

function dedupeRefs(tools: readonly { server: string; name: string }[]): ToolRef[] {
  const seen = new Map<string, ToolRef>();
  for (const t of tools) {
    const key = keyOf(t.server, t.name);
    if (!seen.has(key)) seen.set(key, { server: t.server, tool: t.name });
  }
  return [...seen.values()];
}

/** Names whose tool name appears on more than one server. */
function findSharedNames(refs: ToolRef[]): Set<string> {
  const servers = new Map<string, Set<string>>();
  for (const ref of refs) {
    const set = servers.get(ref.tool) ?? new Set<string>();
    set.add(ref.server);
    servers.set(ref.tool, set);
  }
  return new Set([...servers].filter(([, set]) => set.size > 1).map(([name]) => name));
}

/**
 * Sanitisation or truncation can make two tools propose the same name; every member of such
 * a group gets a hash suffix (longer on each pass) until all names are distinct.
 */
function assignUniqueNames(refs: ToolRef[], proposed: string[]): string[] {
  const names = [...proposed];
  for (let hashLength = HASH_LENGTH; ; hashLength += 4) {
    const counts = new Map<string, number>();
    for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
    const clashing = names.map((name) => (counts.get(name) ?? 0) > 1);
    if (!clashing.includes(true)) return names;
    clashing.forEach((clash, i) => {
      if (clash) names[i] = suffixWithHash(proposed[i] ?? '', refs[i] ?? { server: '', tool: '' }, Math.min(hashLength, 40));
    });
    if (hashLength >= 40) return disambiguateByIndex(names);
  }
}

/** Last resort for identical sha256 prefixes (not expected in practice): a positional suffix. */
function disambiguateByIndex(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name, i) => {
    let candidate = name;
    if (used.has(candidate)) {
      const suffix = `_${i}`;
      candidate = name.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length) + suffix;
    }
    used.add(candidate);
    return candidate;
  });
}

/** Builds provider-safe, unique tool names and the map back to (server, tool). */
export function buildToolNames(tools: readonly { server: string; name: string }[]): ToolNameMap {
  const refs = dedupeRefs(tools);
  const shared = findSharedNames(refs);
  const names = assignUniqueNames(
    refs,
    refs.map((ref) => proposeName(ref, shared.has(ref.tool))),
  );
  const entries = refs.map((ref, i) => ({ ...ref, exposedName: names[i] ?? '' }));
  const byExposed = new Map(entries.map((e) => [e.exposedName, { server: e.server, tool: e.tool }]));
  const byRef = new Map(entries.map((e) => [keyOf(e.server, e.tool), e.exposedName]));
  return {
    entries,
    toExposed: (server, tool) => byRef.get(keyOf(server, tool)) ?? null,
    resolve: (exposedName) => {
      const ref = byExposed.get(exposedName);
      return ref ? { ...ref } : null;
    },
  };
}

export type SnapshotTool = {
  server: string;
  name: string;
  description?: string | null;
  inputSchema: Record<string, unknown>;
};

/** The snapshot as the model sees it: provider-safe names, descriptions and schemas unchanged. */
export function exposeTools(tools: readonly SnapshotTool[]): { tools: ExposedTool[]; names: ToolNameMap } {
  const names = buildToolNames(tools);
  const seen = new Set<string>();
  const exposed: ExposedTool[] = [];
  for (const tool of tools) {
    const exposedName = names.toExposed(tool.server, tool.name);
    if (exposedName === null || seen.has(exposedName)) continue;
    seen.add(exposedName);
    exposed.push({ exposedName, description: tool.description ?? '', inputSchema: tool.inputSchema });
  }
  return { tools: exposed, names };
}
