import type { BatchComparison, MetricsSummary } from '@/components/data/types';
import { NONE, formatCount, formatMs, formatRate, formatScore } from '../format';

type Kind = 'rate' | 'score' | 'ms' | 'count';
type DeltaKey = keyof BatchComparison['deltas'];
export type DeltaMetric = { label: string; kind: Kind; higherIsBetter: boolean; read: (s: MetricsSummary) => number | null };
export type DeltaTone = 'better' | 'worse' | 'same' | 'none';

/** Every delta the API computes (the Record type keeps this list complete), in display order. */
export const DELTA_METRICS: Record<DeltaKey, DeltaMetric> = {
  f1: { label: 'F1', kind: 'rate', higherIsBetter: true, read: (s) => s.f1 },
  precision: { label: 'Precision', kind: 'rate', higherIsBetter: true, read: (s) => s.precision },
  recall: { label: 'Recall', kind: 'rate', higherIsBetter: true, read: (s) => s.recall },
  accuracy: { label: 'Accuracy', kind: 'rate', higherIsBetter: true, read: (s) => s.accuracy },
  specificity: { label: 'Specificity', kind: 'rate', higherIsBetter: true, read: (s) => s.specificity },
  parameterCompleteness: { label: 'Parameter completeness', kind: 'rate', higherIsBetter: true, read: (s) => s.parameters.completeness },
  parameterCorrectness: { label: 'Parameter correctness', kind: 'rate', higherIsBetter: true, read: (s) => s.parameters.correctness },
  typeConformance: { label: 'Type conformance', kind: 'rate', higherIsBetter: true, read: (s) => s.parameters.typeConformance },
  confidenceAverage: { label: 'Average confidence', kind: 'score', higherIsBetter: true, read: (s) => s.confidence.average },
  passKRate: { label: 'pass^k', kind: 'rate', higherIsBetter: true, read: (s) => s.passK?.rate ?? null },
  latencyP50: { label: 'Latency p50', kind: 'ms', higherIsBetter: false, read: (s) => s.latency.p50 },
  latencyP95: { label: 'Latency p95', kind: 'ms', higherIsBetter: false, read: (s) => s.latency.p95 },
  latencyMean: { label: 'Latency mean', kind: 'ms', higherIsBetter: false, read: (s) => s.latency.mean },
  tokensTotal: { label: 'Tokens', kind: 'count', higherIsBetter: false, read: (s) => s.tokens.total },
};

export const DELTA_KEYS = Object.keys(DELTA_METRICS) as DeltaKey[];

/** The metrics the API compares over the shared case x model units (lib/metrics/compare SHARED_DELTA_METRICS). */
export type SharedKey = keyof BatchComparison['shared']['a'] & DeltaKey;
const SHARED_KEYS: readonly SharedKey[] = ['f1', 'precision', 'recall', 'accuracy', 'specificity'];
export const isSharedKey = (key: DeltaKey): key is SharedKey => (SHARED_KEYS as readonly DeltaKey[]).includes(key);

export function formatMetricValue(kind: Kind, value: number | null): string {
  if (kind === 'rate') return formatRate(value);
  if (kind === 'score') return formatScore(value);
  if (kind === 'ms') return formatMs(value);
  return formatCount(value);
}

/** The delta in the unit people read: percentage points for rates; rounded to what is shown. */
function displayed(kind: Kind, delta: number): { amount: number; text: string } {
  if (kind === 'rate') {
    const pp = Math.round(delta * 1000) / 10;
    return { amount: pp, text: `${Math.abs(pp).toFixed(1)} pp` };
  }
  if (kind === 'score') {
    const v = Math.round(delta * 100) / 100;
    return { amount: v, text: Math.abs(v).toFixed(2) };
  }
  const v = Math.round(delta);
  return { amount: v, text: kind === 'ms' ? `${Math.abs(v).toLocaleString('en-US')} ms` : Math.abs(v).toLocaleString('en-US') };
}

/** "+5.0 pp", "−12 ms" (a real minus sign) or "0.0 pp", with whether it is good news. */
export function describeDelta(metric: DeltaMetric, delta: number | null): { text: string; tone: DeltaTone; arrow: string } {
  if (delta === null) return { text: NONE, tone: 'none', arrow: '' };
  const { amount, text } = displayed(metric.kind, delta);
  if (amount === 0) return { text, tone: 'same', arrow: '' };
  const better = amount > 0 === metric.higherIsBetter;
  return { text: `${amount > 0 ? '+' : '\u2212'}${text}`, tone: better ? 'better' : 'worse', arrow: amount > 0 ? '▲' : '▼' };
}
