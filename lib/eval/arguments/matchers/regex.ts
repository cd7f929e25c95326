import type { MatcherDefinition } from './types';

function compile(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    // Test cases are validated without the u flag, and a few patterns (e.g. "\-") are legal only there.
    try {
      return new RegExp(pattern);
    } catch {
      return null;
    }
  }
}

function toText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

export const regexMatcher: MatcherDefinition = {
  id: '$regex',
  description: 'The value, as text, contains a match of the regular expression (unanchored, case-sensitive, Unicode); objects and arrays are matched as JSON.',
  test(spec, actual, present) {
    if (!present || typeof spec.$regex !== 'string') return false;
    const re = compile(spec.$regex);
    return re !== null && re.test(toText(actual));
  },
};
