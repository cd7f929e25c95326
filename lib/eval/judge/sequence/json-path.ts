/**
 * A small, safe JSONPath subset for `$fromResult`: `$`, `.key`, `['key']` / `["key"]` and
 * `[n]` (a non-negative index). No wildcards, filters, slices or script: a path names at most
 * one value, and reading it is a bounded walk down the parsed segments.
 */

export const JSON_PATH_MAX_LENGTH = 500;
export const JSON_PATH_MAX_SEGMENTS = 32;

export type JsonPathSegment = string | number;

export type ParsedJsonPath = { ok: true; segments: JsonPathSegment[] } | { ok: false; error: string };

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$-]*/;

function readQuoted(path: string, start: number): { value: string; end: number } | null {
  const quote = path[start];
  let value = '';
  for (let i = start + 1; i < path.length; i++) {
    const c = path[i] as string;
    if (c === '\\') {
      const next = path[i + 1];
      if (next !== quote && next !== '\\') return null;
      value += next;
      i++;
    } else if (c === quote) {
      return { value, end: i + 1 };
    } else {
      value += c;
    }
  }
  return null;
}

/** Parses a path such as `$.items[0].id` or `$['a key'][2]`; the error says where it went wrong. */
export function parseJsonPath(path: string): ParsedJsonPath {
  if (path.length > JSON_PATH_MAX_LENGTH) return { ok: false, error: `a path has at most ${JSON_PATH_MAX_LENGTH} characters` };
  if (!path.startsWith('$')) return { ok: false, error: 'a path starts with $' };
  const segments: JsonPathSegment[] = [];
  let i = 1;
  while (i < path.length) {
    if (segments.length >= JSON_PATH_MAX_SEGMENTS) return { ok: false, error: `a path has at most ${JSON_PATH_MAX_SEGMENTS} segments` };
    const c = path[i];
    if (c === '.') {
      const name = IDENT.exec(path.slice(i + 1))?.[0];
      if (!name) return { ok: false, error: `expected a key name after '.' at position ${i}` };
      segments.push(name);
      i += 1 + name.length;
    } else if (c === '[') {
      const next = path[i + 1];
      if (next === "'" || next === '"') {
        const quoted = readQuoted(path, i + 1);
        if (!quoted || path[quoted.end] !== ']') return { ok: false, error: `unclosed quoted key at position ${i}` };
        segments.push(quoted.value);
        i = quoted.end + 1;
      } else {
        const digits = /^(0|[1-9][0-9]{0,8})\]/.exec(path.slice(i + 1));
        if (!digits) return { ok: false, error: `expected an index (0, 1, ...) or a quoted key inside [] at position ${i}` };
        segments.push(Number(digits[1]));
        i += 1 + digits[0].length;
      }
    } else {
      return { ok: false, error: `unexpected '${c}' at position ${i} (supported: $, .key, ['key'], [n])` };
    }
  }
  return { ok: true, segments };
}

export type JsonPathRead = { found: true; value: unknown } | { found: false };

/** Reads the value a parsed path names; an index on an object or a key on an array finds nothing. */
export function readJsonPath(root: unknown, segments: JsonPathSegment[]): JsonPathRead {
  let current = root;
  for (const segment of segments) {
    if (typeof segment === 'number') {
      if (!Array.isArray(current) || segment >= current.length) return { found: false };
      current = current[segment];
    } else {
      if (typeof current !== 'object' || current === null || Array.isArray(current) || !Object.hasOwn(current, segment)) return { found: false };
      current = (current as Record<string, unknown>)[segment];
    }
  }
  return { found: true, value: current };
}
