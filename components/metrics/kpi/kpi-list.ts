import type { MetricsSummary } from '@/components/data/types';
import { confidenceSourcesInView } from '../confidence-sources';
import { formatCount, formatMs, formatRate, formatScore } from '../format';

export type Kpi = { key: string; label: string; value: string; hint: string; tone?: 'ok' | 'bad' };
export type KpiGroup = { title: string; items: Kpi[] };

/** The headline numbers of a summary, grouped as the page shows them; keys become test ids. */
export function buildKpiGroups(s: MetricsSummary): KpiGroup[] {
  const c = s.counts;
  // Where the average comes from, as the confidence chart's note says: router margin, sample agreement or self-assessment.
  const sources = confidenceSourcesInView(s).map((n) => n.label);
  const label = sources.length ? sources.join(' + ') : 'no confidence yet';
  const confidenceHint = `${label.charAt(0).toUpperCase()}${label.slice(1)}, 0 to 1`;
  const passK: Kpi[] = s.passK
    ? [{ key: 'pass-k', label: 'pass^k', value: formatRate(s.passK.rate), hint: `${formatCount(s.passK.passed)} of ${formatCount(s.passK.runs)} runs right in every sample` }]
    : [];
  return [
    {
      title: 'Tool selection',
      items: [
        { key: 'f1', label: 'F1', value: formatRate(s.f1), hint: 'Balance of precision and recall' },
        { key: 'precision', label: 'Precision', value: formatRate(s.precision), hint: 'Tool calls that were the right tool' },
        { key: 'recall', label: 'Recall', value: formatRate(s.recall), hint: 'Expected tools that were called' },
        { key: 'accuracy', label: 'Accuracy', value: formatRate(s.accuracy), hint: 'Runs judged correct (TP + TN)' },
        { key: 'specificity', label: 'Specificity', value: formatRate(s.specificity), hint: 'No-tool cases left alone' },
      ],
    },
    {
      title: 'Outcomes',
      items: [
        { key: 'tp', label: 'True positives', value: formatCount(c.tp), hint: 'Right tool called', tone: 'ok' },
        { key: 'fp', label: 'False positives', value: formatCount(c.fp), hint: 'A tool called when none, or another, was expected', tone: 'bad' },
        { key: 'tn', label: 'True negatives', value: formatCount(c.tn), hint: 'Rightly called no tool', tone: 'ok' },
        { key: 'fn', label: 'False negatives', value: formatCount(c.fn), hint: 'Expected tool not called', tone: 'bad' },
        { key: 'runs', label: 'Evaluated runs', value: formatCount(c.total), hint: s.runs.failed ? `${formatCount(s.runs.failed)} failed run(s) not counted` : 'Completed and classified' },
      ],
    },
    {
      title: 'Arguments, confidence and cost',
      items: [
        { key: 'param-completeness', label: 'Parameter completeness', value: formatRate(s.parameters.completeness), hint: `Average over ${formatCount(s.parameters.measuredRuns)} scored runs` },
        { key: 'param-correctness', label: 'Parameter correctness', value: formatRate(s.parameters.correctness), hint: 'Expected values matched' },
        { key: 'type-conformance', label: 'Type conformance', value: formatRate(s.parameters.typeConformance), hint: 'Arguments valid against the schema' },
        { key: 'confidence', label: 'Average confidence', value: formatScore(s.confidence.average), hint: confidenceHint },
        ...passK,
        { key: 'latency-p50', label: 'Latency p50', value: formatMs(s.latency.p50), hint: `Mean ${formatMs(s.latency.mean)}` },
        { key: 'latency-p95', label: 'Latency p95', value: formatMs(s.latency.p95), hint: 'Slowest 5% above this' },
        { key: 'tokens', label: 'Tokens', value: formatCount(s.tokens.total), hint: `${formatCount(s.tokens.input)} in, ${formatCount(s.tokens.output)} out` },
      ],
    },
  ];
}
