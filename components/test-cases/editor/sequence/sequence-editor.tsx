'use client';

import { useId } from 'react';
import type { ServerDto } from '@/components/data/types';
import { Field } from '@/components/ui/field';
import { FieldError } from '@/components/ui/field-error';
import { RadioCards } from '@/components/ui/radio-cards';
import { MAX_STEPS_LIMIT } from '@/lib/eval/sequence/types';
import { ContextEditor } from './context-editor';
import { ExpectedCallsEditor } from './expected-calls-editor';
import { MockResultsEditor } from './mock-results-editor';
import { sameTool, type ExecuteKind, type SequenceValues } from './sequence-values';
import { ToolChecklist } from './tool-checklist';
import { useCaseTools } from './use-case-tools';

type Props = {
  /** The servers ticked for the case. */
  servers: ServerDto[];
  value: SequenceValues;
  /** Problems by API path. */
  errors: Record<string, string>;
  showErrors: boolean;
  onChange: (patch: Partial<SequenceValues>) => void;
};

const EXECUTE_OPTIONS = [
  { value: 'none', label: 'Run nothing', hint: 'Every call gets its mock result below, or a "not executed" result. Nothing reaches a server.' },
  { value: 'read-only', label: 'Read-only tools', hint: 'Tools whose annotations say readOnlyHint run for real; the rest as under "Run nothing".' },
  { value: 'allow', label: 'These tools', hint: 'Only the tools ticked below run for real; the rest as under "Run nothing".' },
] as const satisfies readonly { value: ExecuteKind; label: string; hint: string }[];

/** Errors under one field: the field's own and those of its items (forbiddenTools.0 -> forbiddenTools). */
function firstUnder(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([p]) => p.startsWith(`${field}.`))?.[1];
}

/** The sequence-mode part of the editor: expected calls, how they are judged, what runs for real, and the conversation so far. */
export function SequenceEditor({ servers, value, errors, showErrors, onChange }: Props) {
  const id = useId();
  const lists = useCaseTools(servers);
  const expectedWhy = (ref: { server: string; tool: string }) => (value.expectedCalls.some((c) => sameTool(c, ref)) ? 'an expected call' : null);
  if (servers.length === 0) return <p className="tc-warning">Tick at least one server above, then list the calls the model should make.</p>;
  return (
    <>
      <section className="tc-subsection" aria-labelledby={`${id}-calls`}>
        <h3 id={`${id}-calls`}>Expected calls</h3>
        <ExpectedCallsEditor servers={servers} lists={lists} calls={value.expectedCalls} errors={errors} showErrors={showErrors} onChange={(expectedCalls) => onChange({ expectedCalls })} />
        <Field label="Call order" error={errors.callOrder} hint="Exact: the calls must come in this order (others may come between). Any: each must be made, in any order.">
          {(p) => (
            <select {...p} value={value.callOrder} onChange={(e) => onChange({ callOrder: e.target.value === 'any' ? 'any' : 'exact' })}>
              <option value="exact">Exact order</option>
              <option value="any">Any order</option>
            </select>
          )}
        </Field>
        <Field label="Maximum steps" error={errors.maxSteps} hint={`Model turns before the loop stops (1-${MAX_STEPS_LIMIT}); each turn may make several calls.`}>
          {(p) => <input {...p} type="number" min={1} max={MAX_STEPS_LIMIT} step={1} inputMode="numeric" className="tc-narrow" value={value.maxSteps} onChange={(e) => onChange({ maxSteps: e.target.value })} />}
        </Field>
        <ToolChecklist
          legend="Forbidden tools"
          hint="A call of one of these fails the case (forbidden_tool). Expected calls cannot be forbidden."
          lists={lists}
          value={value.forbiddenTools}
          error={firstUnder(errors, 'forbiddenTools')}
          disabled={expectedWhy}
          onChange={(forbiddenTools) => onChange({ forbiddenTools })}
        />
      </section>

      <section className="tc-subsection" aria-labelledby={`${id}-exec`}>
        <h3 id={`${id}-exec`}>What runs for real</h3>
        <fieldset className="tc-fieldset" aria-describedby={errors.execute ? `${id}-exec-error` : undefined}>
          <legend>Execution policy</legend>
          <RadioCards name={`${id}-execute`} options={EXECUTE_OPTIONS} value={value.executeKind} onChange={(executeKind) => onChange({ executeKind })} />
        </fieldset>
        {value.executeKind === 'allow' ? (
          <ToolChecklist
            legend="Tools allowed to run"
            hint="Calls of these tools are sent to the real server, with a timeout and a size cap."
            lists={lists}
            value={value.allow}
            error={firstUnder(errors, 'execute')}
            onChange={(allow) => onChange({ allow })}
          />
        ) : (
          <FieldError id={`${id}-exec-error`} error={firstUnder(errors, 'execute')} />
        )}
        <h4>Mock results</h4>
        <p className="muted tc-hint">The result a call that does not run gets instead of &ldquo;not executed&rdquo;, e.g. a scripted confirmation for a destructive tool.</p>
        <MockResultsEditor lists={lists} mocks={value.mockResults} errors={errors} onChange={(mockResults) => onChange({ mockResults })} />
        <FieldError error={errors.mockResults} />
      </section>

      <section className="tc-subsection" aria-labelledby={`${id}-context`}>
        <h3 id={`${id}-context`}>Conversation before the query</h3>
        <p className="muted tc-hint">Earlier turns the model sees verbatim before the query, e.g. a search it already made and its result.</p>
        <ContextEditor lists={lists} turns={value.context} errors={errors} onChange={(context) => onChange({ context })} />
      </section>
    </>
  );
}
