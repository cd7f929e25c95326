'use client';

import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricsSummary } from '@/components/data/types';
import { formatRate } from '../format';
import { ChartFigure } from './chart-figure';
import { AXIS_TICK, COLOURS, percentLabel, percentTooltip, toPercent } from './chart-theme';
import { DataTable, type Column } from './data-table';
import { useNarrow } from './use-narrow';

type ToolRow = MetricsSummary['byTool'][number];

const COLUMNS: Column<ToolRow>[] = [
  { header: 'Tool', cell: (t) => t.tool },
  { header: 'Expected', cell: (t) => t.support, numeric: true },
  { header: 'TP', cell: (t) => t.tp, numeric: true },
  { header: 'FP', cell: (t) => t.fp, numeric: true },
  { header: 'FN', cell: (t) => t.fn, numeric: true },
  { header: 'Precision', cell: (t) => formatRate(t.precision), numeric: true },
  { header: 'Recall', cell: (t) => formatRate(t.recall), numeric: true },
  { header: 'F1', cell: (t) => formatRate(t.f1), numeric: true },
];

const ROW_HEIGHT = 38;

const SHORT_LABEL = 20;

/** On a phone the server prefix goes and long names are cut (the table below keeps them whole). */
function shortToolName(label: string): string {
  const name = label.slice(label.indexOf('/') + 1);
  return name.length > SHORT_LABEL ? `${name.slice(0, SHORT_LABEL - 1)}…` : name;
}

// A zero is a result too: draw it as a sliver so its label shows.
const showZero = (value: number | null | undefined) => (value === 0 ? 2 : 0);

/** Precision and recall per tool, one-vs-rest: where each tool wins and where it is missed. */
export function ToolChart({ tools }: { tools: ToolRow[] }) {
  const narrow = useNarrow();
  const data = tools.map((t) => ({ tool: t.tool, precision: toPercent(t.precision), recall: toPercent(t.recall) }));
  const summary = `Precision and recall per tool. ${tools.map((t) => `${t.tool}: precision ${formatRate(t.precision)}, recall ${formatRate(t.recall)}`).join('; ')}.`;
  const table = <DataTable caption="Per-tool counts and rates" columns={COLUMNS} rows={tools} rowKey={(t) => t.tool} testId="tool-table" />;
  const neverCalled = tools.filter((t) => t.precision === null).map((t) => t.tool);
  return (
    <ChartFigure summary={summary} testId="chart-tools" table={table} note={neverCalled.length ? `No precision bar: never called, so precision is undefined for ${neverCalled.join(', ')}.` : undefined}>
      <BarChart responsive layout="vertical" data={data} title="Bar chart of precision and recall per tool" desc={summary} style={{ width: '100%', height: tools.length * ROW_HEIGHT + 70 }} margin={{ top: 8, right: 40, bottom: 8, left: 0 }} barGap={2}>
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
    </ChartFigure>
  );
}
