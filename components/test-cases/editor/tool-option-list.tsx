'use client';

import { useId, useState } from 'react';
import type { Tool } from '@/components/data/types';

const FILTER_FROM = 8;

type Props = { tools: Tool[]; value: string; onChange: (name: string) => void };

/** The server's tools as radio buttons (arrow keys move between them); descriptions are untrusted, so plain text. */
export function ToolOptionList({ tools, value, onChange }: Props) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tools.filter((t) => `${t.name} ${t.title ?? ''} ${t.description ?? ''}`.toLowerCase().includes(needle)) : tools;
  return (
    <>
      {tools.length >= FILTER_FROM ? (
        <div className="field tc-tool-filter">
          <label htmlFor={`${id}-filter`}>Filter the {tools.length} tools</label>
          <input id={`${id}-filter`} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
      ) : null}
      <div className="tc-tool-list">
        {shown.map((t, i) => (
          // The tool name labels the radio; the (long) description is its description, not its name.
          <label key={t.name} className={`tc-tool-option${t.name === value ? ' is-selected' : ''}`}>
            <input
              type="radio"
              name={`${id}-tool`}
              value={t.name}
              checked={t.name === value}
              aria-labelledby={`${id}-name-${i}`}
              aria-describedby={`${id}-desc-${i}`}
              onChange={() => onChange(t.name)}
            />
            <span>
              <code id={`${id}-name-${i}`} className="tc-tool-name">
                {t.name}
              </code>
              {t.title && t.title !== t.name ? <span className="muted"> · {t.title}</span> : null}
              <span id={`${id}-desc-${i}`} className="tc-tool-desc">
                {t.description?.trim() || 'No description.'}
              </span>
            </span>
          </label>
        ))}
        {shown.length === 0 ? <p className="muted">No tool matches “{filter}”.</p> : null}
      </div>
    </>
  );
}
