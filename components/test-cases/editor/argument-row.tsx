'use client';

import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { changeMode, type ArgumentDraft } from './argument-draft';
import { MODE_LABELS, modeHint, modesFor, type ArgumentMode } from './argument-modes';
import { ArgumentValueInput } from './argument-value-input';
import type { PropertySpec } from './schema-properties';

type Props = { prop: PropertySpec; draft: ArgumentDraft; error: string | null; earlierCalls?: string[]; onChange: (draft: ArgumentDraft) => void };

function typeLabel(prop: PropertySpec): string {
  return prop.enumValues ? `${prop.type === 'unknown' ? 'enum' : prop.type} enum` : prop.type === 'unknown' ? 'any type' : prop.type;
}

/** One schema property: its name, type, required marker and description, how it is checked, and the value. */
export function ArgumentRow({ prop, draft, error, earlierCalls, onChange }: Props) {
  const id = useId();
  const descId = prop.description ? `${id}-desc` : undefined;
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descId, hintId, errorId].filter(Boolean).join(' ');
  return (
    <li className={`tc-arg${draft.mode === 'unchecked' ? ' is-unchecked' : ''}`} data-testid={`argument-${prop.name}`}>
      <div className="tc-arg-head">
        <code className="tc-arg-name">{prop.name}</code>
        <span className="tc-arg-type">{typeLabel(prop)}</span>
        {prop.required ? (
          <span className="tc-required" title="The schema marks this argument as required">
            required
          </span>
        ) : null}
        {prop.description ? (
          <p id={descId} className="tc-arg-desc">
            {prop.description}
          </p>
        ) : null}
      </div>
      <div className="tc-arg-body">
        <div className="tc-arg-controls">
          <div className="tc-mode">
            <label htmlFor={`${id}-mode`}>
              Check<span className="sr-only"> {prop.name}</span>
            </label>
            <select
              id={`${id}-mode`}
              value={draft.mode}
              aria-describedby={[descId, hintId].filter(Boolean).join(' ')}
              onChange={(e) => {
                const mode = e.target.value as ArgumentMode;
                // A reference starts at the call just before this one, the usual chain.
                const next = changeMode(draft, mode, prop);
                onChange(mode === '$fromResult' && !next.fromCall && earlierCalls?.length ? { ...next, fromCall: String(earlierCalls.length - 1), text: next.text.startsWith('$') ? next.text : '' } : next);
              }}
            >
              {modesFor(prop, draft.mode, earlierCalls?.length ?? 0).map((m) => (
                <option key={m} value={m}>
                  {MODE_LABELS[m]}
                </option>
              ))}
            </select>
          </div>
          <ArgumentValueInput prop={prop} draft={draft} idBase={id} describedBy={describedBy} invalid={error !== null} earlierCalls={earlierCalls} onChange={onChange} />
        </div>
        <small id={hintId} className="muted tc-hint">
          {modeHint(draft.mode, prop)}
        </small>
        <FieldError id={errorId} error={error} />
      </div>
    </li>
  );
}
