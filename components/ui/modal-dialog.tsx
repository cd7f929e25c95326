'use client';

import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

type Props = {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** While true, Escape does not close: the request in flight would otherwise finish unseen. */
  busy?: boolean;
};

/**
 * A native modal <dialog>: the browser traps focus, closes on Escape and hands focus back
 * to the element that opened it.
 */
export function ModalDialog({ open, title, onClose, children, role = 'dialog', busy = false }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // A layout effect, so the dialog is shut (and focus back on its opener) before any passive
  // effect runs: a page that then moves focus elsewhere, e.g. to a notice, keeps it there.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      role={role}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      onCancel={(e) => {
        if (busy) e.preventDefault();
      }}
      onClose={onClose}
    >
      {open ? (
        <>
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
