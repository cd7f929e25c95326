'use client';

import { Field } from '@/components/ui/field';
import type { FormErrors } from './form-errors';
import type { AuthType, ServerFormState } from './form-state';

type Props = {
  state: ServerFormState;
  set: (patch: Partial<ServerFormState>) => void;
  errors: FormErrors['fields'];
  /** Editing a server whose stored secret of this type may be kept. */
  keepHint: boolean;
};

const AUTH_TYPES: { value: AuthType; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'bearer', label: 'Bearer token' },
  { value: 'header', label: 'Custom header' },
  { value: 'basic', label: 'Basic (username and password)' },
];

/** Auth of an HTTP server; secrets go into password fields and are never shown again. */
export function AuthFields({ state, set, errors, keepHint }: Props) {
  const keep = keepHint ? 'A secret is stored: leave empty to keep it.' : undefined;
  return (
    <fieldset className="srv-fieldset">
      <legend>Authentication</legend>
      <Field label="Auth type" error={errors.auth}>
        {(p) => (
          <select {...p} value={state.authType} onChange={(e) => set({ authType: e.target.value as AuthType })}>
            {AUTH_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {state.authType === 'bearer' ? (
        <Field label="Token" hint={keep ?? 'Sent as "Authorization: Bearer <token>". Stored encrypted.'} error={errors.token}>
          {(p) => <input {...p} type="password" autoComplete="new-password" value={state.token} onChange={(e) => set({ token: e.target.value })} />}
        </Field>
      ) : null}
      {state.authType === 'header' ? (
        <div className="srv-pair">
          <Field label="Header name" hint="For example X-API-Key." error={errors.headerName}>
            {(p) => <input {...p} autoComplete="off" spellCheck={false} value={state.headerName} onChange={(e) => set({ headerName: e.target.value })} />}
          </Field>
          <Field label="Header value" hint={keep ?? 'Stored encrypted.'} error={errors.headerValue}>
            {(p) => <input {...p} type="password" autoComplete="new-password" value={state.headerValue} onChange={(e) => set({ headerValue: e.target.value })} />}
          </Field>
        </div>
      ) : null}
      {state.authType === 'basic' ? (
        <div className="srv-pair">
          <Field label="Username" hint={keepHint ? 'Leave both empty to keep the stored credentials.' : undefined} error={errors.username}>
            {(p) => <input {...p} autoComplete="off" value={state.username} onChange={(e) => set({ username: e.target.value })} />}
          </Field>
          <Field label="Password" hint={keep ?? 'Stored encrypted.'} error={errors.password}>
            {(p) => <input {...p} type="password" autoComplete="new-password" value={state.password} onChange={(e) => set({ password: e.target.value })} />}
          </Field>
        </div>
      ) : null}
    </fieldset>
  );
}
