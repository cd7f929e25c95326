import { wilsonInterval } from './wilson';
import { assertCount, DEFAULT_CONFIDENCE, type Interval } from './types';

/**
 * Newcombe's hybrid score intervals for a difference of proportions: the Wilson intervals of
 * the two proportions combined by "square and add", which keeps good coverage at the small
 * counts and the 0/n and n/n extremes where the Wald difference interval fails.
 */

export type DifferenceInterval = { difference: number; interval: Interval };

/**
 * p1 - p2 for two independent samples (Newcombe 1998b, Stat Med 17:873, method 10).
 * Null when either sample is empty.
 */
export function newcombeIndependentInterval(
  successes1: number,
  trials1: number,
  successes2: number,
  trials2: number,
  confidence = DEFAULT_CONFIDENCE,
): DifferenceInterval | null {
  const w1 = wilsonInterval(successes1, trials1, confidence);
  const w2 = wilsonInterval(successes2, trials2, confidence);
  if (!w1 || !w2) return null;
  const p1 = successes1 / trials1;
  const p2 = successes2 / trials2;
  const difference = p1 - p2;
  return {
    difference,
    interval: {
      lower: Math.max(-1, difference - Math.hypot(p1 - w1.lower, w2.upper - p2)),
      upper: Math.min(1, difference + Math.hypot(w1.upper - p1, p2 - w2.lower)),
    },
  };
}

/**
 * The paired 2x2 table: for each unit, whether the first and the second measurement succeeded.
 * Rows are the first measurement, columns the second.
 */
export type PairedTable = { bothYes: number; firstOnly: number; secondOnly: number; bothNo: number };

/**
 * p1 - p2 for paired proportions, p1 = (bothYes + firstOnly)/n and p2 = (bothYes + secondOnly)/n
 * (Newcombe 1998c, Stat Med 17:2635, method 10). The Wilson limits are combined with the
 * correlation phi of the table, its numerator corrected as the paper does: ad - bc - n/2 when
 * ad - bc > n/2, 0 when 0 <= ad - bc <= n/2, unchanged when negative; phi = 0 when a margin is 0.
 * Null when the table is empty.
 */
export function newcombePairedInterval(table: PairedTable, confidence = DEFAULT_CONFIDENCE): DifferenceInterval | null {
  const { bothYes: a, firstOnly: b, secondOnly: c, bothNo: d } = table;
  for (const [name, value] of Object.entries(table)) assertCount(name, value);
  const n = a + b + c + d;
  if (n === 0) return null;
  const first = wilsonInterval(a + b, n, confidence);
  const second = wilsonInterval(a + c, n, confidence);
  if (!first || !second) return null;
  const p1 = (a + b) / n;
  const p2 = (a + c) / n;
  const difference = p1 - p2;
  const phi = correctedPhi(a, b, c, d, n);
  const dl1 = p1 - first.lower;
  const du1 = first.upper - p1;
  const dl2 = p2 - second.lower;
  const du2 = second.upper - p2;
  return {
    difference,
    interval: {
      lower: Math.max(-1, difference - Math.sqrt(Math.max(0, dl1 * dl1 - 2 * phi * dl1 * du2 + du2 * du2))),
      upper: Math.min(1, difference + Math.sqrt(Math.max(0, dl2 * dl2 - 2 * phi * dl2 * du1 + du1 * du1))),
    },
  };
}

function correctedPhi(a: number, b: number, c: number, d: number, n: number): number {
  const margins = (a + b) * (c + d) * (a + c) * (b + d);
  if (margins === 0) return 0;
  const cross = a * d - b * c;
  const numerator = cross > n / 2 ? cross - n / 2 : cross >= 0 ? 0 : cross;
  return numerator / Math.sqrt(margins);
}
