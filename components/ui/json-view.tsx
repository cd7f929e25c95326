/** Untrusted JSON shown as text (never as HTML). */
export function JsonView({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre className="json" aria-label={label}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
