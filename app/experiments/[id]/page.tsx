import type { Metadata } from 'next';
import { ExperimentPage } from '@/components/experiments/detail/experiment-page';

export const metadata: Metadata = { title: 'Experiment · MCP Eval Harness' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ExperimentPage id={id} />;
}
