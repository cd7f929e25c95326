import { describe, expect, it } from 'vitest';
import { locateNearestRank } from './percentile';

/** The value locateNearestRank points at, read from a sorted array. */
function valueAt(sorted: number[], p: number): number | undefined {
  const { offset, order } = locateNearestRank(p, sorted.length);
  return order === 'asc' ? sorted[offset] : sorted[sorted.length - 1 - offset];
}

describe('locateNearestRank', () => {
  it('takes rank ceil(p/100 * n)', () => {
    const oneToTwenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(valueAt(oneToTwenty, 50)).toBe(10);
    expect(valueAt(oneToTwenty, 95)).toBe(19);
    expect(valueAt(oneToTwenty, 100)).toBe(20);
    expect(valueAt([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 50)).toBe(6);
    expect(valueAt([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 95)).toBe(11);
  });

  it('handles one and two values', () => {
    expect(valueAt([7], 50)).toBe(7);
    expect(valueAt([7], 95)).toBe(7);
    expect(valueAt([1, 2], 50)).toBe(1);
    expect(valueAt([1, 2], 95)).toBe(2);
  });

  it('counts from the nearer end so the SQL sort keeps few rows', () => {
    expect(locateNearestRank(95, 1000)).toEqual({ offset: 50, order: 'desc' });
    expect(locateNearestRank(5, 1000)).toEqual({ offset: 49, order: 'asc' });
  });

  it('is exact where p * n / 100 is a whole number', () => {
    for (let n = 1; n <= 500; n++) {
      const sorted = Array.from({ length: n }, (_, i) => i + 1);
      expect(valueAt(sorted, 95)).toBe(Math.ceil((95 * n) / 100));
    }
  });
});
