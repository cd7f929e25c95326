'use client';

import { CartesianGrid, LabelList, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, COLOURS, percentLabel, percentTooltip } from './chart-theme';

export type TrendPoint = { date: string; accuracy: number | null; f1: number | null };

/** The recharts drawing of accuracy and F1 by day or by batch (loaded on demand with recharts); `date` is the x label. */
export function TrendPlot({ data, summary, height, by = 'day' }: { data: TrendPoint[]; summary: string; height: number; by?: 'day' | 'batch' }) {
  return (
    <LineChart responsive data={data} title={`Line chart of accuracy and F1 by ${by}`} desc={summary} style={{ width: '100%', height }} margin={{ top: 8, right: 16, bottom: 0, left: -12 }}>
      <CartesianGrid vertical={false} stroke={COLOURS.grid} />
      <XAxis dataKey="date" tick={AXIS_TICK} padding={{ left: 24, right: 24 }} />
      <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} tick={AXIS_TICK} />
      <Tooltip formatter={percentTooltip} />
      <Legend verticalAlign="top" height={28} itemSorter={null} />
      <Line type="monotone" dataKey="accuracy" name="Accuracy" stroke={COLOURS.idle} strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} connectNulls>
        <LabelList dataKey="accuracy" position="bottom" formatter={percentLabel} fontSize={11} fill={COLOURS.idle} />
      </Line>
      <Line type="monotone" dataKey="f1" name="F1" stroke={COLOURS.accent} strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} connectNulls>
        <LabelList dataKey="f1" position="top" formatter={percentLabel} fontSize={11} fill={COLOURS.accent} />
      </Line>
    </LineChart>
  );
}
