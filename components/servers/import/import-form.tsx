'use client';

import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';

const EXAMPLE = `{
  "mcpServers": {
    "everything": { "url": "http://127.0.0.1:3001/mcp" },
    "filesystem": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"] }
  }
}`;

type Props = { pending: boolean; error: string | null; onSubmit: (document: string) => void };

/** Paste a document or pick a file (its text lands in the editor, so it can be checked first). */
export function ImportForm({ pending, error, onSubmit }: Props) {
  const [text, setText] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const fileId = useId();

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    setFileName(file.name);
    setLocalError(null);
    try {
      setText(await file.text());
    } catch {
      setLocalError(`Could not read ${file.name}.`);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim() === '') return setLocalError('Paste a document or choose a file first.');
    try {
      JSON.parse(text);
    } catch (err) {
      return setLocalError(`This is not valid JSON: ${err instanceof Error ? err.message : 'parse error'}`);
    }
    setLocalError(null);
    onSubmit(text);
  };

  return (
    <form className="panel srv-form" onSubmit={submit} noValidate aria-busy={pending}>
      <div className="field">
        <label htmlFor={fileId}>Choose a file</label>
        <input id={fileId} type="file" accept=".json,application/json" onChange={(e) => void pick(e)} aria-describedby={`${fileId}-hint`} />
        <small id={`${fileId}-hint`} className="muted">
          {fileName ? `Loaded ${fileName} into the editor below.` : 'claude_desktop_config.json, .cursor/mcp.json, .vscode/mcp.json or VS Code settings.json.'}
        </small>
      </div>
      <Field
        label="Or paste the document"
        hint='Accepted shapes: {"mcpServers": {...}} (Claude Desktop, Cursor, Claude Code), {"servers": {...}} (VS Code mcp.json), {"mcp": {"servers": {...}}} (VS Code settings).'
        error={localError ?? error}
      >
        {(p) => <textarea {...p} className="srv-code-input" rows={12} spellCheck={false} placeholder={EXAMPLE} value={text} onChange={(e) => setText(e.target.value)} />}
      </Field>
      <div className="srv-form-actions">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? 'Importing and connecting…' : 'Import servers'}
        </button>
        <span className="muted srv-small">
          Existing names and URLs are skipped. Placeholders such as {'${TOKEN}'} are not stored as secrets: set them after the import.
        </span>
      </div>
    </form>
  );
}
