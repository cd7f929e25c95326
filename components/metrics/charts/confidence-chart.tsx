'use client';

import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricsSummary } from '@/components/data/types';
import styles from '../metrics.module.css';
import { formatScore } from '../format';
import { ChartFigure } from './chart-figure';
import { AXIS_TICK, COLOURS } from './chart-theme';

type Confidence = MetricsSummary['confidence'];

const CATEGORIES = [
  { key: 'robust', label: 'Robust', colour: COLOURS.ok, meaning: 'confident (≥ 0.7) and correct' },
  { key: 'misleading', label: 'Misleading', colour: COLOURS.bad, meaning: 'confident (≥ 0.7) but wrong: the risky ones' },
  { key: 'needsClarity', label: 'Needs clarity', colour: COLOURS.idle, meaning: 'confidence under 0.7' },
  { key: 'unrated', label: 'Unrated', colour: COLOURS.muted, meaning: 'no confidence reported' },
] as const satisfies readonly { key: keyof Omit<Confidence, 'average'>; label: string; colour: string; meaning: string }[];

/** How sure the model was against whether it was right (SPEC section 4: categories). */
export function ConfidenceChart({ confidence }: { confidence: Confidence }) {
  const data = CATEGORIES.map((c) => ({ label: c.label, count: confidence[c.key], colour: c.colour }));
  const summary = `Confidence categories: ${data.map((d) => `${d.label} ${d.count}`).join(', ')}. Average confidence ${formatScore(confidence.average)}.`;
  return (
    <>
      <ChartFigure summary={summary} testId="chart-confidence">
        <BarChart responsive layout="vertical" data={data} title="Bar chart of runs per confidence category" desc={summary} style={{ width: '100%', height: 190 }} margin={{ top: 4, right: 36, bottom: 0, left: 0 }}>
          <CartesianGrid horizontal={false} stroke={COLOURS.grid} />
          <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
          <YAxis type="category" dataKey="label" width={110} tick={AXIS_TICK} interval={0} />
          <Tooltip />
          <Bar dataKey="count" name="Runs" isAnimationActive={false} minPointSize={(v) => (v === 0 ? 2 : 0)}>
            {data.map((d) => (
              <Cell key={d.label} fill={d.colour} />
            ))}
            <LabelList dataKey="count" position="right" fontSize={12} fill={COLOURS.text} />
          </Bar>
        </BarChart>
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
    </>
  );
}
