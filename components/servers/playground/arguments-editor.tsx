'use client';

import { useId, useState, type FormEvent } from 'react';
import type { Tool } from '@/components/data/types';
import { FieldError } from '@/components/ui/field-error';
import { fromArguments, toArguments, type FormValues } from './form-values';
import { issuesByField, type ArgumentIssue } from './issues';
import { planForm } from './schema-plan';
import { SchemaFieldInput } from './schema-field-input';

type Props = {
  tool: Tool;
  pending: boolean;
  /** Issues the API found (422 invalid_arguments), shown next to their fields. */
  issues: ArgumentIssue[];
  onCall: (args: Record<string, unknown>) => void;
};

function parseObject(text: string): { value: Record<string, unknown> } | { error: string } {
  if (text.trim() === '') return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { error: 'The arguments must be a JSON object, e.g. {"query": "…"}' };
    return { value: value as Record<string, unknown> };
  } catch (err) {
    return { error: `Not valid JSON: ${err instanceof Error ? err.message : 'parse error'}` };
  }
}

/** A form generated from the tool's inputSchema, with a raw JSON editor for everything else. */
export function ArgumentsEditor({ tool, pending, issues, onCall }: Props) {
  const plan = planForm(tool.inputSchema);
  const fields = plan.mode === 'fields' ? plan.fields : [];
  const [raw, setRaw] = useState(plan.mode === 'raw');
  const [values, setValues] = useState<FormValues>({});
  const [json, setJson] = useState('{}');
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [jsonError, setJsonError] = useState<string | null>(null);
  const id = useId();

  const { byField, other } = issuesByField(issues, raw ? [] : fields.map((f) => f.name));

  const switchEditor = () => {
    if (raw) {
      const parsed = parseObject(json);
      if ('error' in parsed) return setJsonError(`${parsed.error}. Fix it before switching back to the form.`);
      setValues(fromArguments(fields, parsed.value));
    } else {
      setJson(JSON.stringify(toArguments(fields, values).args, null, 2));
    }
    setJsonError(null);
    setLocalErrors({});
    setRaw(!raw);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (raw) {
      const parsed = parseObject(json);
      if ('error' in parsed) return setJsonError(parsed.error);
      setJsonError(null);
      return onCall(parsed.value);
    }
    const { args, errors } = toArguments(fields, values);
    setLocalErrors(errors);
    if (Object.keys(errors).length === 0) onCall(args);
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} aria-label={`Arguments for ${tool.name}`} className="srv-args-form">
      {plan.mode === 'raw' ? <p className="muted srv-small">{plan.reason} Edit the arguments as JSON.</p> : null}
      {issues.length > 0 ? (
        <div className="state state-error" role="alert">
          <strong>The arguments do not match the tool&apos;s inputSchema; nothing was sent.</strong>
          {other.length > 0 ? (
            <ul className="srv-issue-list">
              {other.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          ) : (
            <span>See the marked fields.</span>
          )}
        </div>
      ) : null}
      {raw ? (
        <div className="field">
          <label htmlFor={`${id}-json`}>Arguments (JSON object)</label>
          <textarea
            id={`${id}-json`}
            className="srv-code-input"
            rows={8}
            spellCheck={false}
            value={json}
            onChange={(e) => setJson(e.target.value)}
            aria-invalid={jsonError ? true : undefined}
            aria-describedby={jsonError ? `${id}-json-error` : undefined}
          />
          <FieldError id={`${id}-json-error`} error={jsonError} />
        </div>
      ) : fields.length === 0 ? (
        <p className="muted">This tool takes no arguments.</p>
      ) : (
        fields.map((f) => (
          <SchemaFieldInput
            key={f.name}
            field={f}
            value={values[f.name] ?? ''}
            error={localErrors[f.name] ?? byField[f.name]}
            onChange={(v) => setValues((prev) => ({ ...prev, [f.name]: v }))}
          />
        ))
      )}
      <div className="srv-form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Calling…' : `Call ${tool.name}`}
        </button>
        {plan.mode === 'fields' ? (
          <button type="button" className="btn btn-small" onClick={switchEditor}>
            {raw ? 'Use the form' : 'Edit as JSON'}
          </button>
        ) : null}
      </div>
    </form>
  );
}
