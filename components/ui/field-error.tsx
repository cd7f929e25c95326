/** A field's error, announced as it appears; `id` is what the field's aria-describedby points at. */
export function FieldError({ id, error }: { id?: string; error: string | null | undefined }) {
  if (!error) return null;
  return (
    <small id={id} className="field-error" role="alert">
      {error}
    </small>
  );
}
