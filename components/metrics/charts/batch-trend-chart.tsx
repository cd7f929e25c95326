'use client';

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { apiFetch, qs } from '@/components/data/fetcher';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import type { BatchTrendPoint } from '@/lib/metrics/trend';
import type { MetricsFilterValues } from '../filters/filter-params';
import { formatCount, formatRate } from '../format';
import { ChartFigure } from './chart-figure';
import { toPercent } from './chart-theme';
import { DataTable, type Column } from './data-table';
import { TrendPlot } from './lazy-plots';

const trendQuery = (filters: MetricsFilterValues) =>
  queryOptions({ queryKey: ['metrics', 'trend', filters], queryFn: () => apiFetch<{ items: BatchTrendPoint[]; limit: number }>(`/api/metrics/trend${qs(filters)}`) });

const COLUMNS: Column<BatchTrendPoint>[] = [
  { header: 'Batch', cell: (p) => <Link href={`/runs/batches/${encodeURIComponent(p.batchId)}`}>{p.name}</Link> },
  { header: 'Created', cell: (p) => p.createdAt.slice(0, 16).replace('T', ' ') },
  { header: 'Runs', cell: (p) => formatCount(p.counts.total), numeric: true },
  { header: 'Accuracy', cell: (p) => formatRate(p.accuracy), numeric: true },
  { header: 'F1', cell: (p) => formatRate(p.f1), numeric: true },
];

const HEIGHT = 240;

/** x = batches in the order they were created: did each change to the descriptions help? */
export function BatchTrendChart({ filters }: { filters: MetricsFilterValues }) {
  const trend = useQuery({ ...trendQuery(filters), placeholderData: keepPreviousData });
  if (trend.isPending) return <Loading label="Loading the trend by batch…" />;
  if (trend.isError) return <ErrorState error={trend.error} onRetry={() => void trend.refetch()} />;
  const points = trend.data.items;
  if (points.length === 0) return <EmptyState title="No batch has judged runs for these filters.">Runs outside a batch count in the trend by day.</EmptyState>;
  // Batch names may repeat: the axis label carries its position too.
  const data = points.map((p, i) => ({ date: `${i + 1}. ${p.name.length > 18 ? `${p.name.slice(0, 17)}…` : p.name}`, accuracy: toPercent(p.accuracy), f1: toPercent(p.f1) }));
  const summary = `Trend by batch: ${points.map((p) => `${p.name} accuracy ${formatRate(p.accuracy)}, F1 ${formatRate(p.f1)}`).join('; ')}.`;
  const table = <DataTable caption="Accuracy and F1 per batch, oldest first" columns={COLUMNS} rows={points} rowKey={(p) => p.batchId} testId="trend-batch-table" />;
  return (
    <>
      {points.length >= trend.data.limit ? <p className="muted">The latest {trend.data.limit} batches.</p> : null}
      <ChartFigure summary={summary} testId="chart-trend-batch" height={HEIGHT} table={table}>
        <TrendPlot data={data} summary={summary} height={HEIGHT} by="batch" />
      </ChartFigure>
    </>
  );
}
