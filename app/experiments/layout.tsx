import type { ReactNode } from 'react';
// The form reuses the batch launch pieces and the similarity description diff, so their stylesheets come along.
import '@/app/runs/runs.css';
import '@/components/similarity/similarity.css';
import '@/components/experiments/experiments.css';

export default function ExperimentsLayout({ children }: { children: ReactNode }) {
  return children;
}
