import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import '@/components/similarity/similarity.css';

export const metadata: Metadata = { title: 'Similarity · MCP Eval Harness' };

export default function SimilarityLayout({ children }: { children: ReactNode }) {
  return <div className="sim-root">{children}</div>;
}
