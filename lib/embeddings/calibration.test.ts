import { describe, expect, it } from 'vitest';
import { EMBEDDING_MODEL_IDS } from './types';
import { calibrate, CONFUSION_THRESHOLD, deriveAnchors, measureSeparation } from './calibration';
import { calibrationFor, TINY_TEST_MODEL_ID, UNCALIBRATED } from './calibration-data';

describe('calibrate', () => {
  const calibration = { anchors: [[-1, 0], [0, 0.4], [0.3, 0.85], [1, 1]] as [number, number][], derivation: 'test' };

  it('interpolates between anchors and clamps outside [-1, 1]', () => {
    expect(calibrate(0.3, calibration)).toBeCloseTo(0.85);
    expect(calibrate(0.15, calibration)).toBeCloseTo(0.625);
    expect(calibrate(-0.5, calibration)).toBeCloseTo(0.2);
    expect(calibrate(1.2, calibration)).toBe(1);
    expect(calibrate(-3, calibration)).toBe(0);
    expect(calibrate(Number.NaN, calibration)).toBeCloseTo(0.4);
  });

  it('has monotone anchors from (-1, 0) to (1, 1) for every model, with the boundary at 0.85', () => {
    for (const model of [...EMBEDDING_MODEL_IDS, TINY_TEST_MODEL_ID]) {
      const { anchors, derivation } = calibrationFor(model);
      expect(anchors[0]).toEqual([-1, 0]);
      expect(anchors.at(-1)).toEqual([1, 1]);
      for (let i = 1; i < anchors.length; i++) {
        expect(anchors[i]![0]).toBeGreaterThan(anchors[i - 1]![0]);
        expect(anchors[i]![1]).toBeGreaterThan(anchors[i - 1]![1]);
      }
      expect(anchors.some(([, y]) => y === CONFUSION_THRESHOLD)).toBe(true);
      expect(derivation.length).toBeGreaterThan(40);
    }
    expect(calibrationFor('someone/else')).toBe(UNCALIBRATED);
  });
});

describe('measureSeparation and deriveAnchors', () => {
  it('puts the boundary where the groups separate, capped at 10% false alarms', () => {
    const different = Array.from({ length: 100 }, (_, i) => i / 200); // 0 .. 0.495
    const confusable = Array.from({ length: 50 }, (_, i) => 0.3 + i / 100); // 0.3 .. 0.79
    const figures = measureSeparation(confusable, different);
    expect(figures.boundary).toBeGreaterThanOrEqual(figures.youdenBoundary);
    expect(different.filter((d) => d >= figures.boundary).length).toBeLessThanOrEqual(10);
    expect(figures.trueNegativeRate).toBeGreaterThanOrEqual(0.9);
    expect(figures.auc).toBeGreaterThan(0.8);
    const anchors = deriveAnchors(figures);
    expect(anchors).toContainEqual([Math.round(figures.boundary * 10_000) / 10_000, 0.85]);
    const calibration = { anchors, derivation: 'test' };
    expect(calibrate(figures.boundary, calibration)).toBeCloseTo(0.85, 3);
  });

  it('drops a median on the wrong side of the boundary instead of breaking monotonicity', () => {
    expect(deriveAnchors({ differentMedian: 0.5, boundary: 0.4, confusableMedian: 0.3 })).toEqual([
      [-1, 0],
      [0.4, 0.85],
      [1, 1],
    ]);
  });
});
