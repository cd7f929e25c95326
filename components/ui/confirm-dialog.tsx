'use client';

import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A destructive action's confirmation: Cancel comes first, so it is where focus lands and the
 * safe choice; while the action runs neither button nor Escape closes it. The buttons are
 * aria-disabled rather than disabled then, so focus stays on them instead of dropping to the page.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, busyLabel, busy, error, onConfirm, onCancel }: Props) {
  return (
    <ModalDialog open={open} title={title} role="alertdialog" busy={busy} onClose={onCancel}>
      {children}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={busy ? undefined : onCancel} aria-disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn btn-danger" onClick={busy ? undefined : onConfirm} aria-disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
