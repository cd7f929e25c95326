'use client';

import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { ANNOTATION_HINTS } from '@/lib/servers/static-tools/tool';
import { PasteTools } from './paste-tools';
import { checkToolDraft, HINT_DEFAULTS, hintChoice, newToolDraft, withHint, type AnnotationHint, type HintChoice, type ToolDraft } from './tool-drafts';

const HINT_LABELS: Record<AnnotationHint, string> = {
  readOnlyHint: 'Read-only',
  destructiveHint: 'Destructive',
  idempotentHint: 'Idempotent',
  openWorldHint: 'Open world',
};

type Props = { tools: ToolDraft[]; onChange: (tools: ToolDraft[]) => void; error?: string };

/** The tool editor of a static server: add, remove, reorder, edit; schemas checked as typed. */
export function StaticToolsFields({ tools, onChange, error }: Props) {
  const update = (id: number, patch: Partial<ToolDraft>) => onChange(tools.map((t) => (t.id === id ? { ...t, ...patch } : t)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...tools];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + by, 0, moved);
    onChange(next);
  };

  return (
    <fieldset className="srv-fieldset" aria-describedby={error ? 'srv-tools-error' : undefined}>
      <legend>Tools ({tools.length})</legend>
      <p className="muted srv-small">
        The definitions a model is shown. Nothing runs behind them: evaluations, similarity and lint use them like a live server&apos;s tools.
      </p>
      <FieldError id="srv-tools-error" error={error} />
      <PasteTools onImport={(drafts, mode) => onChange(mode === 'replace' ? drafts : [...tools, ...drafts])} />
      <ol className="srv-tool-editor">
        {tools.map((tool, index) => {
          const errors = checkToolDraft(tool, tools);
          const label = tool.name.trim() || `tool ${index + 1}`;
          return (
            <li key={tool.id}>
              <fieldset className="srv-fieldset" aria-label={`Tool ${index + 1}: ${label}`}>
                <legend>
                  {index + 1}. {label}
                </legend>
                <Field label="Name" hint="Letters, digits, “.”, “_” and “-”, up to 128." error={errors.name}>
                  {(p) => <input {...p} autoComplete="off" spellCheck={false} value={tool.name} onChange={(e) => update(tool.id, { name: e.target.value })} />}
                </Field>
                <Field label="Description">
                  {(p) => <textarea {...p} rows={3} value={tool.description} onChange={(e) => update(tool.id, { description: e.target.value })} />}
                </Field>
                <Field label="Input schema (JSON)" hint='A JSON Schema with "type": "object".' error={errors.inputSchema}>
                  {(p) => (
                    <textarea {...p} rows={6} spellCheck={false} className="srv-code-input" value={tool.inputSchema} onChange={(e) => update(tool.id, { inputSchema: e.target.value })} />
                  )}
                </Field>
                <Field label="Output schema (JSON, optional)" error={errors.outputSchema}>
                  {(p) => (
                    <textarea {...p} rows={2} spellCheck={false} className="srv-code-input" value={tool.outputSchema} onChange={(e) => update(tool.id, { outputSchema: e.target.value })} />
                  )}
                </Field>
                <Field label="Title (annotation, optional)">
                  {(p) => <input {...p} value={tool.title} onChange={(e) => update(tool.id, { title: e.target.value })} />}
                </Field>
                <fieldset className="srv-hints">
                  <legend>Hints</legend>
                  {ANNOTATION_HINTS.map((h) => (
                    <label key={h} className="srv-hint">
                      {HINT_LABELS[h]}{' '}
                      <select value={hintChoice(tool, h)} onChange={(e) => onChange(tools.map((t) => (t.id === tool.id ? withHint(t, h, e.target.value as HintChoice) : t)))}>
                        <option value="unset">not set (MCP assumes {String(HINT_DEFAULTS[h])})</option>
                        <option value="true">true</option>
                        <option value="false">false</option>
                      </select>
                    </label>
                  ))}
                </fieldset>
                <div className="srv-form-actions">
                  <button type="button" className="btn btn-small" disabled={index === 0} onClick={() => move(index, -1)} aria-label={`Move ${label} up`}>
                    Move up
                  </button>
                  <button type="button" className="btn btn-small" disabled={index === tools.length - 1} onClick={() => move(index, 1)} aria-label={`Move ${label} down`}>
                    Move down
                  </button>
                  <button type="button" className="btn btn-small" onClick={() => onChange(tools.filter((t) => t.id !== tool.id))} aria-label={`Remove ${label}`}>
                    Remove
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn" onClick={() => onChange([...tools, newToolDraft()])}>
        Add tool
      </button>
    </fieldset>
  );
}
