import { seededRandom } from '@/lib/seeded-random';
import { addCounts, computeMetric, emptyCounts, sumCounts, type ClassificationMetric, type Counts } from './counts';
import { assertLevel, DEFAULT_CONFIDENCE, type Interval } from './types';

/**
 * Seeded percentile bootstrap over units (cases, or case x model): F1 and precision have no
 * closed-form interval worth trusting at eval sizes, so the units are resampled with
 * replacement and the metric recomputed from the resampled units' summed counts. Resampling
 * units, not runs, keeps the samples of one case together. Same input and seed, same interval.
 */

export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_SEED = 1;

export type BootstrapOptions = { resamples?: number; seed?: number; confidence?: number };

export type BootstrapResult = {
  /** The metric on the data itself (for paired: variant minus baseline). */
  estimate: number | null;
  /** Null when the estimate is null or under half the resamples gave the metric a value. */
  interval: Interval | null;
  /** Resamples in which the metric had a value (e.g. precision needs at least one pick). */
  usedResamples: number;
  method: string;
};

export type PairedCounts = { a: Counts; b: Counts };

export function bootstrapMetric(units: readonly Counts[], metric: ClassificationMetric, options: BootstrapOptions = {}): BootstrapResult {
  const settings = resolve(options);
  const estimate = computeMetric(metric, sumCounts(units));
  const values = resampleValues(units.length, settings, (draw) => {
    const total = emptyCounts();
    for (const i of draw) addCounts(total, units[i]!);
    return computeMetric(metric, total);
  });
  return summarize(estimate, values, settings, 'percentile bootstrap');
}

export function bootstrapF1(units: readonly Counts[], options: BootstrapOptions = {}): BootstrapResult {
  return bootstrapMetric(units, 'f1', options);
}

/** The difference b - a, resampling the paired units jointly (the same units on both sides). */
export function bootstrapPairedDelta(pairs: readonly PairedCounts[], metric: ClassificationMetric, options: BootstrapOptions = {}): BootstrapResult {
  const settings = resolve(options);
  const estimate = delta(metric, sumCounts(pairs.map((p) => p.a)), sumCounts(pairs.map((p) => p.b)));
  const values = resampleValues(pairs.length, settings, (draw) => {
    const a = emptyCounts();
    const b = emptyCounts();
    for (const i of draw) {
      addCounts(a, pairs[i]!.a);
      addCounts(b, pairs[i]!.b);
    }
    return delta(metric, a, b);
  });
  return summarize(estimate, values, settings, 'paired percentile bootstrap');
}

/** Linear interpolation between order statistics (R's type 7), on sorted values. */
export function quantileSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError('no values');
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below]! + (position - below) * (sorted[above]! - sorted[below]!);
}

type Settings = { resamples: number; seed: number; confidence: number };

function resolve(options: BootstrapOptions): Settings {
  const settings = { resamples: options.resamples ?? DEFAULT_RESAMPLES, seed: options.seed ?? DEFAULT_SEED, confidence: options.confidence ?? DEFAULT_CONFIDENCE };
  assertLevel('confidence', settings.confidence);
  if (!Number.isInteger(settings.resamples) || settings.resamples < 1) throw new RangeError(`resamples must be a whole number >= 1, got ${settings.resamples}`);
  return settings;
}

function delta(metric: ClassificationMetric, a: Counts, b: Counts): number | null {
  const before = computeMetric(metric, a);
  const after = computeMetric(metric, b);
  return before === null || after === null ? null : after - before;
}

function resampleValues(n: number, settings: Settings, evaluate: (draw: Uint32Array) => number | null): number[] {
  if (n === 0) return [];
  const random = seededRandom(settings.seed);
  const draw = new Uint32Array(n);
  const values: number[] = [];
  for (let r = 0; r < settings.resamples; r++) {
    for (let i = 0; i < n; i++) draw[i] = Math.floor(random() * n);
    const value = evaluate(draw);
    if (value !== null) values.push(value);
  }
  return values.sort((x, y) => x - y);
}

function summarize(estimate: number | null, values: number[], settings: Settings, kind: string): BootstrapResult {
  const tail = (1 - settings.confidence) / 2;
  const usable = estimate !== null && values.length >= settings.resamples / 2;
  return {
    estimate,
    interval: usable ? { lower: quantileSorted(values, tail), upper: quantileSorted(values, 1 - tail) } : null,
    usedResamples: values.length,
    method: `${kind}, ${settings.resamples} resamples, seed ${settings.seed}`,
  };
}
