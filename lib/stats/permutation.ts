import { seededRandom } from '@/lib/seeded-random';
import type { PairedCounts } from './bootstrap';
import { addCounts, computeMetric, sameCounts, sumCounts, type ClassificationMetric, type Counts } from './counts';

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
  const changed = pairs.filter((p) => !sameCounts(p.a, p.b));
  const m = changed.length;
  const observed = difference(metric, sumCounts(pairs.map((p) => p.a)), sumCounts(pairs.map((p) => p.b)));
  if (observed === null) return { pValue: null, changedUnits: m, method: 'paired randomization test (undefined difference)' };
  const threshold = Math.abs(observed) * (1 - TOLERANCE) - TOLERANCE;
  // Start from "nothing swapped"; swapping unit i moves (b_i - a_i) from B to A.
  const a = sumCounts(pairs.map((p) => p.a));
  const b = sumCounts(pairs.map((p) => p.b));
  const isExtreme = (): boolean => {
    const value = difference(metric, a, b);
    return value === null || Math.abs(value) >= threshold;
  };
  const swapped = new Uint8Array(m);
  const toggle = (i: number): void => {
    const unit = changed[i]!;
    const sign = swapped[i] ? -1 : 1;
    swapped[i] = swapped[i] ? 0 : 1;
    // Moving unit i's outcomes across: A gains b_i - a_i, B loses it (or the reverse).
    shift(a, unit.b, unit.a, sign);
    shift(b, unit.a, unit.b, sign);
  };

  if (m <= EXACT_LIMIT) {
    // Gray code: each step swaps one unit, so all 2^m arrangements cost O(1) each.
    let extreme = isExtreme() ? 1 : 0;
    const total = 2 ** m;
    for (let step = 1; step < total; step++) {
      toggle(31 - Math.clz32(step & -step));
      if (isExtreme()) extreme += 1;
    }
    return { pValue: extreme / total, changedUnits: m, method: `exact paired randomization test (${total} swaps of ${m} changed units)` };
  }

  const permutations = options.permutations ?? DEFAULT_PERMUTATIONS;
  const seed = options.seed ?? 1;
  const random = seededRandom(seed);
  let extreme = 0;
  for (let r = 0; r < permutations; r++) {
    for (let i = 0; i < m; i++) {
      const want = random() < 0.5 ? 1 : 0;
      if (swapped[i] !== want) toggle(i);
    }
    if (isExtreme()) extreme += 1;
  }
  // +1 on both sides counts the observed arrangement, so p is never 0 (Phipson & Smyth 2010).
  return {
    pValue: (extreme + 1) / (permutations + 1),
    changedUnits: m,
    method: `paired randomization test, ${permutations} random swaps, seed ${seed}`,
  };
}

function difference(metric: ClassificationMetric, a: Counts, b: Counts): number | null {
  const before = computeMetric(metric, a);
  const after = computeMetric(metric, b);
  return before === null || after === null ? null : after - before;
}

/** into += sign * (plus - minus) */
function shift(into: Counts, plus: Counts, minus: Counts, sign: number): void {
  addCounts(into, plus, sign);
  addCounts(into, minus, -sign);
}
