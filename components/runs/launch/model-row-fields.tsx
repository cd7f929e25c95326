'use client';

import { useId } from 'react';
import { Field } from '@/components/ui/field';
import { PROVIDER_IDS, providerRow, usesSetting, type ProviderId } from '@/lib/providers/catalog';
import { withProvider, type ModelRow, type RowErrors } from './model-rows';
import { providerChoice } from './providers';

type Props = {
  row: ModelRow;
  index: number;
  errors: RowErrors | undefined;
  onChange: (row: ModelRow) => void;
  onRemove: (() => void) | null;
};

/** One model configuration of the matrix. */
export function ModelRowFields({ row, index, errors = {}, onChange, onRemove }: Props) {
  const choice = providerChoice(row.provider);
  // useId, not the row key: the key comes from a module counter that differs between server and browser (hydration).
  const listId = `${useId()}-models`;
  const set = (patch: Partial<ModelRow>) => onChange({ ...row, ...patch });
  const title = `Model ${index + 1}`;
  // Settings the provider has no use for (the local router: no sampling, network or prompt) are not offered.
  const uses = (setting: Parameters<typeof usesSetting>[1]) => usesSetting(row.provider, setting);
  const deterministic = providerRow(row.provider).capabilities.deterministic === true;
  return (
    <fieldset className="runs-model-row" data-testid="model-row" data-row-key={row.key}>
      <legend>{title}</legend>
      <div className="runs-model-main">
        <Field label="Provider" hint={choice.hint}>
          {(props) => (
            <select {...props} value={row.provider} onChange={(e) => onChange(withProvider(row, e.target.value as ProviderId))}>
              {PROVIDER_IDS.map((id) => (
                <option key={id} value={id}>
                  {providerChoice(id).label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Model" error={errors.model}>
          {(props) => (
            <>
              <input {...props} value={row.model} list={listId} spellCheck={false} onChange={(e) => set({ model: e.target.value })} />
              <datalist id={listId}>
                {choice.models.map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
            </>
          )}
        </Field>
        {uses('baseUrl') ? (
          <Field label={choice.baseUrlRequired ? 'Base URL' : 'Base URL (optional)'} hint={choice.baseUrlRequired ? 'e.g. http://127.0.0.1:11434/v1' : undefined} error={errors.baseUrl}>
            {(props) => (
              <input
                {...props}
                type="url"
                inputMode="url"
                spellCheck={false}
                placeholder={row.provider === 'local' ? 'not used' : 'https://…'}
                value={row.baseUrl}
                onChange={(e) => set({ baseUrl: e.target.value })}
              />
            )}
          </Field>
        ) : null}
      </div>
      <div className="runs-model-numbers">
        <Field label="Timeout (s)" hint="1-300, default 30" error={errors.timeout}>
          {(props) => <input {...props} type="number" min={1} max={300} step={1} placeholder="30" value={row.timeout} onChange={(e) => set({ timeout: e.target.value })} />}
        </Field>
        {uses('temperature') ? (
          <Field
            label="Temperature"
            hint={providerRow(row.provider).capabilities.temperature ? '0-2, default 0.4' : `0-2, default 0.4; ignored by ${providerRow(row.provider).name}'s current API`}
            error={errors.temperature}
          >
            {(props) => (
              <input {...props} type="number" min={0} max={2} step={0.1} placeholder="0.4" value={row.temperature} onChange={(e) => set({ temperature: e.target.value })} />
            )}
          </Field>
        ) : null}
        {uses('maxRetries') ? (
          <Field label="Max retries" hint="0-10, default 3" error={errors.maxRetries}>
            {(props) => <input {...props} type="number" min={0} max={10} step={1} placeholder="3" value={row.maxRetries} onChange={(e) => set({ maxRetries: e.target.value })} />}
          </Field>
        ) : null}
      </div>
      {uses('systemPrompt') ? (
        <details className="runs-details" open={row.systemPrompt !== '' || Boolean(errors.systemPrompt)}>
          <summary>System prompt (optional)</summary>
          <Field label="System prompt" hint="Replaces the default instructions sent with the tools." error={errors.systemPrompt}>
            {(props) => <textarea {...props} rows={3} value={row.systemPrompt} onChange={(e) => set({ systemPrompt: e.target.value })} />}
          </Field>
        </details>
      ) : null}
      {deterministic ? (
        <p className="muted runs-small" data-testid="deterministic-note">
          {choice.label}: deterministic, so temperature, retries, base URL and system prompt do not apply, extra samples repeat the same answer,
          and its confidence is its score margin.
        </p>
      ) : null}
      {onRemove ? (
        <button type="button" className="btn btn-small runs-remove" onClick={onRemove} aria-label={`Remove ${title}`}>
          Remove
        </button>
      ) : null}
    </fieldset>
  );
}
