'use client';

import type { Transport } from '@/lib/servers/schemas';
import { FieldError } from '@/components/ui/field-error';
import { RadioCards, type RadioCard } from '@/components/ui/radio-cards';

const OPTIONS: RadioCard<Transport>[] = [
  { value: 'streamable-http', label: 'Streamable HTTP', hint: 'The current MCP HTTP transport (one /mcp endpoint).' },
  { value: 'sse', label: 'HTTP + SSE', hint: 'The older transport with an /sse stream.' },
  { value: 'stdio', label: 'stdio', hint: 'Starts a local command and talks over stdin/stdout.' },
  { value: 'static', label: 'Static tool set', hint: 'Tool definitions kept in the harness: design and evaluate before a server exists.' },
];

/** The transport as a radio group: it decides which fields the form shows. */
export function TransportPicker({ value, onChange, error }: { value: Transport; onChange: (t: Transport) => void; error?: string }) {
  return (
    <fieldset className="srv-fieldset" aria-describedby={error ? 'srv-transport-error' : undefined}>
      <legend>Transport</legend>
      <RadioCards name="transport" options={OPTIONS} value={value} onChange={onChange} />
      <FieldError id="srv-transport-error" error={error} />
    </fieldset>
  );
}
