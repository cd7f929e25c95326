import { Badge } from '@/components/ui/badge';
import { deltaText, estimateText, OUTCOME, pValueText } from '../format';
import type { MetricName, VariantDto } from '../types';
import { IntervalBar } from './interval-bar';

const METRICS: { id: MetricName; label: string }[] = [
  { id: 'f1', label: 'F1' },
  { id: 'precision', label: 'Precision' },
  { id: 'recall', label: 'Recall' },
  { id: 'accuracy', label: 'Accuracy' },
  { id: 'specificity', label: 'Specificity' },
];

/** A variant's metrics with 95% intervals and, for a non-baseline variant, the change against the baseline. */
export function MetricsTable({ variant, baseline }: { variant: VariantDto; baseline: boolean }) {
  const m = variant.metrics;
  if (!m) return <p className="muted">Metrics appear when this variant’s runs are done.</p>;
  const comparison = variant.comparison;
  return (
    <div className="exp-scroll">
    <table className="exp-metrics" data-testid="exp-metrics">
      <caption className="sr-only">Metrics of {variant.name} with 95% intervals{baseline ? '' : ', and the change against original'}</caption>
      <thead>
        <tr>
          <th scope="col">Metric</th>
          <th scope="col">Value [95% interval]</th>
          {baseline ? null : <th scope="col">Change vs original</th>}
        </tr>
      </thead>
      <tbody>
        {METRICS.map(({ id, label }) => {
          const e = m[id];
          const d = comparison?.metrics[id];
          return (
            <tr key={id} data-metric={id}>
              <th scope="row">{label}</th>
              <td>
                <span className="exp-estimate" title={e.method}>
                  {estimateText(e)}
                </span>
                <IntervalBar estimate={e} />
              </td>
              {baseline ? null : (
                <td>
                  {d ? (
                    <>
                      <span className="exp-delta" title={d.method}>
                        {deltaText(d)}
                      </span>{' '}
                      <Badge value={OUTCOME[d.outcome].label} tone={OUTCOME[d.outcome].tone} />
                      {pValueText(d.pValue) ? <span className="muted exp-small"> {pValueText(d.pValue)}</span> : null}
                    </>
                  ) : (
                    <span className="muted">waiting for both variants</span>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
    <details className="runs-details exp-small">
      <summary>
        TP {m.counts.tp} · FP {m.counts.fp} · TN {m.counts.tn} · FN {m.counts.fn} of {m.counts.total} · how the intervals are computed
      </summary>
      <p className="muted">
        F1: {m.f1.method}. Precision, recall, accuracy and specificity: {m.precision.method}.{comparison ? ` Change against original: ${comparison.metrics.f1.method}.` : ''}
      </p>
    </details>
    </div>
  );
}
