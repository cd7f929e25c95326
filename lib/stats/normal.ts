import { assertLevel } from './types';

/**
 * The standard normal distribution, enough of it for score intervals: the CDF by Marsaglia's
 * Taylor series (J. Stat. Softw. 11(4), 2004; about 15 correct digits for |x| < 8) and the
 * quantile by Newton's method on it, so any confidence level works, not only 95%.
 */

const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

export function normalCdf(x: number): number {
  if (x < -8) return 0;
  if (x > 8) return 1;
  let term = x;
  let sum = x;
  const x2 = x * x;
  for (let i = 3; sum + term !== sum; i += 2) {
    term *= x2 / i;
    sum += term;
  }
  return 0.5 + sum * Math.exp(-0.5 * x2 - LN_SQRT_2PI);
}

function normalDensity(x: number): number {
  return Math.exp(-0.5 * x * x - LN_SQRT_2PI);
}

/** x with normalCdf(x) = p, for 0 < p < 1. */
export function normalQuantile(p: number): number {
  assertLevel('p', p);
  if (p === 0.5) return 0;
  // A logistic-style first guess, then Newton steps: the CDF is smooth and monotone.
  let x = Math.sign(p - 0.5) * Math.sqrt(-2 * Math.log(Math.min(p, 1 - p)));
  for (let i = 0; i < 100; i++) {
    const step = (normalCdf(x) - p) / normalDensity(x);
    x -= step;
    if (Math.abs(step) < 1e-14 * Math.max(1, Math.abs(x))) break;
  }
  return x;
}

/** The z of a two-sided interval at `confidence` (1.959964 for 0.95). */
export function twoSidedZ(confidence: number): number {
  assertLevel('confidence', confidence);
  return normalQuantile(1 - (1 - confidence) / 2);
}
