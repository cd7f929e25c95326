'use client';

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queries } from '@/components/data/queries';
import type { ServerDto } from '@/components/data/types';
import { DescriptionDiff } from '@/components/similarity/results/description-diff';
import { Field } from '@/components/ui/field';
import { ErrorState } from '@/components/ui/states';
import type { ChangeErrors, DraftChange } from './draft';

type Props = {
  change: DraftChange;
  index: number;
  servers: ServerDto[];
  errors?: ChangeErrors;
  onChange: (patch: Partial<DraftChange>) => void;
  onRemove: (() => void) | null;
};

/** One changed tool: which one (from the registered servers' live lists), and its new text in a before/after diff. */
export function ToolChangeEditor({ change, index, servers, errors, onChange, onRemove }: Props) {
  const server = servers.find((s) => s.name === change.server);
  const tools = useQuery({ ...queries.serverTools(server?.id ?? ''), enabled: Boolean(server) });
  const tool = tools.data?.items.find((t) => t.name === change.tool);
  const label = change.tool ? `${change.server}/${change.tool}` : `Tool ${index + 1}`;

  // The live description is the "before"; a prefill without a rewrite starts from it.
  useEffect(() => {
    if (tool && change.originalDescription === null) {
      const original = tool.description ?? '';
      onChange({ originalDescription: original, ...(change.description === '' ? { description: original } : {}) });
    }
  }, [tool, change.originalDescription, change.description, onChange]);

  const toolNames = tools.data?.items.map((t) => t.name) ?? [];
  if (change.tool && !toolNames.includes(change.tool)) toolNames.unshift(change.tool);

  return (
    <fieldset className="exp-change" data-testid="exp-change">
      <legend>{label}</legend>
      {onRemove ? (
        <button type="button" className="btn btn-small exp-remove" onClick={onRemove} aria-label={`Remove ${label} from this variant`}>
          Remove
        </button>
      ) : null}
      <div className="exp-change-pick">
        <Field label="Server" error={errors?.tool}>
          {(props) => (
            <select {...props} value={change.server} onChange={(e) => onChange({ server: e.target.value, tool: '', originalDescription: null, description: '' })}>
              <option value="">Choose a server…</option>
              {servers.map((s) => (
                <option key={s.id} value={s.name}>
                  {s.name}
                </option>
              ))}
              {change.server && !server ? <option value={change.server}>{change.server} (not registered)</option> : null}
            </select>
          )}
        </Field>
        <Field label="Tool" hint={tools.isPending && server ? 'Listing the server’s tools…' : undefined}>
          {(props) => (
            <select {...props} value={change.tool} disabled={!change.server} onChange={(e) => onChange({ tool: e.target.value, originalDescription: null, description: '' })}>
              <option value="">Choose a tool…</option>
              {toolNames.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {tools.isError ? <ErrorState error={tools.error} onRetry={() => void tools.refetch()} /> : null}
      {change.tool ? (
        <>
          <Field
            label={`New description of ${change.tool}`}
            hint={change.source ? `Prefilled: ${change.source}.` : 'What the model will be shown instead of the current description.'}
            error={errors?.description}
          >
            {(props) => <textarea {...props} rows={4} value={change.description} onChange={(e) => onChange({ description: e.target.value })} />}
          </Field>
          {change.originalDescription !== null ? (
            <div className="exp-diff" aria-label={`Description of ${change.tool}, before and after`} role="group">
              <h4 className="exp-sub">Before and after</h4>
              <DescriptionDiff before={change.originalDescription} after={change.description} />
              {change.description !== change.originalDescription ? (
                <button type="button" className="btn btn-small" onClick={() => onChange({ description: change.originalDescription ?? '' })}>
                  Reset to the current description
                </button>
              ) : (
                <p className="muted exp-small">Unchanged: edit the text to try a rewrite.</p>
              )}
            </div>
          ) : null}
          <details className="runs-details" open={Boolean(change.rename || change.schemaText || errors?.rename || errors?.schema)}>
            <summary>Rename or change the input schema</summary>
            <Field label="New name (optional)" hint="The test cases follow the rename." error={errors?.rename}>
              {(props) => <input {...props} value={change.rename} placeholder={change.tool} spellCheck={false} onChange={(e) => onChange({ rename: e.target.value })} />}
            </Field>
            <Field label="New input schema (optional, JSON)" hint="Empty keeps the tool’s own schema." error={errors?.schema}>
              {(props) => (
                <textarea
                  {...props}
                  rows={5}
                  spellCheck={false}
                  value={change.schemaText}
                  placeholder={tool ? JSON.stringify(tool.inputSchema, null, 2) : '{"type": "object", "properties": {}}'}
                  onChange={(e) => onChange({ schemaText: e.target.value })}
                />
              )}
            </Field>
          </details>
        </>
      ) : null}
    </fieldset>
  );
}
