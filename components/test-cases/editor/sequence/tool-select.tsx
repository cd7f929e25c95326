'use client';

import type { ServerTools } from './use-case-tools';
import type { ToolRef } from './sequence-values';

type Props = {
  id: string;
  value: ToolRef;
  lists: ServerTools[];
  describedBy?: string;
  invalid?: boolean;
  onChange: (value: ToolRef) => void;
};

const SEP = '\u0000';
const encode = (r: ToolRef) => `${r.server}${SEP}${r.tool}`;

/** One tool of the case's servers, grouped by server; the current value stays listed even when a server no longer lists it. */
export function ToolSelect({ id, value, lists, describedBy, invalid, onChange }: Props) {
  const current = value.server && value.tool ? encode(value) : '';
  const known = lists.some((l) => l.server.name === value.server && l.tools?.some((t) => t.name === value.tool));
  return (
    <select
      id={id}
      value={current}
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      onChange={(e) => {
        const [server = '', tool = ''] = e.target.value.split(SEP);
        onChange({ server, tool });
      }}
    >
      <option value="">Choose a tool…</option>
      {current && !known ? <option value={current}>{`${value.server}/${value.tool}`}</option> : null}
      {lists.map((l) => (
        <optgroup key={l.server.id} label={l.failed ? `${l.server.name} (cannot list tools)` : l.tools === null ? `${l.server.name} (loading…)` : l.server.name}>
          {(l.tools ?? []).map((t) => (
            <option key={t.name} value={encode({ server: l.server.name, tool: t.name })}>
              {t.name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
