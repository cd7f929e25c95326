'use client';

import Link from 'next/link';
import { useId } from 'react';
import type { ServerDto } from '@/components/data/types';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/states';
import { FieldError } from '@/components/ui/field-error';

type Props = { servers: ServerDto[]; value: string[]; error?: string; onChange: (ids: string[]) => void };

/** Which servers' tools the model is shown: a checkbox per registered server. */
export function ServerPicker({ servers, value, error, onChange }: Props) {
  const id = useId();
  if (servers.length === 0) {
    return (
      <EmptyState title="No MCP servers are registered.">
        A test case runs against the tools of one or more servers. Register one on the <Link href="/servers">Servers</Link> page
        first, then come back.
      </EmptyState>
    );
  }
  const selected = new Set(value);
  return (
    <fieldset className="tc-fieldset" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} aria-invalid={error ? true : undefined}>
      <legend>Servers</legend>
      <p id={`${id}-hint`} className="muted tc-hint">
        The model is shown every tool of the servers ticked here.
      </p>
      <ul className="tc-checklist">
        {servers.map((s) => (
          <li key={s.id}>
            <label>
              <input
                type="checkbox"
                checked={selected.has(s.id)}
                onChange={(e) => onChange(e.target.checked ? [...value, s.id] : value.filter((v) => v !== s.id))}
              />
              <span className="tc-server-name">{s.name}</span>
              <span className="muted">{s.transport}</span>
              {s.status !== 'active' ? <Badge value={s.status} /> : null}
            </label>
          </li>
        ))}
      </ul>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
