import type { ReactNode } from 'react';
import styles from '../metrics.module.css';

/**
 * A chart with its numbers in words: the caption is read by screen readers (and tests),
 * and an optional table shows every value on demand. Recharts makes the chart's SVG a
 * focusable "application" (arrow keys step through the data), so each chart passes a
 * `title` (its name) and the same summary as `desc`: a tab stop without a name says nothing.
 */
export function ChartFigure({ summary, testId, table, note, children }: { summary: string; testId: string; table?: ReactNode; note?: string; children: ReactNode }) {
  return (
    <figure className={styles.figure} data-testid={testId}>
      <figcaption className="sr-only">{summary}</figcaption>
      <div className={styles.chart}>{children}</div>
      {note ? <p className={styles.chartNote}>{note}</p> : null}
      {table ? (
        <details className={styles.details}>
          <summary>Show the numbers</summary>
          {table}
        </details>
      ) : null}
    </figure>
  );
}
