'use client';

import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS_TICK, COLOURS, percentLabel, percentTooltip } from './chart-theme';
import { useNarrow } from './use-narrow';

export type ToolPoint = { tool: string; precision: number | null; recall: number | null };

const SHORT_LABEL = 20;

/** On a phone the server prefix goes and long names are cut (the table below keeps them whole). */
function shortToolName(label: string): string {
  const name = label.slice(label.indexOf('/') + 1);
  return name.length > SHORT_LABEL ? `${name.slice(0, SHORT_LABEL - 1)}…` : name;
}

// A zero is a result too: draw it as a sliver so its label shows.
const showZero = (value: number | null | undefined) => (value === 0 ? 2 : 0);

/** The recharts drawing of precision and recall per tool (loaded on demand with recharts). */
export function ToolPlot({ data, summary, height }: { data: ToolPoint[]; summary: string; height: number }) {
  const narrow = useNarrow();
  return (
    <BarChart responsive layout="vertical" data={data} title="Bar chart of precision and recall per tool" desc={summary} style={{ width: '100%', height }} margin={{ top: 8, right: 40, bottom: 8, left: 0 }} barGap={2}>
      <CartesianGrid horizontal={false} stroke={COLOURS.grid} />
      <XAxis type="number" domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(v: number) => `${v}%`} tick={AXIS_TICK} />
      <YAxis
        type="category"
        dataKey="tool"
        width={narrow ? 125 : 230}
        tick={narrow ? { ...AXIS_TICK, fontSize: 10 } : AXIS_TICK}
        tickFormatter={narrow ? shortToolName : undefined}
        interval={0}
      />
      <Tooltip formatter={percentTooltip} />
      <Legend verticalAlign="top" height={28} itemSorter={null} />
      <Bar dataKey="precision" name="Precision" fill={COLOURS.accent} isAnimationActive={false} minPointSize={showZero}>
        <LabelList dataKey="precision" position="right" formatter={percentLabel} fontSize={11} fill={COLOURS.text} />
      </Bar>
      <Bar dataKey="recall" name="Recall" fill={COLOURS.accentSoft} isAnimationActive={false} minPointSize={showZero}>
        <LabelList dataKey="recall" position="right" formatter={percentLabel} fontSize={11} fill={COLOURS.text} />
      </Bar>
    </BarChart>
  );
}
