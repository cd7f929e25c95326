'use client';

import { useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { useRevokeApiKey, type ApiKeyDto } from './api-keys';

/** Revoke after a confirmation in a native modal dialog (focus trap, Escape, focus returned). */
export function RevokeKeyButton({ apiKey }: { apiKey: Pick<ApiKeyDto, 'id' | 'name'> }) {
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
      <ModalDialog open={open} title={`Revoke “${apiKey.name}”?`} role="alertdialog" onClose={close}>
        <p>Clients using this key are refused from their next request. This cannot be undone.</p>
        {revoke.error ? (
          <p className="field-error" role="alert">
            {revoke.error.message}
          </p>
        ) : null}
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={close} autoFocus>
            Cancel
          </button>
          <button type="button" className="btn btn-danger" disabled={revoke.isPending} onClick={() => revoke.mutate(apiKey.id, { onSuccess: () => setOpen(false) })}>
            {revoke.isPending ? 'Revoking…' : 'Revoke key'}
          </button>
        </div>
      </ModalDialog>
    </>
  );
}
