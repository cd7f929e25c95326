/** Classification counts of evaluated runs; total = tp + fp + tn + fn. */
export type ConfusionCounts = { tp: number; fp: number; tn: number; fn: number; total: number };

export type HeadlineRates = {
  precision: number | null;
  recall: number | null;
  f1: number | null;
  accuracy: number | null;
  specificity: number | null;
};

/** A share, or null when there is nothing to divide by (not 0, which would read as "all wrong"). */
export function divideOrNull(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/**
 * F1 as 2TP / (2TP + FP + FN): equal to 2PR / (P + R), and still defined (as 0) when one of
 * precision or recall has no denominator but the other is 0, e.g. only misses and no picks.
 */
export function computeF1(tp: number, fp: number, fn: number): number | null {
  return divideOrNull(2 * tp, 2 * tp + fp + fn);
}

export function computeRates(c: ConfusionCounts): HeadlineRates {
  return {
    precision: divideOrNull(c.tp, c.tp + c.fp),
    recall: divideOrNull(c.tp, c.tp + c.fn),
    f1: computeF1(c.tp, c.fp, c.fn),
    accuracy: divideOrNull(c.tp + c.tn, c.total),
    specificity: divideOrNull(c.tn, c.tn + c.fp),
  };
}

/** Counts as the API returns them, from any row carrying the four classification sums. */
export function toConfusionCounts(row: { tp: number; fp: number; tn: number; fn: number }): ConfusionCounts {
  return { tp: row.tp, fp: row.fp, tn: row.tn, fn: row.fn, total: row.tp + row.fp + row.tn + row.fn };
}
