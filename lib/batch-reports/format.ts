import type { ModelMetrics } from '../metrics/summary';

/** A share as a percentage with one decimal; "—" where there is nothing to divide by. */
export function percent(x: number | null): string {
  return x === null ? '—' : `${(x * 100).toFixed(1)}%`;
}

export function modelLabel(provider: string | null, model: string | null): string {
  return `${provider ?? '?'}/${model ?? '?'}`;
}

export function modelMetricsLabel(m: Pick<ModelMetrics, 'provider' | 'model'>): string {
  return modelLabel(m.provider, m.model);
}

/** Mis-selections (expected != selected), most frequent first: the confusion summary of a report. */
export function topConfusions(cells: readonly { expected: string; selected: string; count: number }[], limit = 10) {
  return cells
    .filter((c) => c.expected !== c.selected)
    .sort((a, b) => b.count - a.count || a.expected.localeCompare(b.expected) || a.selected.localeCompare(b.selected))
    .slice(0, limit);
}
