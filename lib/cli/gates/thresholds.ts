import { CLASSIFICATION_METRICS } from '../../stats/counts';
import type { GateResult, MetricSet, Results } from '../results/schema';
import type { Gates, MetricThresholds } from '../suite/schema';

const pct = (v: number | null) => (v === null ? 'n/a' : `${(v * 100).toFixed(1)}%`);

function check(id: string, metrics: MetricSet | undefined, thresholds: MetricThresholds, where: string): GateResult[] {
  return CLASSIFICATION_METRICS.flatMap((metric) => {
    const threshold = thresholds[metric];
    if (threshold === undefined) return [];
    const actual = metrics?.[metric] ?? null;
    const passed = actual !== null && actual >= threshold;
    return [{
      id: id ? `${id}:${metric}` : metric,
      metric,
      kind: 'minimum' as const,
      threshold,
      actual,
      status: passed ? ('passed' as const) : ('failed' as const),
      message: `${where} ${metric} ${pct(actual)} ${passed ? '>=' : '<'} ${pct(threshold)}${actual === null ? ' (no value: nothing to measure)' : ''}`,
    }];
  });
}

/** Minimum F1, precision, recall and accuracy overall and per tool. */
export function evaluateThresholds(gates: Gates, metrics: Results['metrics']): GateResult[] {
  return [
    ...check('', metrics.overall, gates, 'overall'),
    ...Object.entries(gates.perTool ?? {}).flatMap(([tool, t]) => check(`tool:${tool}`, metrics.perTool[tool], t, tool)),
  ];
}
