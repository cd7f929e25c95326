import { describe, expect, it } from 'vitest';
import { calibrate } from '@/lib/embeddings/calibration';
import { calibratedScale, identityScale } from './score-scale';
import type { Calibration } from '@/lib/embeddings/types';

const CALIBRATION: Calibration = {
  anchors: [
    [-1, 0],
    [0.2, 0.4],
    [0.55, 0.85],
    [0.7, 0.92],
    [1, 1],
  ],
  derivation: 'test',
};

describe('score scales', () => {
  const scale = calibratedScale(CALIBRATION, calibrate);

  it.each([0.5, 0.85, 0.9, 0.3, 0.99])('flags by raw score exactly where the calibrated score reaches %f', (threshold) => {
    const cut = scale.rawCutFor(threshold);
    for (let raw = -1; raw <= 1; raw += 0.0007) {
      const flagged = scale.score(raw) >= threshold;
      // The scan keeps everything at or above the cut; the exact score then decides.
      if (flagged) expect(raw).toBeGreaterThanOrEqual(cut);
    }
    expect(scale.score(cut + 1e-3)).toBeGreaterThanOrEqual(threshold - 1e-3);
  });

  it('maps the anchors and rounds to 4 decimals', () => {
    expect(scale.score(0.55)).toBe(0.85);
    expect(scale.score(1)).toBe(1);
    expect(scale.score(0.123456)).toBe(Math.round(calibrate(0.123456, CALIBRATION) * 1e4) / 1e4);
  });

  it('cannot flag anything above what the model reaches', () => {
    const flat = calibratedScale({ anchors: [[-1, 0], [1, 0.5]], derivation: 'test' }, calibrate);
    expect(flat.rawCutFor(0.85)).toBe(Infinity);
  });

  it('reports TF-IDF scores as they are, clamped to [0, 1]', () => {
    expect(identityScale.score(0.42424242)).toBe(0.4242);
    expect(identityScale.score(1.0000001)).toBe(1);
    expect(identityScale.rawCutFor(0.85)).toBeLessThan(0.85);
  });
});
