'use client';

import { useId } from 'react';
import type { ServerDto } from '@/components/data/types';
import { FieldError } from '@/components/ui/field-error';
import { Loading } from '@/components/ui/states';
import { ArgumentsEditor } from '../arguments-editor';
import { readSchemaProperties } from '../schema-properties';
import { ToolPicker } from '../tool-picker';
import { moveItem, RowActions } from './row-actions';
import { newKey, type CallDraft } from './sequence-values';
import type { ServerTools } from './use-case-tools';

type Props = {
  servers: ServerDto[];
  lists: ServerTools[];
  calls: CallDraft[];
  errors: Record<string, string>;
  showErrors: boolean;
  onChange: (calls: CallDraft[]) => void;
};

/** `expectedCalls.1.arguments.id.$fromResult.call` -> {id: "$fromResult.call: ..."} for call 1's argument rows. */
function argumentErrors(errors: Record<string, string>, index: number): Record<string, string> {
  const prefix = `expectedCalls.${index}.arguments.`;
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!path.startsWith(prefix)) continue;
    const [name = '', ...rest] = path.slice(prefix.length).split('.');
    out[name] ??= rest.length ? `${rest.join('.')}: ${message}` : message;
  }
  return out;
}

const callLabel = (c: CallDraft, i: number) => `Call ${i + 1}${c.tool ? `: ${c.server}/${c.tool}` : ''}`;

/** The calls a sequence case expects, in order; each with its server, tool and the argument editor of the single-call case. */
export function ExpectedCallsEditor({ servers, lists, calls, errors, showErrors, onChange }: Props) {
  const id = useId();
  const set = (i: number, patch: Partial<CallDraft>) => onChange(calls.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const listError = errors.expectedCalls;
  return (
    <div className="tc-seq-calls">
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      {calls.length === 0 ? <p className="muted">No expected call: the case passes when the model answers without calling a tool (TN).</p> : null}
      <ol className="tc-seq-list">
        {calls.map((c, i) => {
          const server = servers.find((s) => s.name === c.server) ?? null;
          const list = lists.find((l) => l.server.name === c.server);
          const tool = list?.tools?.find((t) => t.name === c.tool) ?? null;
          const label = `call ${i + 1}`;
          const serverError = errors[`expectedCalls.${i}.server`];
          return (
            <li key={c.key} className="tc-seq-item">
              <div className="tc-seq-head">
                <h4 id={`${id}-${c.key}`}>{callLabel(c, i)}</h4>
                <RowActions label={label} index={i} count={calls.length} onMove={(to) => onChange(moveItem(calls, i, to))} onRemove={() => onChange(calls.filter((_, j) => j !== i))} />
              </div>
              <div className="field">
                <label htmlFor={`${id}-${c.key}-server`}>Server of call {i + 1}</label>
                <select
                  id={`${id}-${c.key}-server`}
                  value={c.server}
                  aria-invalid={serverError ? true : undefined}
                  aria-describedby={serverError ? `${id}-${c.key}-server-error` : undefined}
                  onChange={(e) => set(i, { server: e.target.value, tool: '', arguments: null, argumentErrors: 0 })}
                >
                  {server ? null : <option value="">{c.server ? `${c.server} (not ticked above)` : 'Choose a server…'}</option>}
                  {servers.map((s) => (
                    <option key={s.id} value={s.name}>
                      {s.name}
                    </option>
                  ))}
                </select>
                <FieldError id={`${id}-${c.key}-server-error`} error={serverError} />
              </div>
              {server ? (
                <ToolPicker
                  key={server.id}
                  server={server}
                  legend={`Tool of call ${i + 1}`}
                  value={c.tool}
                  error={errors[`expectedCalls.${i}.tool`]}
                  onChange={(name, picked) => set(i, picked ? { tool: name, arguments: null, argumentErrors: 0 } : { tool: name })}
                />
              ) : null}
              {server && c.tool.trim() ? (
                <section className="tc-subsection" aria-label={`Expected arguments of call ${i + 1}`}>
                  <h5>
                    Expected arguments of <code>{c.tool}</code>
                  </h5>
                  <FieldError error={errors[`expectedCalls.${i}.arguments`]} />
                  {list && list.tools === null && !list.failed ? (
                    <Loading label="Reading the tool's input schema…" />
                  ) : (
                    <ArgumentsEditor
                      key={`${c.key}|${c.server}|${c.tool}|${tool ? 'known' : 'unknown'}`}
                      properties={tool ? readSchemaProperties(tool) : []}
                      schemaKnown={tool !== null}
                      value={c.arguments}
                      showErrors={showErrors}
                      apiErrors={argumentErrors(errors, i)}
                      earlierCalls={calls.slice(0, i).map(callLabel)}
                      onChange={(value, count) => set(i, { arguments: value, argumentErrors: count })}
                    />
                  )}
                </section>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn"
        disabled={calls.length >= 20}
        onClick={() => onChange([...calls, { key: newKey('e'), server: servers.length === 1 ? (servers[0]?.name ?? '') : '', tool: '', arguments: null, argumentErrors: 0 }])}
      >
        Add an expected call
      </button>
    </div>
  );
}
