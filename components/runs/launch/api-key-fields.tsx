'use client';

import { Field } from '@/components/ui/field';
import { KEY_HEADERS, type ApiKeyInputs } from './api-keys';
import type { KeySlot } from './providers';

const LABELS: Record<KeySlot, string> = {
  openai: 'OpenAI API key',
  anthropic: 'Anthropic API key',
  generic: 'Generic model API key',
};

const USES: Record<KeySlot, string> = {
  openai: 'openai rows',
  anthropic: 'anthropic rows',
  generic: 'openai-compatible rows, and any cloud row without its own key',
};

type Props = {
  keys: ApiKeyInputs;
  onChange: (keys: ApiKeyInputs) => void;
  remember: boolean;
  onRememberChange: (remember: boolean) => void;
  /** Slots the current matrix uses, to mark them. */
  used: Set<KeySlot>;
  errors: Partial<Record<KeySlot, string>>;
};

/** Password fields for the provider keys. No `name` attributes: even a form posted without JavaScript carries no key. */
export function ApiKeyFields({ keys, onChange, remember, onRememberChange, used, errors }: Props) {
  return (
    <fieldset className="runs-fieldset">
      <legend>API keys</legend>
      <p className="muted runs-note">
        Keys are sent only as request headers when the batch starts and stay in the server&apos;s memory for the batch&apos;s lifetime: never
        stored, logged or returned. Not needed for the <code>local</code> baseline.
      </p>
      <div className="runs-key-grid">
        {(Object.keys(LABELS) as KeySlot[]).map((slot) => (
          <Field key={slot} label={`${LABELS[slot]}${used.has(slot) ? ' (used)' : ''}`} hint={`${KEY_HEADERS[slot]}: ${USES[slot]}`} error={errors[slot]}>
            {(props) => (
              <input
                {...props}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={keys[slot]}
                onChange={(e) => onChange({ ...keys, [slot]: e.target.value })}
                data-testid={`key-${slot}`}
              />
            )}
          </Field>
        ))}
      </div>
      <label className="runs-check">
        <input type="checkbox" checked={remember} onChange={(e) => onRememberChange(e.target.checked)} />
        Remember for this tab (sessionStorage, cleared when the tab closes)
      </label>
    </fieldset>
  );
}
