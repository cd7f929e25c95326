import type { Metadata } from 'next';
import { Suspense } from 'react';
import { BatchPage } from '@/components/runs/batch/batch-page';
import '@/components/runs/matrix/matrix.css';
import { Loading } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Batch · MCP Eval Harness' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The matrix's sort and page live in the URL (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense fallback={<Loading label="Loading the batch…" />}>
      <BatchPage id={id} />
    </Suspense>
  );
}
