'use client';

import { useId, useMemo, useState } from 'react';
import type { SimilarityForm } from '../form-state';
import { plural } from '../format';
import { parsePasted } from './parse-pasted';

/** The body limit of the similarity routes is 5 MB; a bigger file would only come back as a 413. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const EXAMPLE = `[
  {"server": "docs", "name": "search_docs", "description": "Search the documentation by keyword"},
  {"server": "docs", "name": "find_pages", "description": "Find documentation pages matching a keyword"}
]`;

type Props = { form: SimilarityForm; update: (patch: Partial<SimilarityForm>) => void };

export function PasteInput({ form, update }: Props) {
  const id = useId();
  const [fileNote, setFileNote] = useState<string | null>(null);
  const parsed = useMemo(() => (form.pasted.trim() ? parsePasted(form.pasted) : null), [form.pasted]);

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileNote(`${file.name} is larger than 5 MB: split it into smaller lists.`);
      return;
    }
    update({ pasted: await file.text() });
    setFileNote(`Loaded ${file.name}.`);
  }

  return (
    <div className="sim-paste">
      <div className="field">
        <label htmlFor={`${id}-json`}>Tools as JSON</label>
        <textarea
          id={`${id}-json`}
          aria-describedby={`${id}-hint ${id}-detected`}
          className="sim-textarea sim-json-input"
          rows={9}
          spellCheck={false}
          placeholder={EXAMPLE}
          value={form.pasted}
          onChange={(e) => update({ pasted: e.target.value })}
        />
        <small id={`${id}-hint`} className="muted">
          A server list <code>[{'{'}name, description, tools: [{'{'}name, description, parameter | inputSchema{'}'}]{'}'}]</code> (the shared data file
          format) or a tool list <code>[{'{'}server?, name, description, inputSchema?{'}'}]</code>. The format is detected from the shape.
        </small>
      </div>
      <div className="sim-paste-row">
        <label className="btn btn-small sim-file">
          Upload .json file
          <input type="file" accept="application/json,.json" className="sr-only" onChange={(e) => void onFile(e.target.files?.[0])} />
        </label>
        <p id={`${id}-detected`} className="sim-detected" aria-live="polite">
          {fileNote ? <span>{fileNote} </span> : null}
          {parsed === null ? null : parsed.ok ? (
            <span className="sim-ok">
              Detected a {parsed.kind === 'serverList' ? 'server list' : 'tool list'}: {plural(parsed.toolCount, 'tool')}
              {parsed.kind === 'serverList' ? ` in ${plural(parsed.serverCount, 'server')}` : ''}.
            </span>
          ) : (
            <span className="field-error">{parsed.error}</span>
          )}
        </p>
      </div>
      <label className="sim-inline-check">
        <input type="checkbox" checked={form.numberDuplicates} onChange={(e) => update({ numberDuplicates: e.target.checked })} />
        Keep repeated server/tool names (numbered #2, #3…) instead of rejecting the list
      </label>
    </div>
  );
}
