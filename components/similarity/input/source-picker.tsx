'use client';

import { RadioCards, type RadioCard } from '@/components/ui/radio-cards';
import type { SimilarityForm, SourceKind } from '../form-state';
import { PasteInput } from './paste-input';
import { ServerChecklist } from './server-checklist';
import { UrlInput } from './url-input';

const SOURCES: RadioCard<SourceKind>[] = [
  { value: 'servers', label: 'Registered servers', hint: 'Tools listed live from servers you registered' },
  { value: 'paste', label: 'Paste or upload JSON', hint: 'A server list or a tool list' },
  { value: 'urls', label: 'Live server URLs', hint: 'MCP servers over HTTP, one per line' },
];

type Props = { form: SimilarityForm; update: (patch: Partial<SimilarityForm>) => void; error?: string };

/** Exactly one source: the radio cards pick it, and only its panel is shown and sent. */
export function SourcePicker({ form, update, error }: Props) {
  return (
    <fieldset className="sim-fieldset" aria-describedby={error ? 'sim-source-error' : undefined}>
      <legend>1. Tools to compare</legend>
      <RadioCards name="sim-source" options={SOURCES} value={form.source} onChange={(source) => update({ source })} groupLabel="Input source" />
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
