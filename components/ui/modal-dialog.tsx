'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A native modal <dialog>: the browser traps focus, closes on Escape and hands focus back
 * to the element that opened it.
 */
export function ModalDialog({ open, title, onClose, children, role = 'dialog' }: { open: boolean; title: string; onClose: () => void; children: ReactNode; role?: 'dialog' | 'alertdialog' }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="dialog" role={role} aria-labelledby={titleId} onClose={onClose}>
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
