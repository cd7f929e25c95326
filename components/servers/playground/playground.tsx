'use client';

import { useId } from 'react';
import { ApiError } from '@/components/data/fetcher';
import type { Tool } from '@/components/data/types';
import { ArgumentsEditor } from './arguments-editor';
import { CallFailure, CallResult } from './call-result';
import { argumentIssues } from './issues';
import { CANCELLED, type CallProgress } from './stream-call';
import { useStreamedCall } from './use-streamed-call';

function describeProgress(toolName: string, p: CallProgress | null): string {
  if (!p) return `Calling ${toolName}…`;
  const step = p.total ? `${p.progress} of ${p.total}` : `${p.progress}`;
  return `Calling ${toolName}: ${step}${p.message ? `, ${p.message}` : ''}`;
}

type Props = { serverId: string; tools: Tool[]; selected: string; onSelect: (name: string) => void };

/** Pick a tool, fill in its arguments, call it and see what came back. */
export function Playground({ serverId, tools, selected, onSelect }: Props) {
  const { call, progress, cancel } = useStreamedCall(serverId);
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
          {call.isPending ? (
            <div className="srv-call-progress" data-testid="call-progress">
              {/* The server's notifications/progress; without a total the bar is indeterminate. */}
              <progress max={progress?.total ?? undefined} value={progress ? progress.progress : undefined} aria-label={`Progress of ${tool.name}`} />
              <span aria-hidden="true">{describeProgress(tool.name, progress)}</span>
              <button type="button" className="btn btn-small btn-danger" onClick={cancel}>
                Cancel call
              </button>
            </div>
          ) : null}
          <div aria-live="polite" className="sr-only">
            {call.isPending ? describeProgress(tool.name, progress) : forThisTool && call.data ? `Call finished: ${call.data.status}` : ''}
          </div>
          {forThisTool && call.data ? <CallResult execution={call.data} /> : null}
          {forThisTool && call.error instanceof ApiError && call.error.code === CANCELLED ? (
            <p className="state" role="status" data-testid="call-cancelled">
              The call to {tool.name} was cancelled; the server was told to stop.
            </p>
          ) : forThisTool && call.error && issues.length === 0 ? (
            <CallFailure error={call.error} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
