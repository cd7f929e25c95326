import { describe, expect, it } from 'vitest';
import { absentMatcher } from './absent';

describe('$absent', () => {
  it('passes only when the key is absent', () => {
    expect(absentMatcher.test({ $absent: true }, undefined, false)).toBe(true);
    expect(absentMatcher.test({ $absent: true }, null, true)).toBe(false);
    expect(absentMatcher.test({ $absent: true }, 'x', true)).toBe(false);
  });
});
