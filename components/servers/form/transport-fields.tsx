'use client';

import { Field } from '@/components/ui/field';
import type { FormErrors } from './form-errors';
import type { ServerFormState } from './form-state';
import { KeyValueRows } from './key-value-rows';

type Props = { state: ServerFormState; set: (patch: Partial<ServerFormState>) => void; errors: FormErrors['fields'] };

/** URL and extra headers for the HTTP transports. */
export function HttpFields({ state, set, errors }: Props) {
  return (
    <>
      <Field
        label="URL"
        hint={state.transport === 'sse' ? 'The SSE endpoint, e.g. http://127.0.0.1:3001/sse' : 'The MCP endpoint, e.g. http://127.0.0.1:3001/mcp'}
        error={errors.url}
      >
        {(p) => <input {...p} type="url" inputMode="url" spellCheck={false} value={state.url} onChange={(e) => set({ url: e.target.value })} />}
      </Field>
      <KeyValueRows
        legend="Extra headers"
        hint="Sent with every request. Put credentials under Authentication instead: headers are stored and shown in plain text."
        error={errors.headers}
        keyLabel="Header name"
        valueLabel="Header value"
        addLabel="Add header"
        rows={state.headers}
        onChange={(headers) => set({ headers })}
      />
    </>
  );
}

/** Command, arguments and environment of a stdio server. */
export function StdioFields({ state, set, errors, editing }: Props & { editing: boolean }) {
  return (
    <>
      <Field label="Command" hint="The executable to start, e.g. node or npx." error={errors.command}>
        {(p) => <input {...p} spellCheck={false} autoComplete="off" value={state.command} onChange={(e) => set({ command: e.target.value })} />}
      </Field>
      <Field label="Arguments" hint="One argument per line, no quoting needed." error={errors.args}>
        {(p) => <textarea {...p} rows={4} spellCheck={false} value={state.args} onChange={(e) => set({ args: e.target.value })} />}
      </Field>
      <KeyValueRows
        legend="Environment variables"
        hint={
          editing
            ? 'Values are secrets, stored encrypted and shown masked. Leave "********" to keep a stored value.'
            : 'Values are secrets: stored encrypted and never shown again.'
        }
        error={errors.env}
        keyLabel="Variable name"
        valueLabel="Value"
        addLabel="Add variable"
        keyPlaceholder="NAME"
        rows={state.env}
        onChange={(env) => set({ env })}
        secretValues
      />
    </>
  );
}
