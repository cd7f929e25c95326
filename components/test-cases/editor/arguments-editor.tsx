'use client';

import { useMemo, useState } from 'react';
import type { ArgumentDraft } from './argument-draft';
import { EMPTY_DRAFT } from './argument-draft';
import { ArgumentRow } from './argument-row';
import {
  buildExpected,
  formatExpected,
  parseExpectedJson,
  splitExpected,
  type ArgumentsState,
  type ExpectedParameters,
} from './expected-arguments';
import { RawJsonEditor } from './raw-json-editor';
import type { PropertySpec } from './schema-properties';

type Props = {
  properties: PropertySpec[];
  /** False when the tool's inputSchema is unknown (server down, typed tool name): JSON only then. */
  schemaKnown: boolean;
  value: ExpectedParameters | null;
  /** Show problems of rows nobody typed in yet (after a submit attempt). */
  showErrors: boolean;
  apiErrors: Record<string, string>;
  /** Sequence cases: labels of the earlier expected calls, which a $fromResult argument can read. */
  earlierCalls?: string[];
  onChange: (value: ExpectedParameters | null, errorCount: number) => void;
};

/**
 * A row per schema property and the raw JSON of the result, kept in sync both ways: a row edit
 * rewrites the JSON; a JSON edit that parses and passes the shape check rewrites the rows.
 * Mount it with a key per tool: it reads `value` only when it mounts.
 */
export function ArgumentsEditor({ properties, schemaKnown, value, showErrors, apiErrors, earlierCalls, onChange }: Props) {
  const [state, setState] = useState<ArgumentsState>(() => splitExpected(value, properties));
  const [jsonText, setJsonText] = useState(() => formatExpected(value));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const built = useMemo(() => buildExpected(state, properties), [state, properties]);

  function apply(next: ArgumentsState, extraErrors: number) {
    const result = buildExpected(next, properties);
    setState(next);
    onChange(result.value, Object.keys(result.errors).length + extraErrors);
    return result;
  }

  function updateDraft(name: string, draft: ArgumentDraft) {
    const result = apply({ ...state, drafts: { ...state.drafts, [name]: draft } }, 0);
    setJsonText(formatExpected(result.value));
    setJsonError(null);
  }

  function updateJson(text: string) {
    setJsonText(text);
    const parsed = parseExpectedJson(text);
    if (!parsed.ok) {
      setJsonError(parsed.message);
      onChange(built.value, Object.keys(built.errors).length + 1);
      return;
    }
    setJsonError(null);
    apply(splitExpected(parsed.value, properties), 0);
  }

  const extraKeys = Object.keys(state.extras);
  return (
    <div className="tc-arguments">
      {schemaKnown && properties.length === 0 ? <p className="muted">This tool takes no arguments.</p> : null}
      {!schemaKnown ? (
        <p className="muted">The tool&apos;s input schema is unknown here, so write the expected arguments as JSON below.</p>
      ) : null}
      {properties.length > 0 ? (
        <ul className="tc-arg-list">
          {properties.map((prop) => {
            const draft = state.drafts[prop.name] ?? EMPTY_DRAFT;
            const typed = draft.text.trim() !== '' || draft.tolerance.trim() !== '' || draft.choices.length > 0;
            const local = showErrors || typed ? (built.errors[prop.name] ?? null) : null;
            return <ArgumentRow key={prop.name} prop={prop} draft={draft} error={local ?? apiErrors[prop.name] ?? null} earlierCalls={earlierCalls} onChange={(d) => updateDraft(prop.name, d)} />;
          })}
        </ul>
      ) : null}
      {schemaKnown && extraKeys.length > 0 ? (
        <p className="tc-warning">
          Not in the tool&apos;s schema: {extraKeys.map((k) => `“${k}”`).join(', ')}. A model that passes such a key is flagged as
          hallucinating it; edit or remove them in the JSON.
        </p>
      ) : null}
      <RawJsonEditor text={jsonText} error={jsonError ?? extraKeyErrors(built.errors, properties)} onChange={updateJson} />
    </div>
  );
}

/** Problems of keys without a row (a bad matcher under an unknown key) can only be shown at the JSON. */
function extraKeyErrors(errors: Record<string, string>, properties: PropertySpec[]): string | undefined {
  const known = new Set(properties.map((p) => p.name));
  const entry = Object.entries(errors).find(([k]) => !known.has(k));
  return entry ? `${entry[0] || 'object'}: ${entry[1]}` : undefined;
}
