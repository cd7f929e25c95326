'use client';

import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { moveItem, RowActions } from './row-actions';
import { newKey, type ContextCallDraft, type TurnDraft } from './sequence-values';
import { ToolSelect } from './tool-select';
import type { ServerTools } from './use-case-tools';

type Props = { lists: ServerTools[]; turns: TurnDraft[]; errors: Record<string, string>; onChange: (turns: TurnDraft[]) => void };

const ROLE_NAMES: Record<TurnDraft['role'], string> = { user: 'User', assistant: 'Assistant', tool: 'Tool result' };

/** The conversation before the query: user and assistant messages, assistant tool calls and their results, sent verbatim. */
export function ContextEditor({ lists, turns, errors, onChange }: Props) {
  const id = useId();
  const set = (i: number, turn: TurnDraft) => onChange(turns.map((t, j) => (j === i ? turn : t)));
  const callIdsBefore = (i: number) => turns.slice(0, i).flatMap((t) => (t.role === 'assistant' ? t.toolCalls.map((c) => c.id.trim()).filter(Boolean) : []));
  const nextCallId = () => `call_${turns.reduce((n, t) => n + (t.role === 'assistant' ? t.toolCalls.length : 0), 0) + 1}`;
  const add = (role: TurnDraft['role']) => {
    const key = newKey('t');
    if (role === 'user') onChange([...turns, { key, role, content: '' }]);
    if (role === 'assistant') onChange([...turns, { key, role, content: '', toolCalls: [] }]);
    if (role === 'tool') {
      const answered = new Set(turns.flatMap((t) => (t.role === 'tool' ? [t.callId] : [])));
      const open = callIdsBefore(turns.length).find((c) => !answered.has(c)) ?? '';
      onChange([...turns, { key, role, callId: open, content: '', isError: false }]);
    }
  };
  return (
    <div>
      {turns.length === 0 ? <p className="muted">No earlier turns: the query opens the conversation.</p> : null}
      <ol className="tc-seq-list">
        {turns.map((t, i) => {
          const base = `${id}-${t.key}`;
          const name = `turn ${i + 1} (${ROLE_NAMES[t.role].toLowerCase()})`;
          const contentError = errors[`context.${i}.content`] ?? errors[`context.${i}`];
          return (
            <li key={t.key} className="tc-seq-item">
              <div className="tc-seq-head">
                <h4>
                  Turn {i + 1}: {ROLE_NAMES[t.role]}
                </h4>
                <RowActions label={name} index={i} count={turns.length} onMove={(to) => onChange(moveItem(turns, i, to))} onRemove={() => onChange(turns.filter((_, j) => j !== i))} />
              </div>
              {t.role === 'tool' ? (
                <div className="field">
                  <label htmlFor={`${base}-call`}>Answers the call</label>
                  <select
                    id={`${base}-call`}
                    value={t.callId}
                    aria-invalid={errors[`context.${i}.callId`] ? true : undefined}
                    aria-describedby={errors[`context.${i}.callId`] ? `${base}-call-error` : undefined}
                    onChange={(e) => set(i, { ...t, callId: e.target.value })}
                  >
                    <option value="">Choose an earlier call…</option>
                    {[...new Set([...callIdsBefore(i), ...(t.callId ? [t.callId] : [])])].map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`${base}-call-error`} error={errors[`context.${i}.callId`]} />
                </div>
              ) : null}
              <div className="field">
                <label htmlFor={`${base}-content`}>{t.role === 'tool' ? `Result text of turn ${i + 1}` : `Text of turn ${i + 1}`}</label>
                <textarea
                  id={`${base}-content`}
                  rows={2}
                  value={t.content}
                  aria-invalid={contentError ? true : undefined}
                  aria-describedby={contentError ? `${base}-content-error` : undefined}
                  onChange={(e) => set(i, { ...t, content: e.target.value })}
                />
                <FieldError id={`${base}-content-error`} error={contentError} />
              </div>
              {t.role === 'tool' ? (
                <div className="tc-toggle">
                  <input id={`${base}-error`} type="checkbox" checked={t.isError} onChange={(e) => set(i, { ...t, isError: e.target.checked })} />
                  <label htmlFor={`${base}-error`}>Turn {i + 1} is an error result</label>
                </div>
              ) : null}
              {t.role === 'assistant' ? (
                <ContextCalls
                  base={base}
                  turn={i}
                  lists={lists}
                  calls={t.toolCalls}
                  errors={errors}
                  nextId={nextCallId}
                  onChange={(toolCalls) => set(i, { ...t, toolCalls })}
                />
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="tc-seq-add">
        <button type="button" className="btn" onClick={() => add('user')}>
          Add a user turn
        </button>
        <button type="button" className="btn" onClick={() => add('assistant')}>
          Add an assistant turn
        </button>
        <button type="button" className="btn" onClick={() => add('tool')} disabled={callIdsBefore(turns.length).length === 0} title="Answers a tool call of an earlier assistant turn">
          Add a tool result
        </button>
      </div>
      <FieldError error={errors.context} />
    </div>
  );
}

type CallsProps = {
  base: string;
  turn: number;
  lists: ServerTools[];
  calls: ContextCallDraft[];
  errors: Record<string, string>;
  nextId: () => string;
  onChange: (calls: ContextCallDraft[]) => void;
};

function ContextCalls({ base, turn, lists, calls, errors, nextId, onChange }: CallsProps) {
  const set = (j: number, patch: Partial<ContextCallDraft>) => onChange(calls.map((c, k) => (k === j ? { ...c, ...patch } : c)));
  return (
    <div className="tc-seq-subcalls">
      {calls.map((c, j) => {
        const at = `context.${turn}.toolCalls.${j}`;
        const cb = `${base}-${c.key}`;
        const label = `tool call ${j + 1} of turn ${turn + 1}`;
        return (
          <fieldset key={c.key} className="tc-fieldset tc-seq-subcall">
            <legend>
              Tool call {j + 1} of turn {turn + 1}
            </legend>
            <div className="tc-value-pair">
              <div className="field">
                <label htmlFor={`${cb}-id`}>Call id</label>
                <input id={`${cb}-id`} autoComplete="off" spellCheck={false} value={c.id} aria-invalid={errors[`${at}.id`] ? true : undefined} onChange={(e) => set(j, { id: e.target.value })} />
                <FieldError error={errors[`${at}.id`]} />
              </div>
              <div className="field">
                <label htmlFor={`${cb}-tool`}>Tool</label>
                <ToolSelect id={`${cb}-tool`} value={c} lists={lists} invalid={Boolean(errors[`${at}.tool`] ?? errors[`${at}.server`])} onChange={(r) => set(j, r)} />
                <FieldError error={errors[`${at}.tool`] ?? errors[`${at}.server`]} />
              </div>
            </div>
            <div className="field">
              <label htmlFor={`${cb}-args`}>Arguments (JSON)</label>
              <textarea id={`${cb}-args`} className="tc-mono" rows={2} spellCheck={false} value={c.argumentsText} aria-invalid={errors[`${at}.arguments`] ? true : undefined} onChange={(e) => set(j, { argumentsText: e.target.value })} />
              <FieldError error={errors[`${at}.arguments`]} />
            </div>
            <button type="button" className="btn btn-small" aria-label={`Remove ${label}`} onClick={() => onChange(calls.filter((_, k) => k !== j))}>
              Remove call
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn btn-small" onClick={() => onChange([...calls, { key: newKey('c'), id: nextId(), server: '', tool: '', argumentsText: '{}' }])}>
        Add a tool call to turn {turn + 1}
      </button>
    </div>
  );
}
