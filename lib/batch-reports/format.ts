import type { ModelMetrics } from '../metrics/summary';
import type { CallMetrics } from '../metrics/calls';
import { CONFIDENCE_SOURCE_LONG, CONFIDENCE_SOURCE_SHORT, CONFIDENCE_SOURCES } from '../metrics/matrix/confidence-source';
import type { BatchReportRun } from './types';

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

/** "25.0% (self-reported)": a confidence never without its source. */
export function confidenceText(run: Pick<BatchReportRun, 'confidence' | 'confidenceSource'>): string {
  if (run.confidence === null) return '—';
  return run.confidenceSource ? `${percent(run.confidence)} (${CONFIDENCE_SOURCE_SHORT[run.confidenceSource]})` : percent(run.confidence);
}

/** The sources of the confidences in the report, one line each: "self-reported: the model's self-assessment ...". */
export function confidenceSourceNotes(runs: readonly BatchReportRun[]): string[] {
  const used = new Set(runs.map((r) => r.confidenceSource));
  return CONFIDENCE_SOURCES.filter((s) => used.has(s)).map((s) => `${CONFIDENCE_SOURCE_SHORT[s]}: from ${CONFIDENCE_SOURCE_LONG[s]}`);
}

/** A sequence run's calls and steps, "2/2 calls, 3 steps" (+ "1 extra" for unexpected calls); "—" for a selection run. */
export function callsText(run: Pick<BatchReportRun, 'calls' | 'steps'>): string {
  if (!run.calls) return '—';
  const { tp, fp, fn } = run.calls;
  const steps = run.steps === null ? '' : `, ${run.steps} ${run.steps === 1 ? 'step' : 'steps'}`;
  return `${tp}/${tp + fn} calls${fp > 0 ? `, ${fp} extra` : ''}${steps}`;
}

/** The per-call line of the sequence runs: "Sequence runs 3, per call: precision ..., recall ..., F1 ... (TP 5, FP 1, FN 1); 2.7 steps a case". */
export function callMetricsLine(c: CallMetrics): string {
  const steps = c.perCase.steps.mean === null ? '—' : c.perCase.steps.mean.toFixed(1);
  return `${c.runs} sequence ${c.runs === 1 ? 'run' : 'runs'}, per call: precision ${percent(c.precision)}, recall ${percent(c.recall)}, F1 ${percent(c.f1)} (TP ${c.counts.tp}, FP ${c.counts.fp}, FN ${c.counts.fn}), argument correctness ${percent(c.argumentCorrectness)}; per case: accuracy ${percent(c.perCase.accuracy)}, ${steps} steps a case (max ${c.perCase.steps.max ?? '—'})`;
}
