import type { ReactNode } from 'react';
import './runs.css';

/** The runs pages share one stylesheet (kept out of the global one, which other pages own). */
export default function RunsLayout({ children }: { children: ReactNode }) {
  return children;
}
