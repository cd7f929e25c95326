'use client';

import { useId } from 'react';
import type { Tool } from '@/components/data/types';
import { useCallTool } from '../mutations';
import { ArgumentsEditor } from './arguments-editor';
import { CallFailure, CallResult } from './call-result';
import { argumentIssues } from './issues';

type Props = { serverId: string; tools: Tool[]; selected: string; onSelect: (name: string) => void };

/** Pick a tool, fill in its arguments, call it and see what came back. */
export function Playground({ serverId, tools, selected, onSelect }: Props) {
  const call = useCallTool(serverId);
  const selectId = useId();
  const tool = tools.find((t) => t.name === selected);
  // The last outcome belongs to the tool it was made with.
  const forThisTool = call.variables?.tool === selected;
  const issues = forThisTool ? argumentIssues(call.error) : [];

  return (
    <section className="panel srv-playground" aria-labelledby="srv-playground-title" id="playground">
      <h2 id="srv-playground-title">Playground</h2>
      <div className="field">
        <label htmlFor={selectId}>Tool</label>
        <select
          id={selectId}
          value={selected}
          onChange={(e) => {
            call.reset();
            onSelect(e.target.value);
          }}
        >
          {tools.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      {tool ? (
        <>
          {tool.description ? <p className="srv-tool-desc srv-clamp-3">{tool.description}</p> : null}
          <ArgumentsEditor key={tool.name} tool={tool} pending={call.isPending} issues={issues} onCall={(args) => call.mutate({ tool: tool.name, args })} />
          <div aria-live="polite" className="sr-only">
            {call.isPending ? `Calling ${tool.name}…` : forThisTool && call.data ? `Call finished: ${call.data.status}` : ''}
          </div>
          {forThisTool && call.data ? <CallResult execution={call.data} /> : null}
          {forThisTool && call.error && issues.length === 0 ? <CallFailure error={call.error} /> : null}
        </>
      ) : null}
    </section>
  );
}
