'use client';

import { useEffect, useRef, useState } from 'react';
import { copyModelRow, newModelRow, type ModelRow, type RowErrors } from './model-rows';
import { ModelRowFields } from './model-row-fields';

export const MAX_MODELS = 20;

/** The models every selected test case runs against: add and remove rows. */
export function ModelMatrix({ rows, errors, onChange }: { rows: ModelRow[]; errors: Record<string, RowErrors>; onChange: (rows: ModelRow[]) => void }) {
  const listRef = useRef<HTMLFieldSetElement>(null);
  // The row just added gets focus (its provider), so a keyboard user lands in what they asked for.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  useEffect(() => {
    if (!focusKey) return;
    listRef.current?.querySelector<HTMLElement>(`[data-row-key="${focusKey}"] select, [data-row-key="${focusKey}"] input`)?.focus();
    setFocusKey(null);
  }, [focusKey]);
  const add = () => {
    const last = rows[rows.length - 1];
    const row = last ? copyModelRow(last) : newModelRow('local');
    onChange([...rows, row]);
    setFocusKey(row.key);
  };
  return (
    <fieldset className="runs-fieldset" ref={listRef}>
      <legend>Model matrix</legend>
      <p className="muted runs-note">Every selected test case runs once per model (times the samples). A new model row starts as a copy of the last one.</p>
      {rows.map((row, i) => (
        <ModelRowFields
          key={row.key}
          row={row}
          index={i}
          errors={errors[row.key]}
          onChange={(next) => onChange(rows.map((r) => (r.key === row.key ? next : r)))}
          onRemove={rows.length > 1 ? () => onChange(rows.filter((r) => r.key !== row.key)) : null}
        />
      ))}
      <button type="button" className="btn btn-small" disabled={rows.length >= MAX_MODELS} onClick={add}>
        + Add model
      </button>
    </fieldset>
  );
}
