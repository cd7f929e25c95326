'use client';

import { Suspense, useRef, type ReactNode } from 'react';
import { useProgressiveMount } from '@/components/ui/progressive';
import styles from '../metrics.module.css';
import { loadPlots } from './lazy-plots';
import { PlotBoundary } from './plot-boundary';

/**
 * A chart with its numbers in words: the caption is read by screen readers (and tests),
 * and an optional table shows every value on demand. Recharts makes the chart's SVG a
 * focusable "application" (arrow keys step through the data), so each chart passes a
 * `title` (its name) and the same summary as `desc`: a tab stop without a name says nothing.
 *
 * The caption and table are there at once; the chart itself is drawn progressively (when it
 * nears the viewport, or in idle time, once the lazily loaded plot modules are in), in a
 * box of its final `height` so nothing jumps. The placeholder is marked
 * data-progressive="pending" until the chart replaces it.
 */
export function ChartFigure({ summary, testId, height, table, note, children }: { summary: string; testId: string; height: number; table?: ReactNode; note?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const due = useProgressiveMount(box, loadPlots);
  const placeholder = <div className={styles.chartPending} style={{ height }} aria-hidden="true" data-progressive="pending" />;
  return (
    <figure className={styles.figure} data-testid={testId}>
      <figcaption className="sr-only">{summary}</figcaption>
      <div ref={box} className={styles.chart} style={{ minHeight: height }} data-progressive="view">
        {due ? (
          <PlotBoundary height={height}>
            <Suspense fallback={placeholder}>{children}</Suspense>
          </PlotBoundary>
        ) : (
          placeholder
        )}
      </div>
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
