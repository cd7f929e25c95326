import { isPlainObject } from '../coerce';
import { absentMatcher } from './absent';
import { anyMatcher } from './any';
import { approxMatcher } from './approx';
import { containsMatcher } from './contains';
import { oneOfMatcher } from './one-of';
import { regexMatcher } from './regex';
import { MATCHER_IDS, type MatcherDefinition, type MatcherId } from './types';

let byId: Map<string, MatcherDefinition> | null = null;

/**
 * Built on first use, not at import: $oneOf and $contains import values.ts, which imports this
 * registry, and reading their bindings while that cycle is still loading would throw.
 */
function loadMatchers(): Map<string, MatcherDefinition> {
  byId ??= new Map(
    [anyMatcher, oneOfMatcher, regexMatcher, containsMatcher, approxMatcher, absentMatcher].map((m) => [m.id, m]),
  );
  return byId;
}

export function listMatchers(): MatcherDefinition[] {
  return [...loadMatchers().values()];
}

/** An expected value is a matcher when it is an object with a key starting with "$". */
export function isMatcherSpec(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && Object.keys(value).some((k) => k.startsWith('$'));
}

/**
 * The matcher an expected value asks for, or null for a plain expected value. A malformed
 * matcher throws: test cases are validated when written, so reaching one here is a bug.
 */
export function getMatcher(spec: unknown): MatcherDefinition | null {
  if (!isMatcherSpec(spec)) return null;
  const known = loadMatchers();
  const ids = Object.keys(spec).filter((k) => known.has(k));
  if (ids.length === 0) {
    const given = Object.keys(spec).filter((k) => k.startsWith('$'));
    throw new Error(`Unknown argument matcher ${given.join(', ')}; known matchers: ${MATCHER_IDS.join(', ')}`);
  }
  if (ids.length > 1) throw new Error(`An expected value can use one matcher, got ${ids.join(', ')}`);
  return known.get(ids[0] as MatcherId) ?? null;
}
