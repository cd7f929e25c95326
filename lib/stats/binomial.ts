import { assertCount } from './types';

/**
 * Exact binomial tail probabilities, in log space so hundreds of discordant pairs neither
 * underflow (2^-1075 is 0 in doubles) nor lose precision.
 */

/**
 * The exact two-sided sign test: P(X <= min(k, m-k)) doubled, capped at 1, X ~ Binomial(m, 1/2).
 * With k = the units that got better out of m that changed, it is the exact (conditional)
 * McNemar test. m = 0 gives 1: no change is no evidence.
 */
export function signTestPValue(k: number, m: number): number {
  assertCount('k', k);
  assertCount('m', m);
  if (k > m) throw new RangeError(`k (${k}) cannot exceed m (${m})`);
  if (m === 0) return 1;
  const low = Math.min(k, m - k);
  const logHalfPowM = -m * Math.LN2;
  let logTerm = logHalfPowM; // log P(X = 0)
  let tail = Math.exp(logTerm);
  for (let i = 1; i <= low; i++) {
    logTerm += Math.log(m - i + 1) - Math.log(i);
    tail += Math.exp(logTerm);
  }
  return Math.min(1, 2 * tail);
}

/**
 * The fewest changed units for which a unanimous change (all better, or all worse) can reach
 * p < alpha in the two-sided sign test: the smallest m with 2 * 2^-m < alpha (6 at 0.05).
 * With fewer, no outcome could be significant, so "no significant change" would mislead.
 */
export function minimumChangedUnits(alpha: number): number {
  let m = 1;
  while (2 * 2 ** -m >= alpha) m += 1;
  return m;
}
