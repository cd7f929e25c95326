import type { ToolResultPayload } from '@/lib/eval/sequence/types';
import { parseJsonPath, readJsonPath } from './json-path';

/**
 * `{"$fromResult": {"call": i, "path": "$.items[0].id"}}` inside an expected call's arguments:
 * the value must equal what the path reads in the result of the i-th expected call. The judge
 * replaces each one by the value it reads (then compared like any literal expected value);
 * one it cannot read makes its top-level argument unresolved (a value mismatch).
 */
export const FROM_RESULT_KEY = '$fromResult';

export type FromResultRef = { call: number; path: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The reference when `value` is a `$fromResult` matcher (the only key), else null. */
export function asFromResult(value: unknown): FromResultRef | null {
  if (!isPlainObject(value) || !Object.hasOwn(value, FROM_RESULT_KEY)) return null;
  const ref = value[FROM_RESULT_KEY];
  if (!isPlainObject(ref) || typeof ref.call !== 'number' || typeof ref.path !== 'string') return null;
  return { call: ref.call, path: ref.path };
}

/** The JSON a path reads: the payload's json, else its text when that parses as JSON. */
export function resultJson(result: ToolResultPayload): unknown {
  if (result.json !== undefined) return result.json;
  try {
    return JSON.parse(result.text) as unknown;
  } catch {
    return undefined;
  }
}

/** What an earlier expected call's result reads at a path; `results[i]` is undefined when call i was not matched. */
export type ResultLookup = (call: number) => ToolResultPayload | undefined;

type Resolution = { ok: true; value: unknown } | { ok: false; reason: string };

const MAX_DEPTH = 32;

function resolveValue(value: unknown, lookup: ResultLookup, depth: number): Resolution {
  if (depth > MAX_DEPTH) return { ok: false, reason: 'nested too deep' };
  const ref = asFromResult(value);
  if (ref) {
    const result = lookup(ref.call);
    if (!result) return { ok: false, reason: `expected call ${ref.call} was not made` };
    const parsed = parseJsonPath(ref.path);
    if (!parsed.ok) return { ok: false, reason: `bad path ${ref.path}: ${parsed.error}` };
    const json = resultJson(result);
    if (json === undefined) return { ok: false, reason: `the result of call ${ref.call} is not JSON` };
    const read = readJsonPath(json, parsed.segments);
    return read.found ? { ok: true, value: read.value } : { ok: false, reason: `${ref.path} finds nothing in the result of call ${ref.call}` };
  }
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (const item of value) {
      const r = resolveValue(item, lookup, depth + 1);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const r = resolveValue(v, lookup, depth + 1);
      if (!r.ok) return r;
      out[k] = r.value;
    }
    return { ok: true, value: out };
  }
  return { ok: true, value };
}

export type ResolvedArguments = {
  /** The expectation with every readable `$fromResult` replaced by its value; unresolved keys left out. */
  expected: Record<string, unknown> | null;
  /** Top-level argument names whose `$fromResult` could not be read, with why. */
  unresolved: { param: string; reason: string }[];
};

export function resolveFromResults(expected: Record<string, unknown> | null | undefined, lookup: ResultLookup): ResolvedArguments {
  if (!expected) return { expected: null, unresolved: [] };
  const out: Record<string, unknown> = {};
  const unresolved: { param: string; reason: string }[] = [];
  for (const [param, value] of Object.entries(expected)) {
    const r = resolveValue(value, lookup, 0);
    if (r.ok) out[param] = r.value;
    else unresolved.push({ param, reason: r.reason });
  }
  return { expected: out, unresolved };
}

/** Every `$fromResult` inside an expectation, with its path in the arguments (for validation). */
export function findFromResults(value: unknown, path: string[] = [], depth = 0): { path: string[]; value: unknown }[] {
  if (depth > MAX_DEPTH) return [];
  if (isPlainObject(value) && Object.hasOwn(value, FROM_RESULT_KEY)) return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => findFromResults(v, [...path, String(i)], depth + 1));
  if (isPlainObject(value)) return Object.entries(value).flatMap(([k, v]) => findFromResults(v, [...path, k], depth + 1));
  return [];
}
