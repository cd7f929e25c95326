import type { Classification } from '@/lib/eval/judge/classify';
import { computeF1, divideOrNull } from '@/lib/metrics/rates';

/**
 * Classification counts of one unit (a case, or a case x model) and the four headline metrics
 * computed from summed counts, with the same definitions as the metrics summary (F1 =
 * 2TP / (2TP + FP + FN)), so an interval always brackets the number the dashboard shows.
 */

export type Counts = { tp: number; fp: number; tn: number; fn: number };

export const CLASSIFICATION_METRICS = ['precision', 'recall', 'f1', 'accuracy'] as const;
export type ClassificationMetric = (typeof CLASSIFICATION_METRICS)[number];

export function emptyCounts(): Counts {
  return { tp: 0, fp: 0, tn: 0, fn: 0 };
}

export function addCounts(into: Counts, from: Counts, sign = 1): void {
  into.tp += sign * from.tp;
  into.fp += sign * from.fp;
  into.tn += sign * from.tn;
  into.fn += sign * from.fn;
}

export function sumCounts(units: readonly Counts[]): Counts {
  const total = emptyCounts();
  for (const unit of units) addCounts(total, unit);
  return total;
}

export function countClassifications(classifications: readonly Classification[]): Counts {
  const counts = emptyCounts();
  for (const c of classifications) {
    if (c === 'TP') counts.tp += 1;
    else if (c === 'FP') counts.fp += 1;
    else if (c === 'TN') counts.tn += 1;
    else counts.fn += 1;
  }
  return counts;
}

export function sameCounts(a: Counts, b: Counts): boolean {
  return a.tp === b.tp && a.fp === b.fp && a.tn === b.tn && a.fn === b.fn;
}

/** The metric's value, or null when it has nothing to divide by. */
export function computeMetric(metric: ClassificationMetric, c: Counts): number | null {
  switch (metric) {
    case 'precision':
      return divideOrNull(c.tp, c.tp + c.fp);
    case 'recall':
      return divideOrNull(c.tp, c.tp + c.fn);
    case 'f1':
      return computeF1(c.tp, c.fp, c.fn);
    case 'accuracy':
      return divideOrNull(c.tp + c.tn, c.tp + c.fp + c.tn + c.fn);
  }
}
