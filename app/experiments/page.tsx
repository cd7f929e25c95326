import type { Metadata } from 'next';
import { ExperimentsList } from '@/components/experiments/list/experiments-list';

export const metadata: Metadata = { title: 'Experiments · MCP Eval Harness' };

export default function Page() {
  return <ExperimentsList />;
}
