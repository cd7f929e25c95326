import type { MetricsSummary } from '@/components/data/types';
import { isDeterministicProvider } from '@/lib/eval/judge/confidence';
import { CONFIDENCE_SOURCE_SHORT, CONFIDENCE_SOURCE_LONG, type ConfidenceSource } from '@/lib/metrics/matrix/confidence-source';

export type SourceNote = { source: ConfidenceSource; label: string; text: string };

/**
 * Which confidence sources the /metrics figures in view mix, from the per-model rows and pass^k:
 * the local router (a deterministic provider) gives its score margin; another model gives the
 * agreement of its samples when runs had samples >= 2 (pass^k counts them), its self-assessment
 * with one sample. When some runs had several samples and some one, both are named.
 */
export function confidenceSourcesInView(summary: Pick<MetricsSummary, 'byModel' | 'passK' | 'counts'>): SourceNote[] {
  const deterministic = summary.byModel.filter((m) => m.provider !== null && isDeterministicProvider(m.provider) && m.counts.total > 0);
  const others = summary.byModel.filter((m) => !(m.provider !== null && isDeterministicProvider(m.provider)) && m.counts.total > 0);
  const names = (ms: typeof summary.byModel) => ms.map((m) => `${m.provider ?? '?'}/${m.model ?? '?'}`).join(', ');
  const notes: SourceNote[] = [];
  const note = (source: ConfidenceSource, who: string) => notes.push({ source, label: CONFIDENCE_SOURCE_SHORT[source], text: `${who}: from ${CONFIDENCE_SOURCE_LONG[source]}` });
  if (deterministic.length > 0) note('local_margin', names(deterministic));
  if (others.length > 0) {
    const sampled = summary.passK?.runs ?? 0;
    const allSampled = sampled >= summary.counts.total;
    if (sampled > 0) note('sample_agreement', allSampled ? names(others) : `${names(others)}, runs with 2 or more samples`);
    if (!allSampled) note('self_assessment', sampled > 0 ? `${names(others)}, runs with one sample` : names(others));
  }
  return notes;
}
