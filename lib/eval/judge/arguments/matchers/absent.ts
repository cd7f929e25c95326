import type { MatcherDefinition } from './types';

export const absentMatcher: MatcherDefinition = {
  id: '$absent',
  description: 'The parameter is not given at all (an explicit null counts as given).',
  test: (_spec, _actual, present) => !present,
};
