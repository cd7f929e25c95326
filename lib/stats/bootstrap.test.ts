import { describe, expect, it } from 'vitest';
import { seededRandom } from '@/lib/seeded-random';
import { bootstrapF1, bootstrapMetric, bootstrapPairedDelta, quantileSorted } from './bootstrap';
import { computeMetric, type Counts } from './counts';
import { wilsonInterval } from './wilson';

const TP: Counts = { tp: 1, fp: 0, tn: 0, fn: 0 };
const FP: Counts = { tp: 0, fp: 1, tn: 0, fn: 0 };
const TN: Counts = { tp: 0, fp: 0, tn: 1, fn: 0 };
const FN: Counts = { tp: 0, fp: 0, tn: 0, fn: 1 };

function repeat(unit: Counts, times: number): Counts[] {
  return Array.from({ length: times }, () => unit);
}

/** Units drawn from fixed shares of TP, FN, FP and TN. */
function drawUnits(n: number, seed: number): Counts[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => {
    const u = random();
    return u < 0.6 ? TP : u < 0.75 ? FN : u < 0.85 ? FP : TN;
  });
}

describe('quantileSorted', () => {
  it('interpolates like R quantile type 7', () => {
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4], 0.025)).toBeCloseTo(1.075, 12);
    expect(quantileSorted([5], 0.9)).toBe(5);
  });
});

describe('bootstrapMetric / bootstrapF1', () => {
  it('states its method and is reproducible for a seed', () => {
    const units = drawUnits(60, 7);
    const first = bootstrapF1(units);
    expect(first.method).toBe('percentile bootstrap, 2000 resamples, seed 1');
    expect(bootstrapF1(units)).toEqual(first);
    const other = bootstrapF1(units, { seed: 2 });
    expect(other.method).toBe('percentile bootstrap, 2000 resamples, seed 2');
    expect(other.interval).not.toEqual(first.interval);
    expect(first.estimate).toBeCloseTo(computeMetric('f1', units.reduce((s, u) => ({ tp: s.tp + u.tp, fp: s.fp + u.fp, tn: s.tn + u.tn, fn: s.fn + u.fn }), { tp: 0, fp: 0, tn: 0, fn: 0 }))!, 12);
    expect(first.interval!.lower).toBeLessThan(first.estimate!);
    expect(first.interval!.upper).toBeGreaterThan(first.estimate!);
  });

  it('agrees with the Wilson interval for accuracy on a large sample', () => {
    const units = [...repeat(TP, 150), ...repeat(TN, 150), ...repeat(FN, 60), ...repeat(FP, 40)];
    const boot = bootstrapMetric(units, 'accuracy');
    const wilson = wilsonInterval(300, 400)!;
    expect(boot.estimate).toBe(0.75);
    expect(Math.abs(boot.interval!.lower - wilson.lower)).toBeLessThan(0.01);
    expect(Math.abs(boot.interval!.upper - wilson.upper)).toBeLessThan(0.01);
  });

  it('covers the true F1 about 95% of the time', () => {
    // Population F1 = 2(0.6) / (2(0.6) + 0.1 + 0.15).
    const truth = 1.2 / 1.45;
    let covered = 0;
    const trials = 100;
    for (let s = 0; s < trials; s++) {
      const { interval } = bootstrapF1(drawUnits(80, 1000 + s), { resamples: 1000, seed: s + 1 });
      if (interval && interval.lower <= truth && truth <= interval.upper) covered += 1;
    }
    expect(covered).toBeGreaterThanOrEqual(88);
    expect(covered).toBeLessThanOrEqual(99);
  });

  it('collapses on unanimous data and gives no interval for an undefined metric', () => {
    expect(bootstrapF1(repeat(TP, 12)).interval).toEqual({ lower: 1, upper: 1 });
    // Precision needs a pick: only misses and correct refusals leave it undefined.
    const none = bootstrapMetric([...repeat(FN, 5), ...repeat(TN, 5)], 'precision');
    expect(none).toMatchObject({ estimate: null, interval: null, usedResamples: 0 });
    expect(bootstrapF1([])).toMatchObject({ estimate: null, interval: null });
  });

  it('refuses nonsense settings', () => {
    expect(() => bootstrapF1([TP], { resamples: 0 })).toThrow(RangeError);
    expect(() => bootstrapF1([TP], { confidence: 95 })).toThrow(RangeError);
  });
});

describe('bootstrapPairedDelta', () => {
  it('resamples the units jointly: a uniform gain has an interval above zero', () => {
    // 30 units fixed (FN -> TP), 50 unchanged TP, 20 unchanged FN.
    const pairs = [...repeat(FN, 30).map((a) => ({ a, b: TP })), ...repeat(TP, 50).map((a) => ({ a, b: a })), ...repeat(FN, 20).map((a) => ({ a, b: a }))];
    const result = bootstrapPairedDelta(pairs, 'f1');
    expect(result.method).toBe('paired percentile bootstrap, 2000 resamples, seed 1');
    // F1 goes from 2*50/(100+50) to 2*80/(160+20).
    expect(result.estimate).toBeCloseTo(160 / 180 - 100 / 150, 12);
    expect(result.interval!.lower).toBeGreaterThan(0);
    expect(result.interval!.upper).toBeGreaterThan(result.estimate!);
  });

  it('is exactly zero when nothing changed', () => {
    const units = drawUnits(40, 3);
    const result = bootstrapPairedDelta(units.map((u) => ({ a: u, b: u })), 'f1');
    expect(result.estimate).toBe(0);
    expect(result.interval).toEqual({ lower: 0, upper: 0 });
  });
});
