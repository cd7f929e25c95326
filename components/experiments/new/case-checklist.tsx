'use client';

import { useId, useState } from 'react';
import Link from 'next/link';
import type { TestCaseDto } from '@/components/data/types';
import { toolLabel } from '@/components/runs/format';
import { EmptyState } from '@/components/ui/states';
import { FieldError } from '@/components/ui/field-error';
import { filterCases } from '../default-cases';

type Props = {
  cases: TestCaseDto[];
  selected: string[];
  /** True while the selection follows the changed tools (the user has not ticked anything yet). */
  following: boolean;
  /** The preselected cases, listed first so the choice is visible without scrolling. */
  preselected: string[];
  onChange: (ids: string[]) => void;
  onReset: () => void;
  error?: string;
};

function pinFirst<T extends { id: string }>(items: T[], ids: string[]): T[] {
  const pinned = new Set(ids);
  return [...items.filter((c) => pinned.has(c.id)), ...items.filter((c) => !pinned.has(c.id))];
}

/** The test cases every variant runs: a filterable checklist, preselected from the changed tools. */
export function CaseChecklist({ cases, selected, following, preselected, onChange, onReset, error }: Props) {
  const id = useId();
  const [term, setTerm] = useState('');
  const shown = pinFirst(filterCases(cases, term), preselected);
  const chosen = new Set(selected);
  const toggle = (caseId: string, on: boolean) => onChange(on ? [...selected, caseId] : selected.filter((x) => x !== caseId));
  return (
    <fieldset className="runs-fieldset" aria-describedby={error ? `${id}-error` : undefined} data-testid="exp-cases">
      <legend>Test cases</legend>
      <p className="muted runs-note">
        {following
          ? 'Preselected: the cases that expect a changed tool (from a recommendation), or every case of a changed tool’s server. Ticking a box makes the choice yours.'
          : 'Your selection.'}
      </p>
      {cases.length === 0 ? (
        <EmptyState title="No test cases yet">
          Write some on the <Link href="/test-cases">test cases</Link> page first.
        </EmptyState>
      ) : (
        <div className="runs-picker">
          <div className="runs-picker-bar">
            <label htmlFor={`${id}-search`} className="sr-only">
              Filter test cases
            </label>
            <input id={`${id}-search`} type="search" placeholder="Filter by name, query or tool…" value={term} onChange={(e) => setTerm(e.target.value)} />
            <span className="muted" aria-live="polite" data-testid="exp-cases-count">
              {selected.length} selected
            </span>
            <button type="button" className="btn btn-small" disabled={shown.length === 0} onClick={() => onChange([...new Set([...selected, ...shown.map((c) => c.id)])])}>
              Select all shown
            </button>
            <button type="button" className="btn btn-small" disabled={selected.length === 0} onClick={() => onChange([])}>
              Clear
            </button>
            {!following ? (
              <button type="button" className="btn btn-small" onClick={onReset}>
                Back to the preselection
              </button>
            ) : null}
          </div>
          {shown.length === 0 ? <EmptyState title={`No test case matches “${term.trim()}”`} /> : null}
          {shown.length > 0 ? (
            <ul className="runs-picker-list" aria-label="Test cases to run">
              {shown.map((t) => (
                <li key={t.id}>
                  <label className="runs-check">
                    <input type="checkbox" checked={chosen.has(t.id)} onChange={(e) => toggle(t.id, e.target.checked)} />
                    <span>
                      <span className="runs-picker-name">{t.name}</span> <span className="muted">→ {toolLabel(t.expectedServer, t.expectedTool, 'no tool (negative)')}</span>
                      <span className="runs-picker-query">{t.query}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
