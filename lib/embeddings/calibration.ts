import type { Calibration } from './types';

/**
 * Raw cosine -> calibrated score, piecewise linear through the model's anchors (clamped to
 * [-1, 1] first). Each model's anchors put its own "likely to be confused" boundary at 0.85,
 * so one threshold means the same whichever model ran. How anchors are derived: see
 * deriveAnchors below and calibration-data.ts.
 */
export function calibrate(raw: number, calibration: Calibration): number {
  const anchors = calibration.anchors;
  const x = Number.isFinite(raw) ? Math.min(1, Math.max(-1, raw)) : 0;
  const first = anchors[0];
  if (!first || x <= first[0]) return first ? first[1] : x;
  for (let i = 1; i < anchors.length; i++) {
    const [x1, y1] = anchors[i]!;
    if (x > x1) continue;
    const [x0, y0] = anchors[i - 1]!;
    return x1 === x0 ? y1 : y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
  }
  return anchors[anchors.length - 1]![1];
}

/**
 * The inverse of calibrate: the raw cosine whose calibrated score is `score` (the lowest
 * one where the anchors are flat). Lets an adjustment made on the calibrated scale (the
 * action-aware similarity) be stored back as a raw score, so scans keep comparing raw values.
 */
export function uncalibrate(score: number, calibration: Calibration): number {
  const anchors = calibration.anchors;
  const first = anchors[0];
  if (!first) return score;
  if (score <= first[1]) return first[0];
  for (let i = 1; i < anchors.length; i++) {
    const [x1, y1] = anchors[i]!;
    if (score > y1) continue;
    const [x0, y0] = anchors[i - 1]!;
    return y1 === y0 ? x0 : x0 + ((score - y0) * (x1 - x0)) / (y1 - y0);
  }
  return anchors[anchors.length - 1]![0];
}

/** The calibrated score the boundary between "differ" and "likely to be confused" maps to. */
export const CONFUSION_THRESHOLD = 0.85;

/**
 * Calibrated targets for points of the raw-cosine distributions of a labeled set of tool
 * description pairs (calibration-pairs.ts). Conventions, fixed across models, so that
 * calibrated scores line up:
 * - the median pair of tools that plainly differ -> 0.40
 * - the boundary -> 0.85: the raw cosine that best separates the two groups (maximum Youden
 *   J = TPR - FPR), raised if needed until at most 10% of the differing pairs reach it. An
 *   analysis of n tools compares n(n-1)/2 pairs, nearly all of which differ, so false alarms
 *   cost more than the balanced optimum assumes; at 10% the flagged list stays readable while
 *   most confusable pairs are still caught (5% cost the weak word-vector model half of them);
 * - the median pair of confusable tools -> 0.92 (only if above the boundary)
 * - identical (raw 1) -> 1, opposite (raw -1) -> 0
 */
export const ANCHOR_TARGETS = { differentMedian: 0.4, boundary: CONFUSION_THRESHOLD, confusableMedian: 0.92 } as const;
export const MAX_FLAGGED_DIFFERENT = 0.1;

export type AnchorFigures = {
  differentMedian: number;
  /** The Youden-optimal raw cosine, before the false-alarm cap. */
  youdenBoundary: number;
  boundary: number;
  confusableMedian: number;
  /** At the boundary: share of confusable pairs at or above it, and of differing pairs below it. */
  truePositiveRate: number;
  trueNegativeRate: number;
  /** Probability that a random confusable pair scores above a random differing one. */
  auc: number;
};

function median(sorted: readonly number[]): number {
  const mid = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Figures of the two raw-cosine samples: medians, the boundary and how well it separates them. */
export function measureSeparation(confusable: readonly number[], different: readonly number[]): AnchorFigures {
  const pos = [...confusable].sort((a, b) => a - b);
  const neg = [...different].sort((a, b) => a - b);
  if (pos.length === 0 || neg.length === 0) throw new Error('Both groups of pairs need at least one pair');
  const rates = (boundary: number) => ({
    tpr: pos.filter((v) => v >= boundary).length / pos.length,
    tnr: neg.filter((v) => v < boundary).length / neg.length,
  });
  let youden = { j: -Infinity, boundary: 0 };
  for (const candidate of new Set([...pos, ...neg])) {
    const { tpr, tnr } = rates(candidate);
    if (tpr + tnr - 1 > youden.j) youden = { j: tpr + tnr - 1, boundary: candidate };
  }
  // The smallest sample value with at most MAX_FLAGGED_DIFFERENT of the differing pairs at or above it.
  const cap = neg[Math.min(neg.length - 1, Math.ceil(neg.length * (1 - MAX_FLAGGED_DIFFERENT)))]!;
  const boundary = Math.max(youden.boundary, cap);
  const { tpr, tnr } = rates(boundary);
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return {
    differentMedian: median(neg),
    youdenBoundary: youden.boundary,
    boundary,
    confusableMedian: median(pos),
    truePositiveRate: tpr,
    trueNegativeRate: tnr,
    auc: wins / (pos.length * neg.length),
  };
}

/**
 * Anchors from the figures. The boundary is always kept; a median that falls on the wrong side
 * of it (a model that separates the groups poorly) is left out so the mapping stays monotone.
 */
export function deriveAnchors(figures: Pick<AnchorFigures, 'differentMedian' | 'boundary' | 'confusableMedian'>): Calibration['anchors'] {
  const { differentMedian, boundary, confusableMedian } = figures;
  if (!(boundary > -1 && boundary < 1)) throw new Error(`A boundary of ${boundary} leaves no room for a calibration`);
  const anchors: [number, number][] = [[-1, 0]];
  if (differentMedian > -1 && differentMedian < boundary) anchors.push([round4(differentMedian), ANCHOR_TARGETS.differentMedian]);
  anchors.push([round4(boundary), ANCHOR_TARGETS.boundary]);
  if (confusableMedian > boundary && confusableMedian < 1) anchors.push([round4(confusableMedian), ANCHOR_TARGETS.confusableMedian]);
  anchors.push([1, 1]);
  return anchors;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;
