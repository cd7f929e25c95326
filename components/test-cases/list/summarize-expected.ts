import { isMatcherObject } from '../editor/argument-draft';

const MAX_VALUE_CHARS = 40;

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/** One argument expectation in words: `topK = 3`, `query contains "vector"`. */
export function describeExpectation(key: string, expected: unknown): string {
  if (!isMatcherObject(expected)) return `${key} = ${short(expected)}`;
  if ('$approx' in expected) {
    const tolerance = expected.$tolerance === undefined ? '' : ` ± ${short(expected.$tolerance)}`;
    return `${key} ≈ ${short(expected.$approx)}${tolerance}`;
  }
  if ('$any' in expected) return `${key}: any value`;
  if ('$absent' in expected) return `${key}: absent`;
  if ('$contains' in expected) return `${key} contains ${short(expected.$contains)}`;
  if ('$regex' in expected) return `${key} matches /${String(expected.$regex)}/`;
  if ('$oneOf' in expected && Array.isArray(expected.$oneOf)) return `${key} one of ${expected.$oneOf.map(short).join(', ')}`;
  return `${key} = ${short(expected)}`;
}

export function describeExpectedParameters(params: Record<string, unknown> | null): string[] {
  return Object.entries(params ?? {}).map(([k, v]) => describeExpectation(k, v));
}
