'use client';

import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { Loading } from '@/components/ui/states';
import { sameTool, type ToolRef } from './sequence-values';
import type { ServerTools } from './use-case-tools';

type Props = {
  legend: string;
  hint: string;
  lists: ServerTools[];
  value: ToolRef[];
  error?: string;
  /** Tools that cannot be ticked here, with why (e.g. expected calls cannot be forbidden). */
  disabled?: (ref: ToolRef) => string | null;
  onChange: (value: ToolRef[]) => void;
};

/** Several tools of the case's servers as checkboxes, a group per server; tools ticked that are no longer listed stay tickable. */
export function ToolChecklist({ legend, hint, lists, value, error, disabled, onChange }: Props) {
  const id = useId();
  const toggle = (ref: ToolRef, on: boolean) => onChange(on ? [...value, ref] : value.filter((v) => !sameTool(v, ref)));
  const listed = (ref: ToolRef) => lists.some((l) => l.server.name === ref.server && l.tools?.some((t) => t.name === ref.tool));
  const orphans = value.filter((v) => !listed(v));
  return (
    <fieldset className="tc-fieldset" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className="muted tc-hint">
        {hint}
      </p>
      {lists.map((l) => (
        <div key={l.server.id} className="tc-seq-group">
          <span className="tc-seq-group-name">{l.server.name}</span>
          {l.failed ? <p className="muted">Its tools cannot be listed right now.</p> : null}
          {l.tools === null && !l.failed ? <Loading label={`Listing the tools of ${l.server.name}…`} /> : null}
          {l.tools && l.tools.length === 0 ? <p className="muted">No tools.</p> : null}
          <ul className="tc-checklist">
            {(l.tools ?? []).map((t) => {
              const ref = { server: l.server.name, tool: t.name };
              const why = disabled?.(ref) ?? null;
              const checked = value.some((v) => sameTool(v, ref));
              return (
                <li key={t.name}>
                  <label title={why ?? undefined}>
                    <input type="checkbox" checked={checked} disabled={why !== null && !checked} onChange={(e) => toggle(ref, e.target.checked)} />
                    <code>{t.name}</code>
                    {t.annotations?.readOnlyHint === true ? <span className="muted">read-only</span> : null}
                    {why && !checked ? <span className="sr-only"> ({why})</span> : null}
                  </label>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {orphans.length > 0 ? (
        <ul className="tc-checklist">
          {orphans.map((o) => (
            <li key={`${o.server}/${o.tool}`}>
              <label>
                <input type="checkbox" checked onChange={() => toggle(o, false)} />
                <code>
                  {o.server}/{o.tool}
                </code>
                <span className="muted">not listed now</span>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
