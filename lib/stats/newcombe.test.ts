import { describe, expect, it } from 'vitest';
import { newcombeIndependentInterval, newcombePairedInterval } from './newcombe';

describe('newcombeIndependentInterval (method 10)', () => {
  // Newcombe (1998) "Interval estimation for the difference between independent proportions:
  // comparison of eleven methods", Stat Med 17:873, Table II, method 10.
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ])('%i/%i - %i/%i gives the published interval', (x1, n1, x2, n2, lower, upper) => {
    const result = newcombeIndependentInterval(x1, n1, x2, n2)!;
    expect(result.difference).toBeCloseTo(x1 / n1 - x2 / n2, 12);
    expect(result.interval.lower).toBeCloseTo(lower, 4);
    expect(result.interval.upper).toBeCloseTo(upper, 4);
  });

  it('gives no interval when a sample is empty', () => {
    expect(newcombeIndependentInterval(1, 2, 0, 0)).toBeNull();
  });
});

describe('newcombePairedInterval (paired method 10)', () => {
  it('matches the worked example of Fagerland, Lydersen & Laake (2017), chapter 8', () => {
    // Complete response before and after consolidation therapy (Cavo et al., 2012):
    // 59 both, 6 before only, 16 after only, 80 neither; -0.0621 (-0.1186 to -0.0046).
    const result = newcombePairedInterval({ bothYes: 59, firstOnly: 6, secondOnly: 16, bothNo: 80 })!;
    expect(result.difference).toBeCloseTo(-0.0621, 4);
    expect(result.interval.lower).toBeCloseTo(-0.1186, 4);
    expect(result.interval.upper).toBeCloseTo(-0.0046, 4);
  });

  it('is symmetric when the discordant cells are swapped', () => {
    const ab = newcombePairedInterval({ bothYes: 30, firstOnly: 9, secondOnly: 2, bothNo: 7 })!;
    const ba = newcombePairedInterval({ bothYes: 30, firstOnly: 2, secondOnly: 9, bothNo: 7 })!;
    expect(ab.difference).toBeCloseTo(-ba.difference, 12);
    expect(ab.interval.lower).toBeCloseTo(-ba.interval.upper, 12);
    expect(ab.interval.upper).toBeCloseTo(-ba.interval.lower, 12);
  });

  it('is narrower than the independent interval when the two measurements agree a lot', () => {
    // Positive correlation (most units agree) is what pairing buys.
    const paired = newcombePairedInterval({ bothYes: 40, firstOnly: 8, secondOnly: 1, bothNo: 51 })!;
    const independent = newcombeIndependentInterval(48, 100, 41, 100)!;
    expect(paired.interval.upper - paired.interval.lower).toBeLessThan(independent.interval.upper - independent.interval.lower);
    expect(paired.interval.lower).toBeGreaterThan(0);
  });

  it('gives no interval for an empty table', () => {
    expect(newcombePairedInterval({ bothYes: 0, firstOnly: 0, secondOnly: 0, bothNo: 0 })).toBeNull();
  });
});
