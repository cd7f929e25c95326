'use client';

import type { SimilarityForm, SourceKind } from '../form-state';
import { PasteInput } from './paste-input';
import { ServerChecklist } from './server-checklist';
import { UrlInput } from './url-input';

const SOURCES: { id: SourceKind; label: string; hint: string }[] = [
  { id: 'servers', label: 'Registered servers', hint: 'Tools listed live from servers you registered' },
  { id: 'paste', label: 'Paste or upload JSON', hint: 'A server list or a tool list' },
  { id: 'urls', label: 'Live server URLs', hint: 'MCP servers over HTTP, one per line' },
];

type Props = { form: SimilarityForm; update: (patch: Partial<SimilarityForm>) => void; error?: string };

/** Exactly one source: the radio cards pick it, and only its panel is shown and sent. */
export function SourcePicker({ form, update, error }: Props) {
  return (
    <fieldset className="sim-fieldset" aria-describedby={error ? 'sim-source-error' : undefined}>
      <legend>1. Tools to compare</legend>
      <div className="sim-radio-cards" role="radiogroup" aria-label="Input source">
        {SOURCES.map((s) => (
          <label key={s.id} className={`sim-radio-card${form.source === s.id ? ' is-selected' : ''}`}>
            <input type="radio" name="sim-source" value={s.id} checked={form.source === s.id} onChange={() => update({ source: s.id })} />
            <span>
              <strong>{s.label}</strong>
              <small className="muted">{s.hint}</small>
            </span>
          </label>
        ))}
      </div>
      {form.source === 'servers' ? <ServerChecklist selected={form.serverIds} onChange={(serverIds) => update({ serverIds })} /> : null}
      {form.source === 'paste' ? <PasteInput form={form} update={update} /> : null}
      {form.source === 'urls' ? <UrlInput value={form.urls} onChange={(urls) => update({ urls })} /> : null}
      {error ? (
        <p id="sim-source-error" className="field-error sim-field-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
