'use client';

import { useId, useState } from 'react';
import type { Tool } from '@/components/data/types';
import type { LintResult } from '@/components/quality/api';
import { ScoreBadge } from '@/components/quality/severity';
import { ToolCard } from './tool-card';

/** The live tool list with a name/description filter. */
export function ToolsSection({ tools, durationMs, onTry, lint }: { tools: Tool[]; durationMs: number; onTry: (name: string) => void; lint?: LintResult }) {
  const [filter, setFilter] = useState('');
  const id = useId();
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tools.filter((t) => `${t.name} ${t.title ?? ''} ${t.description ?? ''}`.toLowerCase().includes(needle)) : tools;
  return (
    <section className="panel srv-tools" aria-labelledby={`${id}-title`}>
      <div className="srv-section-head">
        <h2 id={`${id}-title`}>
          Tools <span className="muted srv-small">({tools.length}, listed live in {durationMs} ms)</span>
        </h2>
        {lint?.servers[0] ? (
          <p className="srv-small">
            Description quality <ScoreBadge score={lint.servers[0].score} label="Description quality of this server" />
          </p>
        ) : null}
      </div>
      {tools.length > 5 ? (
        <div className="field">
          <label htmlFor={`${id}-filter`}>Filter tools</label>
          <input id={`${id}-filter`} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Name or description" />
        </div>
      ) : null}
      {shown.length === 0 ? (
        <p className="muted" role="status">
          No tool matches “{filter}”.
        </p>
      ) : (
        <ul className="srv-tool-list">
          {shown.map((t) => (
            <ToolCard key={t.name} tool={t} onTry={() => onTry(t.name)} quality={lint?.tools.find((q) => q.name === t.name)} />
          ))}
        </ul>
      )}
    </section>
  );
}
