'use client';

import { useState, type FormEvent } from 'react';
import { apiFetch, ApiError } from '@/components/data/fetcher';
import { Field } from '@/components/ui/field';

/** Posts JSON (the gate refuses form encodings), then loads the page the user was going to. */
export function LoginForm({ next }: { next: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password === '') {
      setError('Enter the password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await apiFetch('/api/auth/login', { method: 'POST', json: { password } });
      // A full load, so every server-rendered part sees the new cookie.
      window.location.assign(next);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not reach the server; try again.');
      setPassword('');
      setBusy(false);
    }
  };

  return (
    <form className="login-form" onSubmit={(e) => void submit(e)} noValidate>
      <Field label="Password" error={error}>
        {(props) => (
          <input {...props} type="password" name="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" autoFocus required />
        )}
      </Field>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  );
}
