'use client';

import { Field } from '@/components/ui/field';
import { EMBEDDING_MODEL_IDS } from '@/lib/embeddings/types';
import { isOpenAiModel } from '@/lib/similarity/defaults';
import type { FormErrors, SimilarityForm } from '../form-state';
import { WeightsFields } from './weights-fields';

type Props = { form: SimilarityForm; update: (patch: Partial<SimilarityForm>) => void; errors: FormErrors };

export function OptionsPanel({ form, update, errors }: Props) {
  const embedding = form.method === 'embedding';
  return (
    <fieldset className="sim-fieldset">
      <legend>2. Options</legend>
      <div className="sim-options-grid">
        <Field label="Method" hint={embedding ? 'Embeddings of the descriptions, calibrated per model.' : 'Word overlap only (TF-IDF): no model, fast, offline.'}>
          {(props) => (
            <select {...props} value={form.method} onChange={(e) => update({ method: e.target.value === 'description_overlap' ? 'description_overlap' : 'embedding' })}>
              <option value="embedding">embedding</option>
              <option value="description_overlap">description_overlap</option>
            </select>
          )}
        </Field>
        {embedding ? (
          <Field label="Embedding model" hint="Automatic tries the local transformer and falls back to the bundled word vectors; the result says which was used.">
            {(props) => (
              <select {...props} value={form.embeddingModel} onChange={(e) => update({ embeddingModel: e.target.value })}>
                <option value="">Automatic (default)</option>
                {EMBEDDING_MODEL_IDS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                    {isOpenAiModel(m) ? ' (OpenAI, needs a key)' : ''}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {embedding && isOpenAiModel(form.embeddingModel) ? (
          <Field label="OpenAI API key" hint="Sent only with this request as the X-OpenAI-API-Key header; never stored." error={errors.openAiKey}>
            {(props) => (
              <input {...props} type="password" autoComplete="off" spellCheck={false} value={form.openAiKey} onChange={(e) => update({ openAiKey: e.target.value })} placeholder="sk-…" />
            )}
          </Field>
        ) : null}
        <Field label="Similarity threshold" hint="0 to 1. Pairs at or above it are flagged as likely to be confused (0.85 by default, the same meaning for every model)." error={errors.threshold}>
          {(props) => <input {...props} type="number" inputMode="decimal" min={0} max={1} step={0.01} value={form.threshold} onChange={(e) => update({ threshold: e.target.value })} />}
        </Field>
      </div>
      <div className="sim-checks">
        <label className="sim-inline-check">
          <input type="checkbox" checked={form.includeRecommendations} onChange={(e) => update({ includeRecommendations: e.target.checked })} />
          Include recommendations (revised descriptions and JSON Patch apply commands)
        </label>
        <label className="sim-inline-check">
          <input type="checkbox" checked={form.computeFull} onChange={(e) => update({ computeFull: e.target.checked })} />
          Compute full similarity (descriptions with parameters; lists every pair up to 1,000 tools)
        </label>
      </div>
      <WeightsFields weights={form.weights} onChange={(weights) => update({ weights })} error={errors.weights} />
    </fieldset>
  );
}
