import { strictProfile } from '../profiles/strict';
import { valuesMatch } from '../values';
import type { MatcherDefinition } from './types';

export const containsMatcher: MatcherDefinition = {
  id: '$contains',
  description: 'A string value contains the text (case-insensitive), or an array value has an element matching it.',
  test(spec, actual, present, profile = strictProfile) {
    if (!present) return false;
    const needle = spec.$contains;
    if (typeof actual === 'string') return typeof needle === 'string' && profile.normalizeText(actual).includes(profile.normalizeText(needle));
    if (Array.isArray(actual)) return actual.some((element) => valuesMatch(needle, element, profile));
    return false;
  },
};
