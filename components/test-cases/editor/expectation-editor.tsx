'use client';

import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { queries } from '@/components/data/queries';
import type { ServerDto } from '@/components/data/types';
import { Field } from '@/components/ui/field';
import { Loading } from '@/components/ui/states';
import { listArgumentMatchingProfiles } from '@/lib/eval/judge/arguments/profiles/registry';
import { ArgumentsEditor } from './arguments-editor';
import type { ExpectedParameters } from './expected-arguments';
import type { FieldErrors, FormValues } from './form-values';
import { readSchemaProperties } from './schema-properties';
import { ToolPicker } from './tool-picker';

type Props = {
  servers: ServerDto[];
  values: FormValues;
  errors: FieldErrors;
  showErrors: boolean;
  onChange: (patch: Partial<FormValues>) => void;
  onArgumentsChange: (value: ExpectedParameters | null, errorCount: number) => void;
};

/** What the model should do: call no tool (negative case), or call this server's tool with these arguments. */
export function ExpectationEditor({ servers, values, errors, showErrors, onChange, onArgumentsChange }: Props) {
  const id = useId();
  const selected = servers.filter((s) => values.serverIds.includes(s.id));
  const server = selected.find((s) => s.id === values.expectedServerId) ?? null;
  const tools = useQuery({ ...queries.serverTools(server?.id ?? ''), enabled: server !== null && !values.negative });
  const tool = tools.data?.items.find((t) => t.name === values.expectedTool) ?? null;
  const properties = useMemo(() => (tool ? readSchemaProperties(tool) : []), [tool]);

  return (
    <>
      <div className="tc-toggle">
        <input
          id={`${id}-negative`}
          type="checkbox"
          checked={values.negative}
          aria-describedby={`${id}-negative-hint`}
          onChange={(e) => onChange({ negative: e.target.checked })}
        />
        <label htmlFor={`${id}-negative`}>Negative case (the model should call no tool)</label>
      </div>
      <p id={`${id}-negative-hint`} className="muted tc-hint">
        {values.negative
          ? 'The model passes when it answers without a tool call (TN); any tool call counts as a false positive (FP).'
          : 'The model passes when it calls this tool of this server (TP); arguments are scored when the tool is right.'}
      </p>
      {values.negative ? null : selected.length === 0 ? (
        <p className="tc-warning">Tick at least one server above, then choose the tool the model should call.</p>
      ) : (
        <>
          <Field label="Expected server" error={errors.expectedServer} hint="One of the servers ticked above.">
            {(p) => (
              <select {...p} value={server?.id ?? ''} onChange={(e) => onChange({ expectedServerId: e.target.value, expectedTool: '', expectedParameters: null })}>
                {server ? null : <option value="">Choose a server…</option>}
                {selected.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {server ? (
            <ToolPicker
              key={server.id}
              server={server}
              value={values.expectedTool}
              error={errors.expectedTool}
              onChange={(name, picked) => onChange(picked ? { expectedTool: name, expectedParameters: null } : { expectedTool: name })}
            />
          ) : null}
          {server && values.expectedTool.trim() ? (
            <section className="tc-subsection" aria-labelledby={`${id}-args`}>
              <h3 id={`${id}-args`}>
                Expected arguments of <code>{values.expectedTool}</code>
              </h3>
              {errors.expectedParameters ? (
                <p className="field-error" role="alert">
                  {errors.expectedParameters}
                </p>
              ) : null}
              {tools.isPending ? (
                <Loading label="Reading the tool's input schema…" />
              ) : (
                <ArgumentsEditor
                  key={tool ? `${server.id}|${tool.name}` : `${server.id}|unknown|${tools.status}`}
                  properties={properties}
                  schemaKnown={tool !== null}
                  value={values.expectedParameters}
                  showErrors={showErrors}
                  apiErrors={errors.arguments ?? {}}
                  onChange={onArgumentsChange}
                />
              )}
              <Field label="Argument matching" hint={listArgumentMatchingProfiles().find((m) => m.id === values.argumentMatching)?.description}>
                {(p) => (
                  <select {...p} value={values.argumentMatching} onChange={(e) => onChange({ argumentMatching: e.target.value as FormValues['argumentMatching'] })}>
                    {listArgumentMatchingProfiles().map((m) => (
                      <option key={m.id} value={m.id}>
                        {m.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </section>
          ) : null}
        </>
      )}
    </>
  );
}
