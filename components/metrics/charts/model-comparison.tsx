'use client';

import type { MetricsSummary } from '@/components/data/types';
import { formatCount, formatMs, formatRate } from '../format';
import { ChartFigure } from './chart-figure';
import { toPercent } from './chart-theme';
import { DataTable, type Column } from './data-table';
import { ModelPlot } from './lazy-plots';

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

const HEIGHT = 240;

/** Models side by side: a grouped bar chart of the rates and the full table beneath. */
export function ModelComparison({ models }: { models: ModelRow[] }) {
  const data = models.map((m) => ({ name: modelName(m), f1: toPercent(m.f1), precision: toPercent(m.precision), recall: toPercent(m.recall), accuracy: toPercent(m.accuracy) }));
  const summary = `Per model: ${models.map((m) => `${modelName(m)} F1 ${formatRate(m.f1)}, accuracy ${formatRate(m.accuracy)}`).join('; ')}.`;
  return (
    <>
      <ChartFigure summary={summary} testId="chart-models" height={HEIGHT}>
        <ModelPlot data={data} summary={summary} height={HEIGHT} />
      </ChartFigure>
      <DataTable caption="Metrics per model" columns={COLUMNS} rows={models} rowKey={modelName} testId="model-table" />
    </>
  );
}
