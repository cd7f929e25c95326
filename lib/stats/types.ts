/** A two-sided confidence interval; both ends inclusive. */
export type Interval = { lower: number; upper: number };

/** The confidence level every function defaults to. */
export const DEFAULT_CONFIDENCE = 0.95;

/** The significance level every test defaults to (two-sided). */
export const DEFAULT_ALPHA = 0.05;

/** Throws on a level outside (0, 1): a programming error, not bad user input. */
export function assertLevel(name: string, value: number): void {
  if (!(value > 0 && value < 1)) throw new RangeError(`${name} must be between 0 and 1 (exclusive), got ${value}`);
}

/** Throws unless `value` is a whole number >= 0. */
export function assertCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number >= 0, got ${value}`);
}
