'use client';

import { Field } from '@/components/ui/field';
import type { ApiKeyInputs } from './api-keys';
import { KEY_FIELDS, type KeySlot } from './providers';

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
        {KEY_FIELDS.map(({ slot, header, label, uses }) => (
          <Field key={slot} label={`${label}${used.has(slot) ? ' (used)' : ''}`} hint={`${header}: ${uses}`} error={errors[slot]}>
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
