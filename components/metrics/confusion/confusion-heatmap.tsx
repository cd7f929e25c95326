import type { MetricsSummary } from '@/components/data/types';
import styles from '../metrics.module.css';
import { heatColours } from './heat-colour';

type Matrix = MetricsSummary['confusionMatrix'];

const runs = (n: number) => `${n} run${n === 1 ? '' : 's'}`;

/**
 * Expected tool (rows) against selected tool (columns) as a real table, so screen readers
 * announce both headers for each count; the title gives the same sentence on hover.
 */
export function ConfusionHeatmap({ matrix }: { matrix: Matrix }) {
  const counts = new Map(matrix.cells.map((c) => [`${c.expected}\u0000${c.selected}`, c.count]));
  const max = Math.max(0, ...matrix.cells.map((c) => c.count));
  return (
    <div className={styles.heatmapWrap} tabIndex={0} role="region" aria-label="Confusion matrix (scrollable)">
      <table className={styles.heatmap} data-testid="confusion-matrix">
        <caption className="sr-only">Runs per expected tool (rows) and selected tool (columns); none means no tool.</caption>
        <thead>
          <tr>
            <th scope="col" className={styles.heatCorner}>
              <span>expected ↓</span>
              <span>selected →</span>
            </th>
            {matrix.labels.map((label) => (
              <th key={label} scope="col" className={styles.heatColHead} title={label}>
                <span>{label}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.labels.map((expected) => (
            <tr key={expected}>
              <th scope="row" className={styles.heatRowHead}>
                {expected}
              </th>
              {matrix.labels.map((selected) => {
                const count = counts.get(`${expected}\u0000${selected}`) ?? 0;
                const correct = expected === selected;
                if (count === 0) {
                  return (
                    <td key={selected} className={`${styles.heatCell} ${correct ? styles.heatDiagonal : ''}`}>
                      <span className="sr-only">0</span>
                    </td>
                  );
                }
                return (
                  <td
                    key={selected}
                    className={styles.heatCell}
                    style={heatColours(count, max, correct)}
                    title={`Expected ${expected}, selected ${selected}: ${runs(count)}`}
                    data-testid="confusion-cell"
                    data-expected={expected}
                    data-selected={selected}
                  >
                    {count}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
