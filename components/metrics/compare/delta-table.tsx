import type { BatchComparison } from '@/components/data/types';
import { ColumnHeads, type ColumnHead } from '@/components/ui/column-heads';
import styles from '../metrics.module.css';
import { NONE } from '../format';
import { DELTA_KEYS, DELTA_METRICS, describeDelta, formatMetricValue, isSharedKey, type DeltaMetric } from './delta-metrics';
import { SignificanceBadge } from './significance';

const COLUMNS: ColumnHead[] = ['Metric', ...['A (baseline)', 'B', 'Change', 'Significance (shared cases)'].map((label) => ({ label, key: label, className: styles.num }))];

const TONE_WORD = { better: 'better', worse: 'worse', same: 'no change', none: 'not comparable' } as const;

type Props = { comparison: BatchComparison };

function ChangeCell({ metric, delta, testId }: { metric: DeltaMetric; delta: number | null; testId: string }) {
  const d = describeDelta(metric, delta);
  return (
    <td className={`${styles.num} ${styles[`delta_${d.tone}`]}`}>
      <span aria-hidden="true">{d.arrow} </span>
      <span data-testid={testId}>{d.text}</span>
      <span className="sr-only"> ({TONE_WORD[d.tone]})</span>
    </td>
  );
}

function SignificanceCell({ comparison, metricKey }: { comparison: BatchComparison; metricKey: string }) {
  return (
    <td className={styles.num}>
      {Object.hasOwn(comparison.significance, metricKey) ? <SignificanceBadge value={comparison.significance[metricKey as keyof BatchComparison['significance']]} /> : null}
    </td>
  );
}

/**
 * Each metric in A and B and the change from A to B: the arrow gives its direction, the colour whether it is an
 * improvement. When the batches ran different case x model units, the classification metrics are compared over the
 * units both ran, and each batch's whole-batch figures stand beside them, each group labelled.
 */
export function DeltaTable({ comparison }: Props) {
  return comparison.shared.onlyA + comparison.shared.onlyB > 0 ? <SplitDeltaTable comparison={comparison} /> : <SameUnitsDeltaTable comparison={comparison} />;
}

/** Both batches ran the same units: the shared figures are the whole batches'. */
function SameUnitsDeltaTable({ comparison }: Props) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.dataTable} data-testid="compare-deltas">
        <caption className="sr-only">Metrics of batch A and batch B and the change from A to B</caption>
        <ColumnHeads columns={COLUMNS} />
        <tbody>
          {DELTA_KEYS.map((key) => {
            const metric = DELTA_METRICS[key];
            const a = metric.read(comparison.a);
            const b = metric.read(comparison.b);
            if (a === null && b === null) return null;
            return (
              <tr key={key} data-testid={`delta-${key}`}>
                <th scope="row">{metric.label}</th>
                <td className={styles.num}>{formatMetricValue(metric.kind, a)}</td>
                <td className={styles.num}>{formatMetricValue(metric.kind, b)}</td>
                <ChangeCell metric={metric} delta={comparison.deltas[key]} testId="delta-value" />
                <SignificanceCell comparison={comparison} metricKey={key} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Different units: "Shared units" (A, B, change) and "Whole batch" (A, B, change) as two labelled column groups. */
function SplitDeltaTable({ comparison }: Props) {
  const { shared } = comparison;
  const num = styles.num;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.dataTable} data-testid="compare-deltas" data-split="true">
        <caption className="sr-only">
          Metrics of batch A and batch B: over the {shared.units} case x model units both ran, and over each whole batch, with the change from A to B
        </caption>
        <colgroup span={1} />
        <colgroup span={3} />
        <colgroup span={3} />
        <colgroup span={1} />
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Metric
            </th>
            <th scope="colgroup" colSpan={3} className={num} data-testid="compare-shared-head">
              Shared units ({shared.units} case x model)
            </th>
            <th scope="colgroup" colSpan={3} className={num}>
              Whole batch
            </th>
            <th scope="col" rowSpan={2} className={num}>
              Significance (shared cases)
            </th>
          </tr>
          <tr>
            {['A (baseline)', 'B', 'Change', 'A (baseline)', 'B', 'Change'].map((label, i) => (
              <th key={`${label}-${i}`} scope="col" className={num}>
                {label}
                <span className="sr-only">{i < 3 ? ', shared units' : ', whole batch'}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {DELTA_KEYS.map((key) => {
            const metric = DELTA_METRICS[key];
            const a = metric.read(comparison.a);
            const b = metric.read(comparison.b);
            if (a === null && b === null) return null;
            const onShared = isSharedKey(key);
            return (
              <tr key={key} data-testid={`delta-${key}`}>
                <th scope="row">{metric.label}</th>
                {onShared ? (
                  <>
                    <td className={num}>{formatMetricValue(metric.kind, shared.a[key])}</td>
                    <td className={num}>{formatMetricValue(metric.kind, shared.b[key])}</td>
                    <ChangeCell metric={metric} delta={comparison.deltas[key]} testId="delta-value" />
                  </>
                ) : (
                  <td colSpan={3} className={`${num} muted`}>
                    {NONE}
                    <span className="sr-only"> not counted per case x model unit; see the whole batch</span>
                  </td>
                )}
                <td className={num}>{formatMetricValue(metric.kind, a)}</td>
                <td className={num}>{formatMetricValue(metric.kind, b)}</td>
                <ChangeCell metric={metric} delta={comparison.batchDeltas[key]} testId="delta-batch-value" />
                <SignificanceCell comparison={comparison} metricKey={key} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
