import { Suspense } from 'react';
import { MetricsDashboard } from '@/components/metrics/metrics-dashboard';
import { Loading } from '@/components/ui/states';

export const metadata = { title: 'Metrics · MCP Eval Harness' };

export default function MetricsPage() {
  return (
    // The dashboard reads its filters from the URL, known only at request time.
    <Suspense fallback={<Loading label="Loading metrics…" />}>
      <MetricsDashboard />
    </Suspense>
  );
}
