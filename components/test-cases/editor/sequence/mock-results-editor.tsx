'use client';

import { useId } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { moveItem, RowActions } from './row-actions';
import { newKey, type MockDraft } from './sequence-values';
import { ToolSelect } from './tool-select';
import type { ServerTools } from './use-case-tools';

type Props = { lists: ServerTools[]; mocks: MockDraft[]; errors: Record<string, string>; onChange: (mocks: MockDraft[]) => void };

/** Scripted results for calls that do not run for real; the first whose tool and argument match fit answers. */
export function MockResultsEditor({ lists, mocks, errors, onChange }: Props) {
  const id = useId();
  const set = (i: number, patch: Partial<MockDraft>) => onChange(mocks.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  return (
    <div>
      <ol className="tc-seq-list">
        {mocks.map((m, i) => {
          const base = `${id}-${m.key}`;
          const toolError = errors[`mockResults.${i}.tool`] ?? errors[`mockResults.${i}.server`];
          const matchError = errors[`mockResults.${i}.match`];
          const textError = errors[`mockResults.${i}.result.text`] ?? errors[`mockResults.${i}.result`] ?? errors[`mockResults.${i}`];
          return (
            <li key={m.key} className="tc-seq-item">
              <div className="tc-seq-head">
                <h4>Mock result {i + 1}</h4>
                <RowActions label={`mock result ${i + 1}`} index={i} count={mocks.length} onMove={(to) => onChange(moveItem(mocks, i, to))} onRemove={() => onChange(mocks.filter((_, j) => j !== i))} />
              </div>
              <div className="field">
                <label htmlFor={`${base}-tool`}>Tool of mock result {i + 1}</label>
                <ToolSelect id={`${base}-tool`} value={m} lists={lists} invalid={Boolean(toolError)} describedBy={toolError ? `${base}-tool-error` : undefined} onChange={(r) => set(i, r)} />
                <FieldError id={`${base}-tool-error`} error={toolError} />
              </div>
              <div className="field">
                <label htmlFor={`${base}-match`}>Only when the arguments include (JSON, optional)</label>
                <input
                  id={`${base}-match`}
                  className="tc-mono"
                  autoComplete="off"
                  spellCheck={false}
                  placeholder='e.g. {"id": 3}'
                  value={m.matchText}
                  aria-invalid={matchError ? true : undefined}
                  aria-describedby={matchError ? `${base}-match-error` : undefined}
                  onChange={(e) => set(i, { matchText: e.target.value })}
                />
                <FieldError id={`${base}-match-error`} error={matchError} />
              </div>
              <div className="field">
                <label htmlFor={`${base}-text`}>Result text of mock result {i + 1}</label>
                <textarea
                  id={`${base}-text`}
                  rows={3}
                  spellCheck={false}
                  value={m.text}
                  aria-invalid={textError ? true : undefined}
                  aria-describedby={textError ? `${base}-text-error` : undefined}
                  onChange={(e) => set(i, { text: e.target.value })}
                />
                <FieldError id={`${base}-text-error`} error={textError} />
              </div>
              <div className="tc-toggle">
                <input id={`${base}-error`} type="checkbox" checked={m.isError} onChange={(e) => set(i, { isError: e.target.checked })} />
                <label htmlFor={`${base}-error`}>Mock result {i + 1} is an error (isError)</label>
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn" disabled={mocks.length >= 50} onClick={() => onChange([...mocks, { key: newKey('m'), server: '', tool: '', matchText: '', text: '', isError: false }])}>
        Add a mock result
      </button>
    </div>
  );
}
