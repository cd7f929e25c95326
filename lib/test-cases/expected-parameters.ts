import { findPatternProblem } from '@/lib/validation/linear-regex';

/**
 * Shape check of expected argument values: an object whose keys start with "$" must be one
 * of the matchers of SPEC section 4, so a typo ("$regx") or a bad pattern is caught when the
 * case is written rather than silently never matching during an evaluation.
 */
export const MATCHER_KEYS = ['$any', '$oneOf', '$regex', '$contains', '$approx', '$absent'] as const;

type Problem = { path: string; message: string };

/** Patterns run on RE2 against model output (lib/validation/linear-regex.ts): check them in its syntax and limits. */
function regexProblem(pattern: string, fail: (message: string) => Problem): Problem | null {
  const problem = findPatternProblem(pattern);
  return problem === null ? null : fail(`$regex is not a usable regular expression: ${problem}`);
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkMatcher(m: Record<string, unknown>, path: string): Problem | null {
  const keys = Object.keys(m);
  const fail = (message: string) => ({ path, message });
  if ('$approx' in m) {
    if (keys.some((k) => k !== '$approx' && k !== '$tolerance')) return fail('$approx takes only $tolerance beside it');
    if (typeof m.$approx !== 'number' || !Number.isFinite(m.$approx)) return fail('$approx must be a number');
    if ('$tolerance' in m && (typeof m.$tolerance !== 'number' || !(m.$tolerance >= 0))) return fail('$tolerance must be a number >= 0');
    return null;
  }
  if (keys.length !== 1) return fail(`a matcher object has exactly one key, got ${keys.join(', ')}`);
  const key = keys[0] as string;
  const value = m[key];
  switch (key) {
    case '$any':
    case '$absent':
      return value === true ? null : fail(`${key} must be true`);
    case '$oneOf':
      return Array.isArray(value) && value.length > 0 ? null : fail('$oneOf must be a non-empty array');
    case '$contains':
      return typeof value === 'string' ? null : fail('$contains must be a string');
    case '$regex':
      if (typeof value !== 'string') return fail('$regex must be a string');
      return regexProblem(value, fail);
    default:
      return fail(`unknown matcher ${key}; known: ${MATCHER_KEYS.join(', ')}`);
  }
}

export const MAX_EXPECTATION_DEPTH = 32;

export function findExpectedParameterProblems(value: unknown, path = 'expectedParameters', depth = 0): Problem[] {
  if (depth > MAX_EXPECTATION_DEPTH) return [{ path, message: `expected values nest deeper than ${MAX_EXPECTATION_DEPTH} levels` }];
  if (Array.isArray(value)) return value.flatMap((v, i) => findExpectedParameterProblems(v, `${path}.${i}`, depth + 1));
  if (!isPlainObject(value)) return [];
  if (Object.keys(value).some((k) => k.startsWith('$'))) {
    const problem = checkMatcher(value, path);
    if (problem) return [problem];
    // The options of $oneOf may be matchers or nested values themselves.
    return Array.isArray(value.$oneOf) ? value.$oneOf.flatMap((v, i) => findExpectedParameterProblems(v, `${path}.$oneOf.${i}`, depth + 1)) : [];
  }
  return Object.entries(value).flatMap(([k, v]) => findExpectedParameterProblems(v, `${path}.${k}`, depth + 1));
}
