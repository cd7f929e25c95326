'use client';

import { changeMode, inputKind, type ArgumentDraft, type InputKind } from './argument-draft';
import type { PropertySpec } from './schema-properties';

type Props = {
  prop: PropertySpec;
  draft: ArgumentDraft;
  /** Prefix for element ids; `${idBase}-value` is the main input. */
  idBase: string;
  describedBy?: string;
  invalid: boolean;
  /** Labels of the earlier expected calls a $fromResult can read (sequence cases), in order. */
  earlierCalls?: string[];
  onChange: (draft: ArgumentDraft) => void;
};

/** A visible label whose accessible name also says which argument it is for ("Value for topK"). */
function Label({ htmlFor, text, prop }: { htmlFor: string; text: string; prop: PropertySpec }) {
  return (
    <label htmlFor={htmlFor}>
      {text}
      <span className="sr-only"> for {prop.name}</span>
    </label>
  );
}

function TypedInput({ kind, prop, draft, idBase, describedBy, invalid, onChange }: Props & { kind: InputKind }) {
  const common = { id: `${idBase}-value`, 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
  const set = (text: string) => onChange({ ...draft, text });
  switch (kind) {
    case 'boolean':
      return (
        <select {...common} value={draft.text} onChange={(e) => set(e.target.value)}>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case 'enum':
      return (
        <select {...common} value={draft.text} onChange={(e) => set(e.target.value)}>
          {(prop.enumValues ?? []).map((v) => {
            const json = JSON.stringify(v);
            return (
              <option key={json} value={json}>
                {typeof v === 'string' ? v : json}
              </option>
            );
          })}
        </select>
      );
    case 'json':
      return <textarea {...common} rows={2} spellCheck={false} value={draft.text} placeholder='e.g. ["doc-1"]' onChange={(e) => set(e.target.value)} />;
    case 'number':
    case 'integer':
      return (
        <input {...common} inputMode={kind === 'integer' ? 'numeric' : 'decimal'} autoComplete="off" value={draft.text} onChange={(e) => set(e.target.value)} />
      );
    case 'string':
      return <input {...common} autoComplete="off" value={draft.text} onChange={(e) => set(e.target.value)} />;
  }
}

function EnumChoices({ prop, draft, idBase, describedBy, onChange }: Props) {
  return (
    <fieldset className="tc-choices" id={`${idBase}-value`} aria-describedby={describedBy}>
      <legend>
        Options<span className="sr-only"> for {prop.name}</span>
      </legend>
      {(prop.enumValues ?? []).map((v) => {
        const json = JSON.stringify(v);
        const checked = draft.choices.includes(json);
        return (
          <label key={json}>
            <input
              type="checkbox"
              checked={checked}
              onChange={() => onChange({ ...draft, choices: checked ? draft.choices.filter((c) => c !== json) : [...draft.choices, json] })}
            />
            {typeof v === 'string' ? v : json}
          </label>
        );
      })}
    </fieldset>
  );
}

/** The value inputs of one argument row; what they are depends on the mode and on the schema type. */
export function ArgumentValueInput(props: Props) {
  const { prop, draft, idBase, describedBy, invalid, onChange } = props;
  const kind = draft.asJson ? 'json' : inputKind(prop);
  const valueId = `${idBase}-value`;
  const aria = { 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined };
  switch (draft.mode) {
    case 'unchecked':
    case '$any':
    case '$absent':
      return null;
    case 'exact':
      return (
        <div className="tc-value">
          <Label htmlFor={valueId} text={draft.asJson ? 'Value (JSON)' : 'Value'} prop={prop} />
          <TypedInput {...props} kind={kind} />
          {draft.asJson && inputKind(prop) !== 'json' ? (
            <button type="button" className="tc-link-button" onClick={() => onChange(changeMode({ ...draft, asJson: false, text: '' }, 'exact', prop))}>
              Use a {prop.type} input instead
            </button>
          ) : null}
        </div>
      );
    case '$oneOf':
      if (kind === 'enum') return <EnumChoices {...props} />;
      return (
        <div className="tc-value">
          <Label htmlFor={valueId} text={draft.asJson ? 'Options (a JSON array)' : kind === 'json' ? 'Options, one JSON value per line' : 'Options, one per line'} prop={prop} />
          <textarea id={valueId} {...aria} rows={3} spellCheck={false} value={draft.text} onChange={(e) => onChange({ ...draft, text: e.target.value })} />
        </div>
      );
    case '$contains':
    case '$regex':
      return (
        <div className="tc-value">
          <Label htmlFor={valueId} text={draft.mode === '$regex' ? 'Pattern' : 'Text'} prop={prop} />
          <input
            id={valueId}
            {...aria}
            autoComplete="off"
            spellCheck={false}
            className={draft.mode === '$regex' ? 'tc-mono' : undefined}
            value={draft.text}
            onChange={(e) => onChange({ ...draft, text: e.target.value })}
          />
        </div>
      );
    case '$fromResult':
      return (
        <div className="tc-value tc-value-pair">
          <div>
            <Label htmlFor={`${idBase}-call`} text="Result of" prop={prop} />
            <select id={`${idBase}-call`} {...aria} value={draft.fromCall ?? ''} onChange={(e) => onChange({ ...draft, fromCall: e.target.value })}>
              {draft.fromCall === undefined || draft.fromCall === '' ? <option value="">Choose a call…</option> : null}
              {(props.earlierCalls ?? []).map((label, i) => (
                <option key={i} value={String(i)}>
                  {label}
                </option>
              ))}
              {draft.fromCall && Number(draft.fromCall) >= (props.earlierCalls ?? []).length ? <option value={draft.fromCall}>Call {Number(draft.fromCall) + 1} (not earlier)</option> : null}
            </select>
          </div>
          <div>
            <Label htmlFor={valueId} text="JSONPath" prop={prop} />
            <input
              id={valueId}
              {...aria}
              className="tc-mono"
              autoComplete="off"
              spellCheck={false}
              placeholder="$.items[0].id"
              value={draft.text}
              onChange={(e) => onChange({ ...draft, text: e.target.value })}
            />
          </div>
        </div>
      );
    case '$approx':
      return (
        <div className="tc-value tc-value-pair">
          <div>
            <Label htmlFor={valueId} text="Number" prop={prop} />
            <input id={valueId} {...aria} inputMode="decimal" autoComplete="off" value={draft.text} onChange={(e) => onChange({ ...draft, text: e.target.value })} />
          </div>
          <div>
            <Label htmlFor={`${idBase}-tolerance`} text="Tolerance" prop={prop} />
            <input
              id={`${idBase}-tolerance`}
              {...aria}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.000001"
              value={draft.tolerance}
              onChange={(e) => onChange({ ...draft, tolerance: e.target.value })}
            />
          </div>
        </div>
      );
  }
}
