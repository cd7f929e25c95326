import { isPlainObject, normalizeText, readBoolean, readNumber } from './coerce';
import { getMatcher, isMatcherSpec } from './matchers/registry';

/**
 * Whether an argument value satisfies an expected value (plain value or matcher). `present`
 * is false when the key was not in the arguments; only matchers can accept that.
 */
export function matchValue(expected: unknown, actual: unknown, present: boolean): boolean {
  if (isMatcherSpec(expected)) return getMatcher(expected)?.test(expected, present ? actual : undefined, present) ?? false;
  return present && matchPlain(expected, actual);
}

/**
 * BFCL-style equality: numbers numerically (1 == 1.0, and "3" == 3), strings trimmed and
 * case-insensitive, booleans exactly (also "true"/"false"), arrays element-wise in order,
 * objects with the same keys deeply, null only equals null. Nested expected values may be
 * matchers. `actual === undefined` means absent (JSON has no undefined).
 */
export function valuesMatch(expected: unknown, actual: unknown): boolean {
  return matchValue(expected, actual, actual !== undefined);
}

function matchPlain(expected: unknown, actual: unknown): boolean {
  if (expected === null || actual === null) return expected === actual;
  if (typeof expected === 'number' || typeof actual === 'number') {
    const e = readNumber(expected);
    return e !== null && e === readNumber(actual);
  }
  if (typeof expected === 'boolean' || typeof actual === 'boolean') {
    const e = readBoolean(expected);
    return e !== null && e === readBoolean(actual);
  }
  if (typeof expected === 'string') return typeof actual === 'string' && normalizeText(expected) === normalizeText(actual);
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => valuesMatch(e, actual[i]));
  }
  if (isPlainObject(expected)) return isPlainObject(actual) && matchObject(expected, actual);
  return false;
}

function matchObject(expected: Record<string, unknown>, actual: Record<string, unknown>): boolean {
  // Keys only the actual object has make it a different object, as in BFCL.
  if (Object.keys(actual).some((k) => !Object.hasOwn(expected, k))) return false;
  return Object.entries(expected).every(([k, e]) => matchValue(e, actual[k], Object.hasOwn(actual, k)));
}
