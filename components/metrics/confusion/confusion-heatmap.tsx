'use client';

import type { MetricsSummary } from '@/components/data/types';
import type { MetricsFilterValues } from '../filters/filter-params';
import styles from '../metrics.module.css';
import { heatColours } from './heat-colour';
import { cellTitle, usePairSimilarity } from './pair-similarity';

type Matrix = MetricsSummary['confusionMatrix'];

/**
 * Expected tool (rows) against selected tool (columns) as a real table, so screen readers
 * announce both headers for each count; the title gives the same sentence on hover, and for a
 * mistake between two tools the similarity of their descriptions (also read out after the count).
 */
export function ConfusionHeatmap({ matrix, filters }: { matrix: Matrix; filters: MetricsFilterValues }) {
  const { confusions, lookup } = usePairSimilarity(filters);
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
                const confusion = correct ? undefined : lookup(expected, selected);
                const similarity = confusion && confusion.expected && confusion.selected ? (confusion.similarity === null ? 'n/a' : confusion.similarity.toFixed(2)) : null;
                return (
                  <td
                    key={selected}
                    className={styles.heatCell}
                    style={heatColours(count, max, correct)}
                    title={cellTitle(expected, selected, count, confusion, confusions.isPending)}
                    data-testid="confusion-cell"
                    data-expected={expected}
                    data-selected={selected}
                    data-similarity={similarity ?? undefined}
                  >
                    {count}
                    {similarity !== null ? <span className="sr-only">, similarity {similarity}</span> : null}
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
