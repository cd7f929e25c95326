import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, twoSidedZ } from './normal';

describe('normal distribution', () => {
  it('matches published values of the CDF and quantile', () => {
    // Abramowitz & Stegun table 26.1 / R pnorm, qnorm.
    expect(normalCdf(1.96)).toBeCloseTo(0.9750021048517795, 13);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 13);
    expect(normalCdf(0)).toBe(0.5);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.995)).toBeCloseTo(2.5758293035489, 11);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 11);
    expect(twoSidedZ(0.9)).toBeCloseTo(1.6448536269514722, 12);
  });

  it('refuses levels outside (0, 1)', () => {
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => twoSidedZ(1)).toThrow(RangeError);
  });
});
