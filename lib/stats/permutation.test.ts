import { describe, expect, it } from 'vitest';
import { signTestPValue } from './binomial';
import type { PairedCounts } from './bootstrap';
import { computeMetric, sumCounts, type ClassificationMetric, type Counts } from './counts';
import { seededRandom } from '@/lib/seeded-random';
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

  it('draws its Monte Carlo swaps exactly as seededRandom(seed) < 0.5 would', () => {
    const list = pairs([[FN, TP, 15], [TP, FN, 9], [TN, FP, 4], [FP, TN, 3], [TP, TP, 10]]);
    const changed = list.filter((p) => p.a !== p.b);
    for (const seed of [1, 7, 123_456]) {
      for (const metric of ['f1', 'accuracy', 'precision'] as const) {
        // The definition, slowly: each swap from seededRandom, the metrics from scratch.
        const random = seededRandom(seed);
        const value = (c: Counts) => computeMetric(metric, c)!;
        const observed = Math.abs(value(sumCounts(list.map((p) => p.b))) - value(sumCounts(list.map((p) => p.a))));
        const unchanged = list.filter((p) => p.a === p.b);
        let extreme = 0;
        for (let r = 0; r < 2000; r++) {
          const swap = changed.map(() => random() < 0.5);
          const a = sumCounts([...unchanged.map((p) => p.a), ...changed.map((p, i) => (swap[i] ? p.b : p.a))]);
          const b = sumCounts([...unchanged.map((p) => p.b), ...changed.map((p, i) => (swap[i] ? p.a : p.b))]);
          if (Math.abs(value(b) - value(a)) >= observed * (1 - 1e-9) - 1e-9) extreme += 1;
        }
        const result = pairedPermutationTest(list, metric, { seed, permutations: 2000 });
        expect(result.pValue, `${metric}, seed ${seed}`).toBe((extreme + 1) / 2001);
      }
    }
  });

  it('gives p = 1 when nothing changed and null when the difference is undefined', () => {
    expect(pairedPermutationTest(pairs([[TP, TP, 5], [FN, FN, 3]]), 'f1')).toMatchObject({ pValue: 1, changedUnits: 0 });
    // No picks on either side: precision is undefined, so is its difference.
    expect(pairedPermutationTest(pairs([[FN, TN, 3], [TN, FN, 1]]), 'precision').pValue).toBeNull();
  });
});
