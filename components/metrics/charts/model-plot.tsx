'use client';

import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, COLOURS, percentLabel, percentTooltip } from './chart-theme';

export type ModelPoint = { name: string; f1: number | null; precision: number | null; recall: number | null; accuracy: number | null };

const SERIES = [
  { key: 'f1', name: 'F1', colour: COLOURS.accent },
  { key: 'precision', name: 'Precision', colour: COLOURS.accentSoft },
  { key: 'recall', name: 'Recall', colour: COLOURS.ok },
  { key: 'accuracy', name: 'Accuracy', colour: COLOURS.idle },
] as const;

/** The recharts drawing of the rates per model, grouped bars (loaded on demand with recharts). */
export function ModelPlot({ data, summary, height }: { data: ModelPoint[]; summary: string; height: number }) {
  return (
    <BarChart responsive data={data} title="Bar chart of F1, precision, recall and accuracy per model" desc={summary} style={{ width: '100%', height }} margin={{ top: 16, right: 8, bottom: 0, left: -12 }}>
      <CartesianGrid vertical={false} stroke={COLOURS.grid} />
      <XAxis dataKey="name" tick={AXIS_TICK} interval={0} />
      <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} tick={AXIS_TICK} />
      <Tooltip formatter={percentTooltip} />
      <Legend verticalAlign="top" height={28} itemSorter={null} />
      {SERIES.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.colour} isAnimationActive={false} maxBarSize={36}>
          <LabelList dataKey={s.key} position="top" formatter={percentLabel} fontSize={11} fill={COLOURS.text} />
        </Bar>
      ))}
    </BarChart>
  );
}
