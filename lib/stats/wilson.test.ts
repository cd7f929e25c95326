import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson';

describe('wilsonInterval', () => {
  // Newcombe (1998) "Two-sided confidence intervals for the single proportion", Stat Med 17:857,
  // Table I, method 3 (score, no continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i/%i gives the published interval', (x, n, lower, upper) => {
    const interval = wilsonInterval(x, n);
    expect(interval?.lower).toBeCloseTo(lower, 4);
    expect(interval?.upper).toBeCloseTo(upper, 4);
  });

  it('is exactly [.., 1] at n/n and mirrors x/n at (n-x)/n', () => {
    expect(wilsonInterval(20, 20)?.upper).toBe(1);
    const a = wilsonInterval(3, 17)!;
    const b = wilsonInterval(14, 17)!;
    expect(a.lower).toBeCloseTo(1 - b.upper, 12);
    expect(a.upper).toBeCloseTo(1 - b.lower, 12);
  });

  it('widens with the confidence level', () => {
    const i90 = wilsonInterval(81, 263, 0.9)!;
    const i99 = wilsonInterval(81, 263, 0.99)!;
    expect(i99.upper - i99.lower).toBeGreaterThan(i90.upper - i90.lower);
  });

  it('gives no interval without trials and refuses impossible counts', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(() => wilsonInterval(5, 4)).toThrow(RangeError);
    expect(() => wilsonInterval(1.5, 4)).toThrow(RangeError);
  });
});
