'use client';

import type { BatchDto } from '@/components/data/types';
import { batchOptionLabel } from './use-batch-options';

type Props = {
  id: string;
  value: string;
  batches: BatchDto[];
  onChange: (id: string) => void;
  /** The label of the empty choice; omit to require a batch. */
  emptyLabel?: string;
  'aria-describedby'?: string;
};

/** A native select of batches: keyboard and screen-reader friendly, newest first. */
export function BatchSelect({ id, value, batches, onChange, emptyLabel, ...aria }: Props) {
  const known = value === '' || batches.some((b) => b.id === value);
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={aria['aria-describedby']}>
      {emptyLabel !== undefined || value === '' ? <option value="">{emptyLabel ?? 'Choose a batch…'}</option> : null}
      {known ? null : <option value={value}>Batch {value}</option>}
      {batches.map((b) => (
        <option key={b.id} value={b.id}>
          {batchOptionLabel(b)}
        </option>
      ))}
    </select>
  );
}
