import { twoSidedZ } from './normal';
import { assertCount, DEFAULT_CONFIDENCE, type Interval } from './types';

/**
 * Wilson's score interval for a proportion (Wilson 1927; Newcombe 1998a method 3, no
 * continuity correction): unlike the Wald interval it stays inside [0, 1] and does not
 * collapse to a point at 0/n or n/n, which matters for the small case counts of an eval.
 * No trials, no interval: null (not [0, 1], which would read as a measurement).
 */
export function wilsonInterval(successes: number, trials: number, confidence = DEFAULT_CONFIDENCE): Interval | null {
  assertCount('successes', successes);
  assertCount('trials', trials);
  if (successes > trials) throw new RangeError(`successes (${successes}) cannot exceed trials (${trials})`);
  if (trials === 0) return null;
  const z = twoSidedZ(confidence);
  const z2 = z * z;
  const center = (successes + z2 / 2) / (trials + z2);
  const half = (z / (trials + z2)) * Math.sqrt((successes * (trials - successes)) / trials + z2 / 4);
  // The ends are exactly 0 and 1 at 0/n and n/n; rounding must not push them past.
  return {
    lower: successes === 0 ? 0 : Math.max(0, center - half),
    upper: successes === trials ? 1 : Math.min(1, center + half),
  };
}
