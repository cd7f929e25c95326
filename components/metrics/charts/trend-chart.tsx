'use client';

import { CartesianGrid, LabelList, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricsSummary } from '@/components/data/types';
import { formatCount, formatRate } from '../format';
import { ChartFigure } from './chart-figure';
import { AXIS_TICK, COLOURS, percentLabel, percentTooltip, toPercent } from './chart-theme';
import { DataTable, type Column } from './data-table';

type DayRow = MetricsSummary['byDay'][number];

const COLUMNS: Column<DayRow>[] = [
  { header: 'Day (UTC)', cell: (d) => d.date },
  { header: 'Runs', cell: (d) => formatCount(d.counts.total), numeric: true },
  { header: 'Accuracy', cell: (d) => formatRate(d.accuracy), numeric: true },
  { header: 'F1', cell: (d) => formatRate(d.f1), numeric: true },
];

/** Accuracy and F1 per day: did the last change to a description help? */
export function TrendChart({ days }: { days: DayRow[] }) {
  const data = days.map((d) => ({ date: d.date, accuracy: toPercent(d.accuracy), f1: toPercent(d.f1) }));
  const summary = `Trend by day: ${days.map((d) => `${d.date} accuracy ${formatRate(d.accuracy)}, F1 ${formatRate(d.f1)}`).join('; ')}.`;
  const table = <DataTable caption="Accuracy and F1 per day" columns={COLUMNS} rows={days} rowKey={(d) => d.date} testId="trend-table" />;
  return (
    <ChartFigure summary={summary} testId="chart-trend" table={table}>
      <LineChart responsive data={data} title="Line chart of accuracy and F1 by day" desc={summary} style={{ width: '100%', height: 240 }} margin={{ top: 8, right: 16, bottom: 0, left: -12 }}>
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
    </ChartFigure>
  );
}
