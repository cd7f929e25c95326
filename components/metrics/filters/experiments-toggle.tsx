'use client';

import { useEffect, useId, useState } from 'react';
import type { MetricsSummary } from '@/components/data/types';
import styles from '../metrics.module.css';
import { formatCount } from '../format';

type LeftOut = MetricsSummary['experimentsLeftOut'];

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** "2 experiment batches (120 evaluated runs) left out". */
export function leftOutText(leftOut: LeftOut): string {
  return `${plural(leftOut.batches, 'experiment batch', 'experiment batches')} (${plural(leftOut.runs, 'evaluated run', 'evaluated runs')}) left out`;
}

type Props = {
  /** includeExperiments=true is in the URL. */
  checked: boolean;
  /** What the current summary left out; undefined before it arrives. */
  leftOut: LeftOut | undefined;
  /** A batch is chosen: it is shown alone, experiment or not, so there is nothing to include. */
  batchChosen: boolean;
  /** The summary is being fetched for new filters (its left-out figures are the previous ones). */
  updating: boolean;
  onChange: (include: boolean) => void;
};

/**
 * "Include experiment runs": experiment variants' batches saw rewritten tool descriptions, so the metrics leave them
 * out (lib/metrics/experiment-scope.ts) unless this sets includeExperiments=true. Shown only when the summary left
 * some out, or once they are included (to take them out again); kept while the summary updates, so a keyboard
 * user toggling it keeps the focus. Outside the filters form, which remounts when the filters change.
 */
export function ExperimentsToggle({ checked, leftOut, batchChosen, updating, onChange }: Props) {
  const id = useId();
  const wanted = checked || (leftOut?.batches ?? 0) > 0;
  const [shown, setShown] = useState(wanted);
  useEffect(() => {
    if (wanted || !updating) setShown(wanted);
  }, [wanted, updating]);
  if (batchChosen || !(wanted || (shown && updating))) return null;
  const hint = leftOut && leftOut.batches > 0 ? `${leftOutText(leftOut)}. ` : '';
  return (
    <p className={styles.scope} data-testid="metrics-experiments-toggle">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} />{' '}
      <label htmlFor={id}>Include experiment runs</label>{' '}
      <small id={`${id}-hint`} className="muted">
        {hint}The runs of an experiment’s variants saw tool descriptions it rewrote, so the metrics leave them out unless included.
      </small>
    </p>
  );
}
