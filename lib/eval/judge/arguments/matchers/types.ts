import type { ArgumentMatchingProfile } from '../profiles/types';

export const MATCHER_IDS = ['$any', '$oneOf', '$regex', '$contains', '$approx', '$absent'] as const;
export type MatcherId = (typeof MATCHER_IDS)[number];

export type MatcherDefinition = {
  id: MatcherId;
  description: string;
  /**
   * `spec` is the whole matcher object (so `$approx` can read `$tolerance`); `present` says
   * whether the key was in the arguments at all, which is how `$absent` and `$any` tell a
   * missing key from an explicit null; `profile` is how nested plain values compare (strict when omitted).
   */
  test(spec: Record<string, unknown>, actual: unknown, present: boolean, profile?: ArgumentMatchingProfile): boolean;
  /**
   * Why the matcher could not judge the value (a stored pattern that no longer compiles, a
   * value over a matching budget), shown beside the mismatch; null when it judged normally.
   */
  explain?(spec: Record<string, unknown>, actual: unknown, present: boolean): string | null;
};
