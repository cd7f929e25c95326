import { describe, expect, it } from 'vitest';
import { comparePaired, type PairedUnit } from './paired';

/** bothRight, regressed (A right, B wrong), fixed (A wrong, B right), bothWrong units. */
function units(bothRight: number, regressed: number, fixed: number, bothWrong: number): PairedUnit[] {
  const list: PairedUnit[] = [];
  const add = (count: number, a: boolean, b: boolean, tag: string) => {
    for (let i = 0; i < count; i++) list.push({ id: `${tag}${i}`, a, b });
  };
  add(bothRight, true, true, 'rr');
  add(regressed, true, false, 'reg');
  add(fixed, false, true, 'fix');
  add(bothWrong, false, false, 'ww');
  return list;
}

describe('comparePaired', () => {
  it('reproduces the worked example: exact McNemar p and Newcombe paired interval', () => {
    // Cavo et al. 2012 as A = after, B = before: b = 16 A-only, c = 6 B-only.
    const result = comparePaired(units(59, 16, 6, 80));
    expect(result).toMatchObject({ n: 161, b: 16, c: 6, outcome: 'no_significant_change' });
    expect(result.diff).toBeCloseTo(-0.0621, 4);
    expect(result.interval?.lower).toBeCloseTo(-0.1186, 4);
    expect(result.interval?.upper).toBeCloseTo(-0.0046, 4);
    expect(result.pValue).toBeCloseTo(0.052479, 6);
    expect(result.regressed).toHaveLength(16);
    expect(result.fixed).toEqual(['fix0', 'fix1', 'fix2', 'fix3', 'fix4', 'fix5']);
  });

  it('calls a clear gain improved and a clear loss regressed, listing the flipped units', () => {
    const up = comparePaired(units(10, 0, 8, 2));
    expect(up.outcome).toBe('improved');
    expect(up.pValue).toBeCloseTo(2 / 256, 12);
    expect(up.diff).toBeCloseTo(0.4, 12);
    expect(up.interval!.lower).toBeGreaterThan(0);
    expect(up.fixed).toHaveLength(8);
    expect(up.regressed).toEqual([]);
    const down = comparePaired(units(10, 8, 1, 2));
    expect(down.outcome).toBe('regressed');
    expect(down.regressed).toHaveLength(8);
    expect(down.fixed).toEqual(['fix0']);
  });

  it('says too few cases when even a unanimous change could not be significant', () => {
    // 5 fixes, none regressed: p = 2/32 = 0.0625 is the best 5 discordant units can do.
    const five = comparePaired(units(100, 0, 5, 0));
    expect(five.outcome).toBe('too_few_cases');
    expect(five.pValue).toBeCloseTo(0.0625, 14);
    // 6 unanimous fixes can (p = 0.03125); 4 vs 4 can but does not.
    expect(comparePaired(units(3, 0, 6, 0)).outcome).toBe('improved');
    expect(comparePaired(units(3, 4, 4, 0)).outcome).toBe('no_significant_change');
    // A stricter alpha needs more changed units.
    expect(comparePaired(units(3, 0, 7, 0), { alpha: 0.01 }).outcome).toBe('too_few_cases');
  });

  it('handles no units and identical variants', () => {
    expect(comparePaired([])).toMatchObject({ n: 0, diff: null, interval: null, pValue: 1, outcome: 'too_few_cases' });
    // Nothing changed on 10 units: observed, not too few to tell.
    const same = comparePaired(units(7, 0, 0, 3));
    expect(same).toMatchObject({ diff: 0, pValue: 1, outcome: 'no_significant_change', fixed: [], regressed: [] });
    // Five units cannot ever tell, even when all five flip.
    expect(comparePaired(units(0, 0, 5, 0)).outcome).toBe('too_few_cases');
    expect(comparePaired(units(5, 0, 0, 0)).outcome).toBe('too_few_cases');
    expect(same.interval!.lower).toBeLessThan(0);
    expect(same.interval!.upper).toBeGreaterThan(0);
  });
});
