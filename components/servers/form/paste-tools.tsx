'use client';

import { useId, useState } from 'react';
import { draftsFromPaste, type PasteResult, type ToolDraft } from './tool-drafts';

const FORMAT_NAMES: Record<string, string> = { mcp: 'MCP tools/list', openai: 'OpenAI functions', anthropic: 'Anthropic tools', 'data-file': 'data file tools' };

/** "Paste tools": any supported format, appended to or replacing the editor's list. */
export function PasteTools({ onImport }: { onImport: (drafts: ToolDraft[], mode: 'append' | 'replace') => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [result, setResult] = useState<PasteResult | null>(null);

  const run = (mode: 'append' | 'replace') => {
    const r = draftsFromPaste(text);
    setResult(r);
    if (r.drafts.length) {
      onImport(r.drafts, mode);
      setText('');
    }
  };

  return (
    <details className="srv-paste-tools">
      <summary>Paste tools</summary>
      <div className="field">
        <label htmlFor={id}>Tool definitions (JSON)</label>
        <textarea
          id={id}
          rows={8}
          spellCheck={false}
          className="srv-code-input"
          aria-describedby={`${id}-hint`}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <small id={`${id}-hint`} className="muted">
          An MCP tools/list result, OpenAI function definitions, Anthropic tool definitions or the data file&apos;s tools
          ({'{name, description, parameter}'}); formats may be mixed.
        </small>
      </div>
      <div className="srv-form-actions">
        <button type="button" className="btn" disabled={text.trim() === ''} onClick={() => run('append')}>
          Add to the list
        </button>
        <button type="button" className="btn" disabled={text.trim() === ''} onClick={() => run('replace')}>
          Replace the list
        </button>
      </div>
      <div role="status" aria-live="polite">
        {result && result.drafts.length ? (
          <p className="srv-small">
            Imported {result.drafts.length} tool{result.drafts.length === 1 ? '' : 's'} ({result.formats.map((f) => FORMAT_NAMES[f] ?? f).join(', ')}).
          </p>
        ) : null}
      </div>
      {result && result.errors.length ? (
        <ul className="field-error srv-issue-list" role="alert">
          {result.errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
