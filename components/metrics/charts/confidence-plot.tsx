'use client';

import { Bar, BarChart, CartesianGrid, Cell, LabelList, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, COLOURS } from './chart-theme';

export type ConfidencePoint = { label: string; count: number; colour: string };

/** The recharts drawing of runs per confidence category (loaded on demand with recharts). */
export function ConfidencePlot({ data, summary, height }: { data: ConfidencePoint[]; summary: string; height: number }) {
  return (
    <BarChart responsive layout="vertical" data={data} title="Bar chart of runs per confidence category" desc={summary} style={{ width: '100%', height }} margin={{ top: 4, right: 36, bottom: 0, left: 0 }}>
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
  );
}
