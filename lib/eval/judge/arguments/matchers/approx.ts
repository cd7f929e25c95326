import { readNumber } from '../coerce';
import type { MatcherDefinition } from './types';

const DEFAULT_TOLERANCE = 1e-6;

export const approxMatcher: MatcherDefinition = {
  id: '$approx',
  description: `A number (or numeric string) within $tolerance of the value, inclusive; $tolerance defaults to ${DEFAULT_TOLERANCE}.`,
  test(spec, actual, present) {
    if (!present) return false;
    const target = readNumber(spec.$approx);
    const value = readNumber(actual);
    const tolerance = spec.$tolerance === undefined ? DEFAULT_TOLERANCE : readNumber(spec.$tolerance);
    if (target === null || value === null || tolerance === null || tolerance < 0) return false;
    return Math.abs(value - target) <= tolerance;
  },
};
