import type { Calibration } from '@/lib/embeddings/types';

/**
 * calibrate and uncalibrate (lib/embeddings/calibration.ts) for one calibration, as closures
 * over its anchors in typed arrays: the same comparisons and the same arithmetic in the same
 * order, so the same bits, without reading [x, y] pairs out of the anchor list on every call
 * (the kernel's workers and the flagged-pair sort call them millions of times at 20,000 tools).
 * compiled-calibration.test.ts compares both with the originals value by value.
 */
export type CompiledCalibration = { toScore(raw: number): number; fromScore(score: number): number };

export function compileCalibration(calibration: Calibration): CompiledCalibration {
  const count = calibration.anchors.length;
  const xs = Float64Array.from(calibration.anchors, (a) => a[0]);
  const ys = Float64Array.from(calibration.anchors, (a) => a[1]);
  const toScore = (raw: number): number => {
    const x = Number.isFinite(raw) ? Math.min(1, Math.max(-1, raw)) : 0;
    if (count === 0) return x;
    if (x <= xs[0]!) return ys[0]!;
    for (let i = 1; i < count; i++) {
      const x1 = xs[i]!;
      if (x > x1) continue;
      const x0 = xs[i - 1]!;
      const y0 = ys[i - 1]!;
      const y1 = ys[i]!;
      return x1 === x0 ? y1 : y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
    }
    return ys[count - 1]!;
  };
  const fromScore = (score: number): number => {
    if (count === 0) return score;
    if (score <= ys[0]!) return xs[0]!;
    for (let i = 1; i < count; i++) {
      const y1 = ys[i]!;
      if (score > y1) continue;
      const x0 = xs[i - 1]!;
      const x1 = xs[i]!;
      const y0 = ys[i - 1]!;
      return y1 === y0 ? x0 : x0 + ((score - y0) * (x1 - x0)) / (y1 - y0);
    }
    return xs[count - 1]!;
  };
  return { toScore, fromScore };
}
