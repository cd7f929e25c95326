import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ExperimentForm } from '@/components/experiments/new/experiment-form';
import { Loading } from '@/components/ui/states';

export const metadata: Metadata = { title: 'New experiment · MCP Eval Harness' };

export default function Page() {
  // The prefill arrives in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<Loading label="Loading the experiment form…" />}>
      <ExperimentForm />
    </Suspense>
  );
}
