import { seededRandom } from '@/lib/seeded-random';
import { computeMetric, sumCounts, type ClassificationMetric, type Counts } from './counts';
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
  const flat = flatten(units);
  const values = resampleValues(units.length, settings, (draw) => computeMetric(metric, sumDrawn(flat, draw)));
  return summarize(estimate, values, settings, 'percentile bootstrap');
}

export function bootstrapF1(units: readonly Counts[], options: BootstrapOptions = {}): BootstrapResult {
  return bootstrapMetric(units, 'f1', options);
}

/** The difference b - a, resampling the paired units jointly (the same units on both sides). */
export function bootstrapPairedDelta(pairs: readonly PairedCounts[], metric: ClassificationMetric, options: BootstrapOptions = {}): BootstrapResult {
  return bootstrapPairedDeltas(pairs, [metric], options)[metric]!;
}

/** bootstrapPairedDelta for several metrics from the same resamples (one pass, same results). */
export function bootstrapPairedDeltas<M extends ClassificationMetric>(
  pairs: readonly PairedCounts[],
  metrics: readonly M[],
  options: BootstrapOptions = {},
): Partial<Record<M, BootstrapResult>> {
  const settings = resolve(options);
  const a = sumCounts(pairs.map((p) => p.a));
  const b = sumCounts(pairs.map((p) => p.b));
  const flatA = flatten(pairs.map((p) => p.a));
  const flatB = flatten(pairs.map((p) => p.b));
  const values = metrics.map((): number[] => []);
  forEachResample(pairs.length, settings, (draw) => {
    const drawnA = sumDrawn(flatA, draw);
    const drawnB = sumDrawn(flatB, draw);
    metrics.forEach((metric, k) => {
      const value = delta(metric, drawnA, drawnB);
      if (value !== null) values[k]!.push(value);
    });
  });
  const results: Partial<Record<M, BootstrapResult>> = {};
  metrics.forEach((metric, k) => {
    results[metric] = summarize(delta(metric, a, b), values[k]!.sort((x, y) => x - y), settings, 'paired percentile bootstrap');
  });
  return results;
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

// Counts as one flat array (tp, fp, tn, fn per unit): the resampling loop is the hot path.
function flatten(units: readonly Counts[]): Float64Array {
  const flat = new Float64Array(units.length * 4);
  units.forEach((u, i) => flat.set([u.tp, u.fp, u.tn, u.fn], i * 4));
  return flat;
}

function sumDrawn(flat: Float64Array, draw: Uint32Array): Counts {
  let tp = 0;
  let fp = 0;
  let tn = 0;
  let fn = 0;
  for (let k = 0; k < draw.length; k++) {
    const at = draw[k]! * 4;
    tp += flat[at]!;
    fp += flat[at + 1]!;
    tn += flat[at + 2]!;
    fn += flat[at + 3]!;
  }
  return { tp, fp, tn, fn };
}

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

function forEachResample(n: number, settings: Settings, visit: (draw: Uint32Array) => void): void {
  if (n === 0) return;
  const random = seededRandom(settings.seed);
  const draw = new Uint32Array(n);
  for (let r = 0; r < settings.resamples; r++) {
    for (let i = 0; i < n; i++) draw[i] = Math.floor(random() * n);
    visit(draw);
  }
}

function resampleValues(n: number, settings: Settings, evaluate: (draw: Uint32Array) => number | null): number[] {
  const values: number[] = [];
  forEachResample(n, settings, (draw) => {
    const value = evaluate(draw);
    if (value !== null) values.push(value);
  });
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
