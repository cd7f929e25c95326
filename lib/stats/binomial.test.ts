import { describe, expect, it } from 'vitest';
import { minimumChangedUnits, signTestPValue } from './binomial';

describe('signTestPValue (exact McNemar)', () => {
  it('matches published and hand-computed exact p-values', () => {
    // Fagerland, Lydersen & Laake (2017) ch. 8, Cavo et al. 2012: 6 vs 16 discordant, P = 0.052479.
    expect(signTestPValue(6, 22)).toBeCloseTo(0.052479, 6);
    expect(signTestPValue(16, 22)).toBeCloseTo(0.052479, 6);
    // Agresti's presidential approval table (150 vs 86), exact: 3.7159e-5.
    expect(signTestPValue(86, 236)).toBeCloseTo(3.715936e-5, 10);
    expect(signTestPValue(0, 6)).toBeCloseTo(2 / 64, 14);
    expect(signTestPValue(1, 6)).toBeCloseTo((2 * 7) / 64, 14);
  });

  it('stays exact and finite with thousands of discordant units', () => {
    expect(signTestPValue(990, 2000)).toBeCloseTo(0.6709544855556545, 10);
    expect(signTestPValue(1000, 2000)).toBe(1);
    expect(signTestPValue(0, 1100)).toBeLessThan(1e-300);
  });

  it('is 1 without discordant units and refuses impossible counts', () => {
    expect(signTestPValue(0, 0)).toBe(1);
    expect(signTestPValue(3, 6)).toBe(1);
    expect(() => signTestPValue(7, 6)).toThrow(RangeError);
  });
});

describe('minimumChangedUnits', () => {
  it('is the fewest units whose unanimous change reaches p < alpha', () => {
    expect(minimumChangedUnits(0.05)).toBe(6);
    expect(minimumChangedUnits(0.01)).toBe(8);
    expect(minimumChangedUnits(0.0625)).toBe(6); // 2^-4 exactly: 5 units give p = alpha, not below
    for (const alpha of [0.05, 0.01, 0.1]) {
      const m = minimumChangedUnits(alpha);
      expect(signTestPValue(m, m)).toBeLessThan(alpha);
      expect(signTestPValue(m - 1, m - 1)).toBeGreaterThanOrEqual(alpha);
    }
  });
});
