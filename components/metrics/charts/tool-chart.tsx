'use client';

import type { MetricsSummary } from '@/components/data/types';
import { formatRate } from '../format';
import { ChartFigure } from './chart-figure';
import { toPercent } from './chart-theme';
import { DataTable, type Column } from './data-table';
import { ToolPlot } from './lazy-plots';

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

/** Precision and recall per tool, one-vs-rest: where each tool wins and where it is missed. */
export function ToolChart({ tools }: { tools: ToolRow[] }) {
  const data = tools.map((t) => ({ tool: t.tool, precision: toPercent(t.precision), recall: toPercent(t.recall) }));
  const summary = `Precision and recall per tool. ${tools.map((t) => `${t.tool}: precision ${formatRate(t.precision)}, recall ${formatRate(t.recall)}`).join('; ')}.`;
  const height = tools.length * ROW_HEIGHT + 70;
  const table = <DataTable caption="Per-tool counts and rates" columns={COLUMNS} rows={tools} rowKey={(t) => t.tool} testId="tool-table" />;
  const neverCalled = tools.filter((t) => t.precision === null).map((t) => t.tool);
  return (
    <ChartFigure summary={summary} testId="chart-tools" height={height} table={table} note={neverCalled.length ? `No precision bar: never called, so precision is undefined for ${neverCalled.join(', ')}.` : undefined}>
      <ToolPlot data={data} summary={summary} height={height} />
    </ChartFigure>
  );
}
