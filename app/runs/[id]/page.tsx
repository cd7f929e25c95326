import type { Metadata } from 'next';
import { RunDetailPage } from '@/components/runs/detail/run-detail-page';

export const metadata: Metadata = { title: 'Run · MCP Eval Harness' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <RunDetailPage id={id} />;
}
