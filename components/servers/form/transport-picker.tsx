'use client';

import type { Transport } from '@/lib/servers/schemas';

const OPTIONS: { value: Transport; label: string; hint: string }[] = [
  { value: 'streamable-http', label: 'Streamable HTTP', hint: 'The current MCP HTTP transport (one /mcp endpoint).' },
  { value: 'sse', label: 'HTTP + SSE', hint: 'The older transport with an /sse stream.' },
  { value: 'stdio', label: 'stdio', hint: 'Starts a local command and talks over stdin/stdout.' },
];

/** The transport as a radio group: it decides which fields the form shows. */
export function TransportPicker({ value, onChange, error }: { value: Transport; onChange: (t: Transport) => void; error?: string }) {
  return (
    <fieldset className="srv-fieldset" aria-describedby={error ? 'srv-transport-error' : undefined}>
      <legend>Transport</legend>
      <div className="srv-radio-cards">
        {OPTIONS.map((o) => (
          <label key={o.value} className={`srv-radio-card${value === o.value ? ' is-selected' : ''}`}>
            <input type="radio" name="transport" value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            <span>
              <strong>{o.label}</strong>
              <small className="muted">{o.hint}</small>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <small id="srv-transport-error" className="field-error" role="alert">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}
