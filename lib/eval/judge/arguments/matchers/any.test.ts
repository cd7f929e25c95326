import { describe, expect, it } from 'vitest';
import { anyMatcher } from './any';

describe('$any', () => {
  it('passes when the key is present, with any value including null', () => {
    for (const v of ['', 0, false, null, [], {}, 'x']) expect(anyMatcher.test({ $any: true }, v, true)).toBe(true);
  });

  it('fails when the key is absent', () => {
    expect(anyMatcher.test({ $any: true }, undefined, false)).toBe(false);
  });
});
