'use client';

import Link from 'next/link';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ServerDto } from '@/components/data/types';
import { Field } from '@/components/ui/field';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { ServerInput, ServerPatch } from '@/lib/servers/schemas';
import { AuthFields } from './auth-fields';
import { checkBeforeSave } from './client-checks';
import { formErrorsFrom, hasErrors, type FormErrors } from './form-errors';
import { EMPTY_FORM, formFromServer, secretKept, toRequestBody, type ServerFormState } from './form-state';
import { StaticToolsFields } from './static-tools-fields';
import { HttpFields, StdioFields } from './transport-fields';
import { TransportPicker } from './transport-picker';

type Props = {
  original?: ServerDto;
  /** A static server's stored tools, for the tool editor. */
  originalTools?: Tool[];
  pending: boolean;
  error: unknown;
  onSubmit: (body: ServerInput | ServerPatch) => void;
  cancelHref: string;
};

const NO_ERRORS: FormErrors = { fields: {}, general: [] };

/** Register or edit a server; the fields follow the transport. */
export function ServerForm({ original, originalTools, pending, error, onSubmit, cancelHref }: Props) {
  const [state, setState] = useState<ServerFormState>(() => (original ? formFromServer(original, originalTools) : EMPTY_FORM));
  // Errors found before sending win; otherwise those of the last refused save.
  const [localErrors, setLocalErrors] = useState<FormErrors | null>(null);
  const errors = localErrors ?? (error ? formErrorsFrom(error) : NO_ERRORS);
  const summary = useRef<HTMLDivElement>(null);
  const set = (patch: Partial<ServerFormState>) => setState((s) => ({ ...s, ...patch }));

  useEffect(() => {
    // After a refused save, move focus to the summary so the errors are read out first.
    if (error || localErrors) summary.current?.focus();
  }, [error, localErrors]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkBeforeSave(state);
    setLocalErrors(found);
    if (!found) onSubmit(toRequestBody(state, original));
  };

  const fieldErrorCount = Object.keys(errors.fields).length;
  return (
    <form className="srv-form panel" onSubmit={submit} noValidate aria-busy={pending}>
      {hasErrors(errors) ? (
        <div ref={summary} tabIndex={-1} className="state state-error srv-error-summary" role="alert">
          <strong>The server was not saved.</strong>
          {errors.general.map((m) => (
            <p key={m}>{m}</p>
          ))}
          {fieldErrorCount > 0 ? <p>Check the {fieldErrorCount === 1 ? 'field' : `${fieldErrorCount} fields`} marked below.</p> : null}
        </div>
      ) : null}
      <Field label="Name" hint="Letters, digits, spaces, “_”, “.” and “-”. Test cases refer to the server by this name." error={errors.fields.name}>
        {(p) => <input {...p} autoComplete="off" spellCheck={false} value={state.name} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
      <TransportPicker value={state.transport} onChange={(transport) => set({ transport })} error={errors.fields.transport} />
      {state.transport === 'static' ? (
        <StaticToolsFields tools={state.tools} onChange={(tools) => set({ tools })} error={errors.fields.tools} />
      ) : state.transport === 'stdio' ? (
        <StdioFields state={state} set={set} errors={errors.fields} editing={original !== undefined} />
      ) : (
        <>
          <HttpFields state={state} set={set} errors={errors.fields} />
          <AuthFields state={state} set={set} errors={errors.fields} keepHint={secretKept(state, original)} />
        </>
      )}
      <div className="srv-form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? (state.transport === 'static' ? 'Saving…' : 'Saving and connecting…') : original ? 'Save changes' : 'Register server'}
        </button>
        <Link className="btn" href={cancelHref}>
          Cancel
        </Link>
        <span className="muted srv-small">
          {state.transport === 'static' ? 'Saving replaces the stored tool list.' : 'Saving runs the MCP handshake (up to 2 s) and records the status.'}
        </span>
      </div>
    </form>
  );
}
