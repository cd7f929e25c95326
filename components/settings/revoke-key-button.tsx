'use client';

import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useRevokeApiKey, type ApiKeyDto } from './api-keys';
import { KEY_COPY, type KeyKind } from './key-kind-copy';

/** Revoke after a confirmation in a native modal dialog (focus trap, Escape, focus returned). */
export function RevokeKeyButton({ kind = 'mcp', apiKey, onRevoked }: { kind?: KeyKind; apiKey: Pick<ApiKeyDto, 'id' | 'name'>; onRevoked: (name: string) => void }) {
  const copy = KEY_COPY[kind];
  const [open, setOpen] = useState(false);
  const revoke = useRevokeApiKey();
  const close = () => {
    setOpen(false);
    revoke.reset();
  };

  return (
    <>
      <button type="button" className="btn btn-small btn-danger" onClick={() => setOpen(true)} aria-label={copy.revokeLabel(apiKey.name)}>
        Revoke
      </button>
      <ConfirmDialog
        open={open}
        title={`Revoke “${apiKey.name}”?`}
        confirmLabel={copy.revokeConfirm}
        busyLabel="Revoking…"
        busy={revoke.isPending}
        error={revoke.error?.message ?? null}
        onConfirm={() =>
          // Not mutate's own onSuccess: the list refetch that the hook awaits re-renders the row
          // without this button, and react-query skips the callbacks of an unmounted caller, so the
          // notice was sometimes never shown. The promise settles whatever is mounted by then.
          void revoke.mutateAsync(apiKey.id).then(
            () => {
              setOpen(false);
              onRevoked(apiKey.name);
            },
            () => undefined, // shown through revoke.error
          )
        }
        onCancel={close}
      >
        <p>{copy.revokeBody}</p>
      </ConfirmDialog>
    </>
  );
}
