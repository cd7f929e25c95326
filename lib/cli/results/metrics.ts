import { CLASSIFICATION_METRICS, computeMetric, countClassifications, type Counts } from '../../stats/counts';
import type { CaseResult, MetricSet, Results } from './schema';

function metricSet(counts: Counts): MetricSet {
  const rates = Object.fromEntries(CLASSIFICATION_METRICS.map((m) => [m, computeMetric(m, counts)])) as Pick<MetricSet, 'precision' | 'recall' | 'f1' | 'accuracy'>;
  return { ...counts, ...rates };
}

const judged = (cases: readonly CaseResult[]) => cases.flatMap((c) => (c.classification ? [c.classification] : []));

/**
 * Per tool (server/tool), one-vs-rest over the judged runs: TP the tool expected and picked,
 * FN expected but another or none picked, FP picked but not expected, TN neither.
 */
function toolCounts(cases: readonly CaseResult[], tool: string): Counts {
  const counts: Counts = { tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const c of cases) {
    if (!c.classification) continue;
    const expected = c.expected === tool;
    const picked = c.selected === tool;
    if (expected && picked) counts.tp++;
    else if (expected) counts.fn++;
    else if (picked) counts.fp++;
    else counts.tn++;
  }
  return counts;
}

export function computeMetrics(cases: readonly CaseResult[]): Results['metrics'] {
  const models = [...new Set(cases.map((c) => c.model))];
  const tools = [...new Set(cases.flatMap((c) => [c.expected, c.selected]).filter((t): t is string => t !== null && !t.startsWith('(')))].sort();
  return {
    overall: metricSet(countClassifications(judged(cases))),
    perModel: Object.fromEntries(models.map((m) => [m, metricSet(countClassifications(judged(cases.filter((c) => c.model === m))))])),
    perTool: Object.fromEntries(tools.map((t) => [t, metricSet(toolCounts(cases, t))])),
  };
}
