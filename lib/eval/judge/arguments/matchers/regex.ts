import { testLinearRegex } from '@/lib/validation/linear-regex';
import type { MatcherDefinition } from './types';

function toText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Model output is untrusted: patterns run on RE2 (linear time), see lib/validation/linear-regex.ts. */
export const regexMatcher: MatcherDefinition = {
  id: '$regex',
  description:
    'The value, as text, contains a match of the regular expression (RE2 syntax, unanchored, case-sensitive, Unicode); objects and arrays are matched as JSON.',
  test(spec, actual, present) {
    if (!present || typeof spec.$regex !== 'string') return false;
    return testLinearRegex(spec.$regex, toText(actual)).matched;
  },
  explain(spec, actual, present) {
    if (!present) return null;
    if (typeof spec.$regex !== 'string') return '$regex must be a string';
    return testLinearRegex(spec.$regex, toText(actual)).problem;
  },
};
