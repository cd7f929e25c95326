'use client';

import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRevokeApiKey, type ApiKeyDto } from './api-keys';

/** Revoke after a confirmation in a native modal dialog (focus trap, Escape, focus returned). */
export function RevokeKeyButton({ apiKey, onRevoked }: { apiKey: Pick<ApiKeyDto, 'id' | 'name'>; onRevoked: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();
  const close = () => {
    setOpen(false);
    revoke.reset();
  };

  return (
    <>
      <button type="button" className="btn btn-small btn-danger" onClick={() => setOpen(true)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </button>
      <ConfirmDialog
        open={open}
        title={`Revoke “${apiKey.name}”?`}
        confirmLabel="Revoke key"
        busyLabel="Revoking…"
        busy={revoke.isPending}
        error={revoke.error?.message ?? null}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => {
              setOpen(false);
              onRevoked(apiKey.name);
            },
          })
        }
        onCancel={close}
      >
        <p>Clients using this key are refused from their next request. This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
