import { useId, type ReactNode } from 'react';
import { FieldError } from './field-error';

/** A labelled form control with an optional hint and error, wired for screen readers. */
export function Field({ label, hint, error, children }: { label: string; hint?: string; error?: string | null; children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <small id={hintId} className="muted">
          {hint}
        </small>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
