import { intervalGeometry } from '../format';
import type { Estimate } from '../types';

/** A 0..1 track with the 95% interval as a band and the value as a tick. Decorative: the numbers are beside it as text. */
export function IntervalBar({ estimate }: { estimate: Estimate }) {
  const g = intervalGeometry(estimate);
  if (!g) return null;
  return (
    <span className="exp-interval" aria-hidden="true">
      <span className="exp-interval-band" style={{ left: `${g.left}%`, width: `${g.width}%` }} />
      <span className="exp-interval-point" style={{ left: `${g.point}%` }} />
    </span>
  );
}
