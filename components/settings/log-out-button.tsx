'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '@/components/ui/states';
import { authSessionQuery, logOut } from './auth-session';

/** Shown only to a browser signed in with a session (authentication on). */
export function LogOutButton() {
  const session = useQuery(authSessionQuery());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  if (!session.data?.authEnabled || session.data.via !== 'session') return null;
  return (
    <div className="set-session">
      <span className="muted">Signed in as the administrator.</span>
      <button
        type="button"
        className="btn btn-small"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          logOut().catch((err: unknown) => {
            setError(err instanceof Error ? err : new Error(String(err)));
            setBusy(false);
          });
        }}
      >
        {busy ? 'Logging out…' : 'Log out'}
      </button>
      {error ? <ErrorState error={error} /> : null}
    </div>
  );
}
