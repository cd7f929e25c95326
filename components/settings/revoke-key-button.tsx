'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { useRevokeApiKey, type ApiKeyDto } from './api-keys';

/** Revoke after a confirmation in a native modal dialog (focus trap, Escape, focus returned). */
export function RevokeKeyButton({ apiKey }: { apiKey: Pick<ApiKeyDto, 'id' | 'name'> }) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const revoke = useRevokeApiKey();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const close = () => {
    setOpen(false);
    revoke.reset();
  };

  return (
    <>
      <button type="button" className="btn btn-small btn-danger" onClick={() => setOpen(true)} aria-label={`Revoke ${apiKey.name}`}>
        Revoke
      </button>
      <dialog ref={ref} className="set-dialog" role="alertdialog" aria-labelledby={titleId} onClose={close}>
        {open ? (
          <>
            <h2 id={titleId} className="set-dialog-title">
              Revoke “{apiKey.name}”?
            </h2>
            <p>Clients using this key are refused from their next request. This cannot be undone.</p>
            {revoke.error ? (
              <p className="field-error" role="alert">
                {revoke.error.message}
              </p>
            ) : null}
            <div className="set-dialog-actions">
              <button type="button" className="btn" onClick={close} autoFocus>
                Cancel
              </button>
              <button type="button" className="btn btn-danger" disabled={revoke.isPending} onClick={() => revoke.mutate(apiKey.id, { onSuccess: () => setOpen(false) })}>
                {revoke.isPending ? 'Revoking…' : 'Revoke key'}
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </>
  );
}
