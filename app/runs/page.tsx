import type { Metadata } from 'next';
import { Suspense } from 'react';
import { RunsPage } from '@/components/runs/runs-page';
import { Loading } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Runs · MCP Eval Harness' };

export default function Page() {
  // The run filters live in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<Loading label="Loading runs…" />}>
      <RunsPage />
    </Suspense>
  );
}
