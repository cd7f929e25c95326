import { describe, expect, it } from 'vitest';
import { signTestPValue } from './binomial';
import type { PairedCounts } from './bootstrap';
import { computeMetric, sumCounts, type ClassificationMetric, type Counts } from './counts';
import { EXACT_LIMIT, pairedPermutationTest } from './permutation';

const TP: Counts = { tp: 1, fp: 0, tn: 0, fn: 0 };
const FP: Counts = { tp: 0, fp: 1, tn: 0, fn: 0 };
const TN: Counts = { tp: 0, fp: 0, tn: 1, fn: 0 };
const FN: Counts = { tp: 0, fp: 0, tn: 0, fn: 1 };

function pairs(spec: Array<[Counts, Counts, number]>): PairedCounts[] {
  return spec.flatMap(([a, b, times]) => Array.from({ length: times }, () => ({ a, b })));
}

/** The definition, by brute force: every subset of units swapped, metrics from scratch. */
function bruteForce(list: PairedCounts[], metric: ClassificationMetric): number {
  const observed = computeMetric(metric, sumCounts(list.map((p) => p.b)))! - computeMetric(metric, sumCounts(list.map((p) => p.a)))!;
  let extreme = 0;
  for (let mask = 0; mask < 2 ** list.length; mask++) {
    const a = sumCounts(list.map((p, i) => (mask & (1 << i) ? p.b : p.a)));
    const b = sumCounts(list.map((p, i) => (mask & (1 << i) ? p.a : p.b)));
    const va = computeMetric(metric, a);
    const vb = computeMetric(metric, b);
    if (va === null || vb === null || Math.abs(vb - va) >= Math.abs(observed) - 1e-9) extreme += 1;
  }
  return extreme / 2 ** list.length;
}

describe('pairedPermutationTest', () => {
  it('equals the exact McNemar test for accuracy with one outcome per unit', () => {
    for (const [fixed, regressed] of [[6, 0], [8, 2], [5, 5], [9, 3], [1, 0]] as const) {
      const list = pairs([[FN, TP, fixed], [TP, FN, regressed], [TP, TP, 20], [TN, TN, 5]]);
      const result = pairedPermutationTest(list, 'accuracy');
      expect(result.changedUnits).toBe(fixed + regressed);
      expect(result.pValue).toBeCloseTo(signTestPValue(fixed, fixed + regressed), 12);
    }
  });

  it('matches brute-force enumeration for F1, precision and recall', () => {
    // Mixed changes: fixes, a wrong call on a negative, a lost refusal, unchanged units.
    const list = pairs([[FN, TP, 4], [TN, FP, 2], [FP, TN, 1], [TP, FN, 1], [TP, TP, 3], [FN, FN, 2]]);
    for (const metric of ['f1', 'precision', 'recall'] as const) {
      const result = pairedPermutationTest(list, metric);
      expect(result.method).toMatch(/^exact paired randomization test/);
      expect(result.pValue).toBeCloseTo(bruteForce(list, metric), 12);
    }
  });

  it('switches to a seeded Monte Carlo past the exact limit, close to the exact answer', () => {
    const fixed = 19;
    const regressed = 7;
    expect(fixed + regressed).toBeGreaterThan(EXACT_LIMIT);
    const list = pairs([[FN, TP, fixed], [TP, FN, regressed], [TP, TP, 30]]);
    const result = pairedPermutationTest(list, 'accuracy');
    expect(result.method).toBe('paired randomization test, 10000 random swaps, seed 1');
    expect(Math.abs(result.pValue! - signTestPValue(fixed, fixed + regressed))).toBeLessThan(0.005);
    expect(pairedPermutationTest(list, 'accuracy')).toEqual(result);
  });

  it('gives p = 1 when nothing changed and null when the difference is undefined', () => {
    expect(pairedPermutationTest(pairs([[TP, TP, 5], [FN, FN, 3]]), 'f1')).toMatchObject({ pValue: 1, changedUnits: 0 });
    // No picks on either side: precision is undefined, so is its difference.
    expect(pairedPermutationTest(pairs([[FN, TN, 3], [TN, FN, 1]]), 'precision').pValue).toBeNull();
  });
});
