'use client';

import type { MetricsSummary } from '@/components/data/types';
import styles from '../metrics.module.css';
import type { SourceNote } from '../confidence-sources';
import { formatScore } from '../format';
import { ChartFigure } from './chart-figure';
import { COLOURS } from './chart-theme';
import { ConfidencePlot } from './lazy-plots';

type Confidence = MetricsSummary['confidence'];

const CATEGORIES = [
  { key: 'robust', label: 'Robust', colour: COLOURS.ok, meaning: 'confident (≥ 0.7) and correct' },
  { key: 'misleading', label: 'Misleading', colour: COLOURS.bad, meaning: 'confident (≥ 0.7) but wrong: the risky ones' },
  { key: 'needsClarity', label: 'Needs clarity', colour: COLOURS.idle, meaning: 'confidence under 0.7' },
  { key: 'unrated', label: 'Unrated', colour: COLOURS.muted, meaning: 'no confidence reported' },
] as const satisfies readonly { key: keyof Omit<Confidence, 'average'>; label: string; colour: string; meaning: string }[];

const HEIGHT = 190;

/** How sure the model was against whether it was right (SPEC section 4: categories). */
export function ConfidenceChart({ confidence, sources = [] }: { confidence: Confidence; sources?: SourceNote[] }) {
  const data = CATEGORIES.map((c) => ({ label: c.label, count: confidence[c.key], colour: c.colour }));
  const summary = `Confidence categories: ${data.map((d) => `${d.label} ${d.count}`).join(', ')}. Average confidence ${formatScore(confidence.average)}.`;
  return (
    <>
      <ChartFigure summary={summary} testId="chart-confidence" height={HEIGHT}>
        <ConfidencePlot data={data} summary={summary} height={HEIGHT} />
      </ChartFigure>
      <dl className={styles.legendList}>
        {CATEGORIES.map((c) => (
          <div key={c.key}>
            <dt>
              <span className={styles.swatch} style={{ background: c.colour }} aria-hidden="true" /> {c.label}: {confidence[c.key]}
            </dt>
            <dd>{c.meaning}</dd>
          </div>
        ))}
      </dl>
      {sources.length > 0 ? (
        <p className="muted" data-testid="confidence-sources">
          {sources.length > 1 ? 'These confidences mix measures. ' : 'Where the confidence comes from: '}
          {sources.map((s, i) => (
            <span key={s.source}>
              {i > 0 ? '; ' : ''}
              <strong>{s.label}</strong> ({s.text})
            </span>
          ))}
          .
        </p>
      ) : null}
    </>
  );
}
