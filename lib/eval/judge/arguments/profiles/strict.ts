import { normalizeText, readBoolean, readNumber } from '../coerce';
import type { ArgumentMatchingProfile } from './types';

/** The harness's own rules (SPEC section 4), the default: lenient readings of scalars, the full schema. */
export const strictProfile: ArgumentMatchingProfile = {
  id: 'strict',
  label: 'Strict',
  description:
    'Numbers numerically ("3" == 3), booleans also from "true"/"false", strings trimmed and case-insensitive; types checked against the whole inputSchema, enum and format included.',
  scalarsMatch(expected, actual) {
    if (typeof expected === 'number' || typeof actual === 'number') {
      const e = readNumber(expected);
      return e !== null && e === readNumber(actual);
    }
    if (typeof expected === 'boolean' || typeof actual === 'boolean') {
      const e = readBoolean(expected);
      return e !== null && e === readBoolean(actual);
    }
    return typeof expected === 'string' && typeof actual === 'string' && normalizeText(expected) === normalizeText(actual);
  },
  normalizeText,
  typeCheckSchema: (inputSchema) => inputSchema,
};
