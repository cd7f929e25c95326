'use client';

import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import type { SimilarityForm, WeightKey } from '../form-state';

const WEIGHTS: { key: WeightKey; label: string }[] = [
  { key: 'semantic', label: 'Semantic' },
  { key: 'parameters', label: 'Parameters' },
  { key: 'description', label: 'Description' },
];

type Props = { weights: SimilarityForm['weights']; onChange: (w: SimilarityForm['weights']) => void; error?: string };

/** The overlap weights; the server scales them to sum to 1, and drops a dimension a pair does not have. */
export function WeightsFields({ weights, onChange, error }: Props) {
  const id = useId();
  return (
    <fieldset className="sim-weights" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend>Overlap weights (heatmap)</legend>
      <div className="sim-weights-row">
        {WEIGHTS.map((w) => (
          <label key={w.key} className="sim-weight">
            <span>{w.label}</span>
            <input
              type="number"
              inputMode="decimal"
              min={0}
              max={1}
              step={0.05}
              value={weights[w.key]}
              aria-invalid={error ? true : undefined}
              onChange={(e) => onChange({ ...weights, [w.key]: e.target.value })}
            />
          </label>
        ))}
      </div>
      <small id={`${id}-hint`} className="muted">
        Defaults 0.5 / 0.3 / 0.2, scaled to sum to 1. Pairs without parameters skip that dimension.
      </small>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
