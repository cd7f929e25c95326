import { isPlainObject } from './coerce';
import { getMatcher, isMatcherSpec } from './matchers/registry';
import { strictProfile } from './profiles/strict';
import type { ArgumentMatchingProfile } from './profiles/types';

/**
 * Whether an argument value satisfies an expected value (plain value or matcher). `present`
 * is false when the key was not in the arguments; only matchers can accept that. The
 * profile decides how scalars compare (strict by default).
 */
export function matchValue(expected: unknown, actual: unknown, present: boolean, profile: ArgumentMatchingProfile = strictProfile): boolean {
  if (isMatcherSpec(expected)) return getMatcher(expected)?.test(expected, present ? actual : undefined, present, profile) ?? false;
  return present && matchPlain(expected, actual, profile);
}

/**
 * BFCL-style equality under the strict profile: numbers numerically (1 == 1.0, and "3" == 3),
 * strings trimmed and case-insensitive, booleans exactly (also "true"/"false"), arrays
 * element-wise in order, objects with the same keys deeply, null only equals null. Nested
 * expected values may be matchers. `actual === undefined` means absent (JSON has no undefined).
 */
export function valuesMatch(expected: unknown, actual: unknown, profile: ArgumentMatchingProfile = strictProfile): boolean {
  return matchValue(expected, actual, actual !== undefined, profile);
}

const isScalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function matchPlain(expected: unknown, actual: unknown, profile: ArgumentMatchingProfile): boolean {
  if (expected === null || actual === null) return expected === actual;
  if (isScalar(expected) || isScalar(actual)) return profile.scalarsMatch(expected, actual);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => valuesMatch(e, actual[i], profile));
  }
  if (isPlainObject(expected)) return isPlainObject(actual) && matchObject(expected, actual, profile);
  return false;
}

function matchObject(expected: Record<string, unknown>, actual: Record<string, unknown>, profile: ArgumentMatchingProfile): boolean {
  // Keys only the actual object has make it a different object, as in BFCL.
  if (Object.keys(actual).some((k) => !Object.hasOwn(expected, k))) return false;
  return Object.entries(expected).every(([k, e]) => matchValue(e, actual[k], Object.hasOwn(actual, k), profile));
}
