'use client';

import { Bar, BarChart, CartesianGrid, LabelList, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricsSummary } from '@/components/data/types';
import { formatCount, formatMs, formatRate } from '../format';
import { ChartFigure } from './chart-figure';
import { AXIS_TICK, COLOURS, percentLabel, percentTooltip, toPercent } from './chart-theme';
import { DataTable, type Column } from './data-table';

type ModelRow = MetricsSummary['byModel'][number];

export const modelName = (m: Pick<ModelRow, 'provider' | 'model'>) => `${m.provider ?? '?'} · ${m.model ?? '?'}`;

const COLUMNS: Column<ModelRow>[] = [
  { header: 'Model', cell: modelName },
  { header: 'Runs', cell: (m) => formatCount(m.counts.total), numeric: true },
  { header: 'TP / FP / TN / FN', cell: (m) => `${m.counts.tp} / ${m.counts.fp} / ${m.counts.tn} / ${m.counts.fn}`, numeric: true },
  { header: 'Precision', cell: (m) => formatRate(m.precision), numeric: true },
  { header: 'Recall', cell: (m) => formatRate(m.recall), numeric: true },
  { header: 'F1', cell: (m) => formatRate(m.f1), numeric: true },
  { header: 'Accuracy', cell: (m) => formatRate(m.accuracy), numeric: true },
  { header: 'Mean latency', cell: (m) => formatMs(m.meanLatencyMs), numeric: true },
  { header: 'Tokens', cell: (m) => formatCount(m.tokens.total), numeric: true },
];

const SERIES = [
  { key: 'f1', name: 'F1', colour: COLOURS.accent },
  { key: 'precision', name: 'Precision', colour: COLOURS.accentSoft },
  { key: 'recall', name: 'Recall', colour: COLOURS.ok },
  { key: 'accuracy', name: 'Accuracy', colour: COLOURS.idle },
] as const;

/** Models side by side: a grouped bar chart of the rates and the full table beneath. */
export function ModelComparison({ models }: { models: ModelRow[] }) {
  const data = models.map((m) => ({ name: modelName(m), f1: toPercent(m.f1), precision: toPercent(m.precision), recall: toPercent(m.recall), accuracy: toPercent(m.accuracy) }));
  const summary = `Per model: ${models.map((m) => `${modelName(m)} F1 ${formatRate(m.f1)}, accuracy ${formatRate(m.accuracy)}`).join('; ')}.`;
  return (
    <>
      <ChartFigure summary={summary} testId="chart-models">
        <BarChart responsive data={data} title="Bar chart of F1, precision, recall and accuracy per model" desc={summary} style={{ width: '100%', height: 240 }} margin={{ top: 16, right: 8, bottom: 0, left: -12 }}>
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
      </ChartFigure>
      <DataTable caption="Metrics per model" columns={COLUMNS} rows={models} rowKey={modelName} testId="model-table" />
    </>
  );
}
