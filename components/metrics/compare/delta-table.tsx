import type { BatchComparison } from '@/components/data/types';
import { ColumnHeads, type ColumnHead } from '@/components/ui/column-heads';
import styles from '../metrics.module.css';
import { DELTA_KEYS, DELTA_METRICS, describeDelta, formatMetricValue } from './delta-metrics';
import { SignificanceBadge } from './significance';

const COLUMNS: ColumnHead[] = ['Metric', ...['A (baseline)', 'B', 'Change', 'Significance (shared cases)'].map((label) => ({ label, key: label, className: styles.num }))];

const TONE_WORD = { better: 'better', worse: 'worse', same: 'no change', none: 'not comparable' } as const;

/** Each metric in A and B and the change from A to B: the arrow gives its direction, the colour whether it is an improvement. */
export function DeltaTable({ comparison }: { comparison: BatchComparison }) {
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
            const delta = describeDelta(metric, comparison.deltas[key]);
            return (
              <tr key={key} data-testid={`delta-${key}`}>
                <th scope="row">{metric.label}</th>
                <td className={styles.num}>{formatMetricValue(metric.kind, a)}</td>
                <td className={styles.num}>{formatMetricValue(metric.kind, b)}</td>
                <td className={`${styles.num} ${styles[`delta_${delta.tone}`]}`}>
                  <span aria-hidden="true">{delta.arrow} </span>
                  <span data-testid="delta-value">{delta.text}</span>
                  <span className="sr-only"> ({TONE_WORD[delta.tone]})</span>
                </td>
                <td className={styles.num}>{Object.hasOwn(comparison.significance, key) ? <SignificanceBadge value={comparison.significance[key as keyof BatchComparison['significance']]} /> : null}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
