'use client';

import type { MetricsSummary } from '@/components/data/types';
import { formatCount, formatRate } from '../format';
import { ChartFigure } from './chart-figure';
import { toPercent } from './chart-theme';
import { DataTable, type Column } from './data-table';
import { TrendPlot } from './lazy-plots';

type DayRow = MetricsSummary['byDay'][number];

const COLUMNS: Column<DayRow>[] = [
  { header: 'Day (UTC)', cell: (d) => d.date },
  { header: 'Runs', cell: (d) => formatCount(d.counts.total), numeric: true },
  { header: 'Accuracy', cell: (d) => formatRate(d.accuracy), numeric: true },
  { header: 'F1', cell: (d) => formatRate(d.f1), numeric: true },
];

const HEIGHT = 240;

/** Accuracy and F1 per day: did the last change to a description help? */
export function TrendChart({ days }: { days: DayRow[] }) {
  const data = days.map((d) => ({ date: d.date, accuracy: toPercent(d.accuracy), f1: toPercent(d.f1) }));
  const summary = `Trend by day: ${days.map((d) => `${d.date} accuracy ${formatRate(d.accuracy)}, F1 ${formatRate(d.f1)}`).join('; ')}.`;
  const table = <DataTable caption="Accuracy and F1 per day" columns={COLUMNS} rows={days} rowKey={(d) => d.date} testId="trend-table" />;
  return (
    <ChartFigure summary={summary} testId="chart-trend" height={HEIGHT} table={table}>
      <TrendPlot data={data} summary={summary} height={HEIGHT} />
    </ChartFigure>
  );
}
