import type { Delta, DeltaOutcome, Estimate, ExperimentDto, ExperimentStatus } from './types';

type ExperimentProgress = ExperimentDto['progress'];

export const NONE = '—';

const fixed = (n: number) => n.toFixed(2);
const signed = (n: number) => (n === 0 ? '0.00' : `${n > 0 ? '+' : '−'}${Math.abs(n).toFixed(2)}`);

/** "0.82 [0.71, 0.90]": the value and its 95% interval as text; a dash when undefined (no positives, no runs). */
export function estimateText(e: Estimate | null | undefined): string {
  if (!e || e.value === null) return NONE;
  return e.low === null || e.high === null ? fixed(e.value) : `${fixed(e.value)} [${fixed(e.low)}, ${fixed(e.high)}]`;
}

/** "+0.12 [+0.03, +0.21]". */
export function deltaText(d: Delta | null | undefined): string {
  if (!d || d.delta === null) return NONE;
  return d.low === null || d.high === null ? signed(d.delta) : `${signed(d.delta)} [${signed(d.low)}, ${signed(d.high)}]`;
}

export function pValueText(p: number | null): string | null {
  if (p === null) return null;
  return p < 0.001 ? 'p < 0.001' : `p = ${p.toFixed(3)}`;
}

export const OUTCOME: Record<DeltaOutcome, { label: string; tone: 'ok' | 'bad' | 'idle' | 'info' }> = {
  improved: { label: 'improved', tone: 'ok' },
  regressed: { label: 'regressed', tone: 'bad' },
  no_significant_change: { label: 'no significant change', tone: 'idle' },
  too_few_cases: { label: 'too few cases to tell', tone: 'info' },
};

/** Left and width (in %) of an interval and its point on a 0..1 scale, for the small interval bar. */
export function intervalGeometry(e: Estimate): { left: number; width: number; point: number } | null {
  if (e.value === null) return null;
  const clamp = (n: number) => Math.min(100, Math.max(0, n * 100));
  const low = clamp(e.low ?? e.value);
  const high = clamp(e.high ?? e.value);
  return { left: low, width: Math.max(0, high - low), point: clamp(e.value) };
}

export function isActive(status: ExperimentStatus): boolean {
  return status === 'pending' || status === 'running';
}

export function finished(p: ExperimentProgress): number {
  return p.completed + p.failed + p.cancelled;
}

export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? word : many}`;
}
