import type { ExecutePolicy, MockResult } from '../../sequence/types';

export type ToolIdentity = { server: string; tool: string; annotations?: { readOnlyHint?: boolean } | null };

/**
 * Whether a call may run on the real server. 'none' (the default) runs nothing; 'read-only'
 * runs the tools whose annotations, as the server itself lists them, say readOnlyHint: true;
 * {allow} runs exactly the listed (server, tool) pairs.
 */
export function mayExecute(policy: ExecutePolicy, tool: ToolIdentity): boolean {
  if (policy === 'none') return false;
  if (policy === 'read-only') return tool.annotations?.readOnlyHint === true;
  return policy.allow.some((a) => a.server === tool.server && a.tool === tool.tool);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/**
 * The case's scripted result for a call: the first mock, in the case's order, of the same
 * server and tool whose `match` (if any) is a subset of the arguments (each key present with
 * an equal value).
 */
export function findMock(mocks: readonly MockResult[] | null, call: { server: string; tool: string; arguments: Record<string, unknown> | null }): MockResult | null {
  for (const mock of mocks ?? []) {
    if (mock.server !== call.server || mock.tool !== call.tool) continue;
    const match = mock.match ?? {};
    const args = call.arguments ?? {};
    if (Object.entries(match).every(([key, value]) => Object.hasOwn(args, key) && jsonEqual(args[key], value))) return mock;
  }
  return null;
}
