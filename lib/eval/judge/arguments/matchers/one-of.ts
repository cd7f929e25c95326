import { valuesMatch } from '../values';
import type { MatcherDefinition } from './types';

export const oneOfMatcher: MatcherDefinition = {
  id: '$oneOf',
  description: 'The value matches one of the listed values (each compared like a plain expected value, or itself a matcher).',
  test(spec, actual, present, profile) {
    const options = spec.$oneOf;
    if (!Array.isArray(options)) return false;
    // An absent key reaches the options as undefined, so `{"$oneOf": ["x", {"$absent": true}]}` works.
    return options.some((option) => valuesMatch(option, present ? actual : undefined, profile));
  },
};
