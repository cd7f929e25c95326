'use client';

import { newModelRow, type ModelRow, type RowErrors } from './model-rows';
import { ModelRowFields } from './model-row-fields';

export const MAX_MODELS = 20;

/** The models every selected test case runs against: add and remove rows. */
export function ModelMatrix({ rows, errors, onChange }: { rows: ModelRow[]; errors: Record<string, RowErrors>; onChange: (rows: ModelRow[]) => void }) {
  return (
    <fieldset className="runs-fieldset">
      <legend>Model matrix</legend>
      <p className="muted runs-note">Every selected test case runs once per model (times the samples).</p>
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
      <button type="button" className="btn btn-small" disabled={rows.length >= MAX_MODELS} onClick={() => onChange([...rows, newModelRow('openai')])}>
        + Add model
      </button>
    </fieldset>
  );
}
