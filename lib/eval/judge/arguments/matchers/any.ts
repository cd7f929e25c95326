import type { MatcherDefinition } from './types';

export const anyMatcher: MatcherDefinition = {
  id: '$any',
  description: 'The parameter is given, with any value (null included).',
  test: (_spec, _actual, present) => present,
};
