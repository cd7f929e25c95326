import { describe, expect, it } from 'vitest';
import { approxMatcher } from './approx';

describe('$approx', () => {
  it('passes within the tolerance, inclusive', () => {
    const spec = { $approx: 200, $tolerance: 50 };
    expect(approxMatcher.test(spec, 250, true)).toBe(true);
    expect(approxMatcher.test(spec, 150, true)).toBe(true);
    expect(approxMatcher.test(spec, 251, true)).toBe(false);
  });

  it('accepts numeric strings', () => {
    expect(approxMatcher.test({ $approx: 500, $tolerance: 100 }, '450', true)).toBe(true);
  });

  it('defaults the tolerance to 1e-6', () => {
    expect(approxMatcher.test({ $approx: 0.3 }, 0.1 + 0.2, true)).toBe(true);
    expect(approxMatcher.test({ $approx: 0.3 }, 0.301, true)).toBe(false);
  });

  it('fails on absence, non-numbers and a bad tolerance', () => {
    expect(approxMatcher.test({ $approx: 1 }, undefined, false)).toBe(false);
    expect(approxMatcher.test({ $approx: 1 }, 'one', true)).toBe(false);
    expect(approxMatcher.test({ $approx: 1, $tolerance: -1 }, 1, true)).toBe(false);
  });
});
