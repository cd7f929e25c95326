'use client';

import { useEffect, useId, useRef } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { newRow, type KeyValueRow } from './form-state';

type Props = {
  legend: string;
  hint?: string;
  error?: string;
  keyLabel: string;
  valueLabel: string;
  addLabel: string;
  rows: KeyValueRow[];
  onChange: (rows: KeyValueRow[]) => void;
  /** Values that are secrets are typed into password fields. */
  secretValues?: boolean;
  keyPlaceholder?: string;
};

/** An editable list of name/value pairs (HTTP headers, environment variables). */
export function KeyValueRows({ legend, hint, error, keyLabel, valueLabel, addLabel, rows, onChange, secretValues = false, keyPlaceholder }: Props) {
  const id = useId();
  const focusLast = useRef(false);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // A freshly added row gets the focus, so keyboard users can type straight away.
    if (!focusLast.current) return;
    focusLast.current = false;
    const last = rows[rows.length - 1];
    if (last) document.getElementById(`${id}-k${last.id}`)?.focus();
  }, [rows, id]);
  const update = (rowId: number, patch: Partial<KeyValueRow>) => onChange(rows.map((r) => (r.id === rowId ? { ...r, ...patch } : r)));
  const remove = (rowId: number) => {
    onChange(rows.filter((r) => r.id !== rowId));
    addButton.current?.focus(); // the removed row's button is gone: keep the keyboard in the list
  };
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

  return (
    <fieldset className="srv-fieldset" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {hint ? (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      ) : null}
      {rows.length > 0 ? (
        <ul className="srv-kv-list">
          {rows.map((row, i) => (
            <li key={row.id} className="srv-kv-row">
              <label className="sr-only" htmlFor={`${id}-k${row.id}`}>
                {keyLabel} {i + 1}
              </label>
              <input
                id={`${id}-k${row.id}`}
                value={row.key}
                placeholder={keyPlaceholder ?? keyLabel}
                autoComplete="off"
                spellCheck={false}
                onChange={(e) => update(row.id, { key: e.target.value })}
              />
              <label className="sr-only" htmlFor={`${id}-v${row.id}`}>
                {valueLabel} {i + 1}
              </label>
              <input
                id={`${id}-v${row.id}`}
                type={secretValues ? 'password' : 'text'}
                value={row.value}
                placeholder={valueLabel}
                autoComplete={secretValues ? 'new-password' : 'off'}
                spellCheck={false}
                onChange={(e) => update(row.id, { value: e.target.value })}
              />
              <button type="button" className="btn btn-small" onClick={() => remove(row.id)} aria-label={`Remove ${row.key.trim() || `row ${i + 1}`}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        ref={addButton}
        type="button"
        className="btn btn-small"
        onClick={() => {
          focusLast.current = true;
          onChange([...rows, newRow()]);
        }}
      >
        {addLabel}
      </button>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
