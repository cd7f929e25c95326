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

  // Each unreadable number fails on its own, even where reading it as 0 would have been close enough.
  it('fails when the value, the target or the tolerance is not a number, whatever the distance', () => {
    expect(approxMatcher.test({ $approx: 0.5, $tolerance: 1 }, 'one', true)).toBe(false);
    expect(approxMatcher.test({ $approx: 0.5, $tolerance: 1 }, null, true)).toBe(false);
    expect(approxMatcher.test({ $approx: 'half', $tolerance: 5 }, 1, true)).toBe(false);
    expect(approxMatcher.test({ $approx: 1, $tolerance: 'wide' }, 1, true)).toBe(false);
  });

  it('an absent parameter fails even if a value is passed along', () => {
    expect(approxMatcher.test({ $approx: 1, $tolerance: 1 }, 1, false)).toBe(false);
  });

  it('a zero tolerance asks for the exact number', () => {
    expect(approxMatcher.test({ $approx: 3, $tolerance: 0 }, 3, true)).toBe(true);
    expect(approxMatcher.test({ $approx: 3, $tolerance: '0' }, '3', true)).toBe(true);
    expect(approxMatcher.test({ $approx: 3, $tolerance: 0 }, 3.0001, true)).toBe(false);
  });
});
