import type { PairedCounts } from './bootstrap';
import { computeMetric, sameCounts, sumCounts, type ClassificationMetric, type Counts } from './counts';

/**
 * The paired randomization (swap) test for a metric difference (Noreen 1989; Yeh 2000 for F1):
 * under "no difference", each unit's baseline and variant outcomes are exchangeable, so every
 * way of swapping them is equally likely. The p-value is the share of swaps whose |delta| is
 * at least the observed one. Units that did not change contribute nothing to a swap, so only
 * the changed ones are permuted: exactly (all 2^m swaps) up to EXACT_LIMIT changed units,
 * else by seeded Monte Carlo. For accuracy with one outcome per unit it equals the exact
 * McNemar test. A swap that leaves the metric undefined counts as extreme (conservative).
 */

export const EXACT_LIMIT = 20;
export const DEFAULT_PERMUTATIONS = 10_000;

export type PermutationOptions = { seed?: number; permutations?: number };

export type PermutationResult = {
  /** Null when the observed difference is undefined (the metric has no value on a side). */
  pValue: number | null;
  changedUnits: number;
  method: string;
};

// Relative slack so swaps equal to the observed delta up to rounding count as "as extreme".
const TOLERANCE = 1e-9;

export function pairedPermutationTest(pairs: readonly PairedCounts[], metric: ClassificationMetric, options: PermutationOptions = {}): PermutationResult {
  return pairedPermutationTests(pairs, [metric], options)[metric]!;
}

/** pairedPermutationTest for several metrics from the same swaps (one pass, same results). */
export function pairedPermutationTests<M extends ClassificationMetric>(
  pairs: readonly PairedCounts[],
  metrics: readonly M[],
  options: PermutationOptions = {},
): Partial<Record<M, PermutationResult>> {
  const changed = pairs.filter((p) => !sameCounts(p.a, p.b));
  const m = changed.length;
  const a0 = sumCounts(pairs.map((p) => p.a));
  const b0 = sumCounts(pairs.map((p) => p.b));
  const thresholds = metrics.map((metric) => {
    const observed = difference(metric, a0, b0);
    return observed === null ? null : Math.abs(observed) * (1 - TOLERANCE) - TOLERANCE;
  });
  // Swapping unit i moves d_i = b_i - a_i from B to A: A + d_i, B - d_i. Flat for the hot loops.
  const d = new Float64Array(m * 4);
  changed.forEach((p, i) => d.set([p.b.tp - p.a.tp, p.b.fp - p.a.fp, p.b.tn - p.a.tn, p.b.fn - p.a.fn], i * 4));
  const extreme = metrics.map(() => 0);
  const tally = (tp: number, fp: number, tn: number, fn: number): void => {
    const a = { tp: a0.tp + tp, fp: a0.fp + fp, tn: a0.tn + tn, fn: a0.fn + fn };
    const b = { tp: b0.tp - tp, fp: b0.fp - fp, tn: b0.tn - tn, fn: b0.fn - fn };
    metrics.forEach((metric, k) => {
      const threshold = thresholds[k];
      if (threshold === null || threshold === undefined) return;
      const value = difference(metric, a, b);
      if (value === null || Math.abs(value) >= threshold) extreme[k]! += 1;
    });
  };

  let total: number;
  let method: string;
  let plusOne = 0;
  if (m <= EXACT_LIMIT) {
    // Gray code: each step swaps one unit in or out, so all 2^m arrangements cost O(1) each.
    const swapped = new Uint8Array(m);
    const moved = [0, 0, 0, 0];
    tally(0, 0, 0, 0);
    total = 2 ** m;
    for (let step = 1; step < total; step++) {
      const i = 31 - Math.clz32(step & -step);
      const sign = swapped[i] ? -1 : 1;
      swapped[i] = swapped[i] ? 0 : 1;
      for (let k = 0; k < 4; k++) moved[k]! += sign * d[i * 4 + k]!;
      tally(moved[0]!, moved[1]!, moved[2]!, moved[3]!);
    }
    method = `exact paired randomization test (${total} swaps of ${m} changed units)`;
  } else {
    const permutations = options.permutations ?? DEFAULT_PERMUTATIONS;
    const seed = options.seed ?? 1;
    // seededRandom(seed)'s mulberry32 steps inlined (the hot loop: permutations x changed units draws, 6M for a
    // 1M-run batch comparison; the call cost half of it): random() < 0.5 is the output word's top bit clear, i.e.
    // the int32 t ^ (t >>> 14) not negative. Same draws, same swaps (permutation.test.ts holds it to seededRandom).
    let state = seed >>> 0;
    for (let r = 0; r < permutations; r++) {
      let tp = 0;
      let fp = 0;
      let tn = 0;
      let fn = 0;
      for (let i = 0, at = 0; i < m; i++, at += 4) {
        state = (state + 0x6d2b79f5) >>> 0;
        let t = state;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        if ((t ^ (t >>> 14)) >= 0) {
          tp += d[at]!;
          fp += d[at + 1]!;
          tn += d[at + 2]!;
          fn += d[at + 3]!;
        }
      }
      tally(tp, fp, tn, fn);
    }
    // +1 on both sides counts the observed arrangement, so p is never 0 (Phipson & Smyth 2010).
    total = permutations;
    plusOne = 1;
    method = `paired randomization test, ${permutations} random swaps, seed ${seed}`;
  }
  const results: Partial<Record<M, PermutationResult>> = {};
  metrics.forEach((metric, k) => {
    results[metric] =
      thresholds[k] === null
        ? { pValue: null, changedUnits: m, method: 'paired randomization test (undefined difference)' }
        : { pValue: (extreme[k]! + plusOne) / (total + plusOne), changedUnits: m, method };
  });
  return results;
}

function difference(metric: ClassificationMetric, a: Counts, b: Counts): number | null {
  const before = computeMetric(metric, a);
  const after = computeMetric(metric, b);
  return before === null || after === null ? null : after - before;
}
