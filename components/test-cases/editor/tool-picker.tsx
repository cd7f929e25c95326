'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useId, useState } from 'react';
import { queries } from '@/components/data/queries';
import type { ServerDto } from '@/components/data/types';
import { Loading } from '@/components/ui/states';
import { FieldError } from '@/components/ui/field-error';
import { ToolOptionList } from './tool-option-list';

type Props = {
  server: Pick<ServerDto, 'id' | 'name'>;
  value: string;
  error?: string;
  /** The group's name; several pickers on one page (a sequence's calls) need distinct ones. */
  legend?: string;
  /** `picked` is true for a choice from the live list, false for typed text. */
  onChange: (name: string, picked: boolean) => void;
};

/** The expected tool, from the server's live tool list; a typed name when the server is down or the tool is not listed. */
export function ToolPicker({ server, value, error, legend = 'Expected tool', onChange }: Props) {
  const id = useId();
  const tools = useQuery(queries.serverTools(server.id));
  const [typing, setTyping] = useState(false);
  const list = tools.data?.items ?? [];
  const listed = list.some((t) => t.name === value);
  const manual = typing || tools.isError || (tools.isSuccess && list.length === 0);
  const errorId = error ? `${id}-error` : undefined;

  return (
    <fieldset className="tc-fieldset" aria-describedby={errorId} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {tools.isPending ? <Loading label={`Listing the tools of ${server.name}…`} /> : null}
      {tools.isError ? (
        <div className="state state-error" role="alert">
          <span>
            <strong>Could not list the tools of {server.name}.</strong> {tools.error.message} The server may be down: check it on the{' '}
            <Link href="/servers">Servers</Link> page and retry, or type the tool name below.
          </span>
          <button type="button" className="btn btn-small" onClick={() => void tools.refetch()} disabled={tools.isFetching}>
            {tools.isFetching ? 'Retrying…' : 'Retry'}
          </button>
        </div>
      ) : null}
      {tools.isSuccess && list.length === 0 ? <p className="muted">{server.name} lists no tools right now; type the tool name.</p> : null}
      {tools.isSuccess && value && !listed && !manual ? (
        <p className="tc-warning" role="status">
          “{value}” is not among the tools {server.name} lists now. Pick one of these, or keep it and{' '}
          <button type="button" className="tc-link-button" onClick={() => setTyping(true)}>
            edit the name by hand
          </button>
          .
        </p>
      ) : null}
      {tools.isSuccess && list.length > 0 && !manual ? (
        <>
          <ToolOptionList tools={list} value={value} onChange={(name) => onChange(name, true)} />
          <button type="button" className="tc-link-button tc-switch" onClick={() => setTyping(true)}>
            Type a tool name instead
          </button>
        </>
      ) : null}
      {manual ? (
        <div className="field">
          <label htmlFor={`${id}-name`}>Tool name</label>
          <input
            id={`${id}-name`}
            value={value}
            maxLength={200}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={errorId}
            onChange={(e) => onChange(e.target.value, false)}
          />
          {typing && list.length > 0 ? (
            <button type="button" className="tc-link-button tc-switch" onClick={() => setTyping(false)}>
              Pick from the {list.length} tools of {server.name}
            </button>
          ) : null}
        </div>
      ) : null}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
