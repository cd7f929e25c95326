'use client';

import type { MetricsSummary } from '@/components/data/types';
import type { MetricsFilterValues } from '../filters/filter-params';
import { useUrlParams } from '../filters/use-url-params';
import { Section } from '../section';
import { BatchTrendChart } from './batch-trend-chart';
import { TrendChart } from './trend-chart';

/** The trend by day (the summary's byDay) or by batch (x = batches in order); the choice is in the URL (?trend=batch). */
export function TrendSection({ summary, filters }: { summary: MetricsSummary; filters: MetricsFilterValues }) {
  const { params, update } = useUrlParams();
  const by = params.get('trend') === 'batch' ? 'batch' : 'day';
  const toggle = (
    <div role="radiogroup" aria-label="Trend by" className="row-actions">
      {(['day', 'batch'] as const).map((v) => (
        <button key={v} type="button" role="radio" aria-checked={by === v} className={`btn btn-small${by === v ? ' btn-primary' : ''}`} onClick={() => update({ trend: v === 'batch' ? 'batch' : null })}>
          By {v}
        </button>
      ))}
    </div>
  );
  return (
    <Section
      title={by === 'batch' ? 'Trend by batch' : 'Trend by day'}
      intro={by === 'batch' ? 'Accuracy and F1 of each batch, in the order they were created.' : 'Accuracy and F1 of the runs created each day (UTC).'}
      actions={toggle}
    >
      {by === 'batch' ? <BatchTrendChart filters={filters} /> : <TrendChart days={summary.byDay} />}
    </Section>
  );
}
