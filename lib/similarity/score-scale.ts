import { calibrate as standardCalibrate } from '@/lib/embeddings/calibration';
import type { Calibration } from '@/lib/embeddings/types';
import { compileCalibration } from './compiled-calibration';

/**
 * How a method's raw cosine becomes the reported similarity. Embedding models are
 * calibrated (SPEC: a threshold means the same for every model); TF-IDF is reported raw.
 */
export type ScoreScale = {
  /** The reported score, rounded to 4 decimals (flagging compares the rounded value, as shown). */
  score(raw: number): number;
  /**
   * The lowest raw score that can reach `threshold` once scaled. The pair scan compares raw
   * scores against it, so the calibration runs only for the pairs that are reported.
   */
  rawCutFor(threshold: number): number;
};

export const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

function clampUnit(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** TF-IDF cosines are already in [0, 1]. */
export const identityScale: ScoreScale = {
  score: (raw) => round4(clampUnit(raw)),
  rawCutFor: (threshold) => threshold - 0.00005,
};

const BISECTION_STEPS = 40;

/** `calibrate` is the embedding layer's (piecewise linear, non-decreasing in raw). */
export function calibratedScale(calibration: Calibration, calibrate: (raw: number, c: Calibration) => number): ScoreScale {
  // The standard calibration compiled (same bits): the flagged-pair sort scores every candidate, millions at 20,000 tools.
  const toScore = calibrate === standardCalibrate ? compileCalibration(calibration).toScore : (raw: number) => calibrate(raw, calibration);
  const score = (raw: number) => round4(clampUnit(toScore(Math.max(-1, Math.min(1, raw)))));
  return {
    score,
    rawCutFor(threshold) {
      // Anything that rounds up to the threshold counts, hence the half-unit margin.
      const target = threshold - 0.00005;
      if (calibrate(1, calibration) < target) return Infinity;
      if (calibrate(-1, calibration) >= target) return -Infinity;
      let lo = -1;
      let hi = 1;
      for (let step = 0; step < BISECTION_STEPS; step++) {
        const mid = (lo + hi) / 2;
        if (calibrate(mid, calibration) >= target) hi = mid;
        else lo = mid;
      }
      // A hair lower: Float32 scores must not fall just under the exact crossing point.
      return lo - 1e-6;
    },
  };
}
