'use client';

import { useQuery } from '@tanstack/react-query';
import { queries, type RunDetail } from '@/components/data/queries';
import { Badge } from '@/components/ui/badge';
import { JsonView } from '@/components/ui/json-view';
import { Panel } from '@/components/ui/panel';
import type { ContextTurn, Trajectory } from '@/lib/eval/sequence/types';
import { formatMs, formatPercent, formatTokens } from '../format';
import { buildTimeline, COLLAPSE_FROM, sizeNote, SOURCE_LABELS, SOURCE_TONES, STOP_LABELS, type CallVerdict, type TimelineCall } from './timeline';

/** Untrusted text (model output, tool results): as text, long ones folded with their size. */
function LongText({ text, label }: { text: string; label: string }) {
  if (text.length <= COLLAPSE_FROM) return <pre className="runs-tl-text">{text}</pre>;
  // Scrolls inside when tall, so it takes focus: keyboard users scroll it too.
  return (
    <details className="runs-tl-long">
      <summary>
        {label}: {sizeNote(text)}, folded
      </summary>
      <pre className="runs-tl-text runs-tl-scroll" tabIndex={0} aria-label={label}>
        {text}
      </pre>
    </details>
  );
}

function VerdictLine({ v }: { v: CallVerdict }) {
  return (
    <div className="runs-tl-verdict" data-testid="call-verdict">
      <Badge value={v.outcome} />
      {v.expectedIndex !== null ? <span>expected call {v.expectedIndex + 1}</span> : <span>not expected</span>}
      {v.argumentCorrectness !== null ? <span>arguments {formatPercent(v.argumentCorrectness)}</span> : null}
      {v.failureReasons.length > 0 ? (
        <ul className="runs-tl-reasons" aria-label="Failure reasons">
          {v.failureReasons.map((r) => (
            <li key={r}>
              <code>{r}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function CallItem({ item }: { item: TimelineCall }) {
  const { call, index, verdicts } = item;
  const name = call.server === '(unknown)' ? call.exposedName : `${call.server}/${call.tool}`;
  return (
    <li className="runs-tl-call" data-testid="timeline-call">
      <h4 className="runs-tl-call-head">
        <span>Call {index + 1}:</span> <code>{name}</code> <Badge value={SOURCE_LABELS[call.source]} tone={SOURCE_TONES[call.source]} />
        {call.durationMs > 0 ? <span className="muted"> {formatMs(call.durationMs)}</span> : null}
      </h4>
      {verdicts.map((v, i) => (
        <VerdictLine key={i} v={v} />
      ))}
      <div className="runs-tl-part">
        <span className="runs-tl-label">Arguments</span>
        {call.argumentsError ? <p className="field-error">{call.argumentsError}</p> : null}
        {call.arguments ? <JsonView value={call.arguments} label={`Arguments of call ${index + 1}`} /> : <p className="muted">No arguments object.</p>}
      </div>
      <div className="runs-tl-part">
        <span className="runs-tl-label">
          {call.source === 'executed' ? 'Result from the server' : call.source === 'mock' ? 'Mock result from the test case' : call.source === 'not_executed' ? 'Not executed: the model was told' : 'Error'}
          {call.result.isError ? ' (isError)' : ''}
        </span>
        <LongText text={call.result.text} label={`Result of call ${index + 1}`} />
      </div>
    </li>
  );
}

function ContextItem({ turn, index }: { turn: ContextTurn; index: number }) {
  return (
    <li className="runs-tl-step runs-tl-context" data-testid="timeline-context">
      <h3>
        Context turn {index + 1}: {turn.role === 'tool' ? `tool result for ${turn.callId}` : turn.role}
      </h3>
      {turn.role === 'assistant' && turn.toolCalls?.length ? (
        <ul className="runs-tl-reasons">
          {turn.toolCalls.map((c) => (
            <li key={c.id}>
              <code>
                {c.server}/{c.tool}
              </code>{' '}
              <code>{JSON.stringify(c.arguments)}</code> <span className="muted">({c.id})</span>
            </li>
          ))}
        </ul>
      ) : null}
      {turn.content ? <LongText text={turn.content} label={`Context turn ${index + 1}`} /> : null}
    </li>
  );
}

function Timeline({ run, trajectory }: { run: RunDetail; trajectory: Trajectory }) {
  const testCase = useQuery(queries.testCase(run.testCaseId));
  const context = testCase.data?.context ?? [];
  const { steps, missing } = buildTimeline(trajectory, run.calls);
  const tokens = trajectory.steps.reduce((n, s) => n + s.inputTokens + s.outputTokens, 0);
  return (
    <>
      <p className="runs-tl-summary">
        {trajectory.steps.length} {trajectory.steps.length === 1 ? 'step' : 'steps'}, {trajectory.calls.length} {trajectory.calls.length === 1 ? 'call' : 'calls'},{' '}
        {tokens.toLocaleString('en')} tokens. {STOP_LABELS[trajectory.stop]}
      </p>
      {trajectory.singleStep ? (
        <p className="state">This provider cannot read tool results: it made one selection from the query alone (no context), recorded and not run.</p>
      ) : null}
      {trajectory.error ? (
        <p className="state state-error">
          <span className="runs-prose">{trajectory.error}</span>
        </p>
      ) : null}
      <ol className="runs-tl" aria-label="Trajectory">
        {context.map((turn, i) => (
          <ContextItem key={`c${i}`} turn={turn} index={i} />
        ))}
        {steps.map(({ step, calls }) => (
          <li key={step.step} className="runs-tl-step" data-testid="timeline-step">
            <h3>
              Step {step.step + 1}
              <span className="runs-tl-meta">
                {' '}
                · {formatTokens(step.inputTokens, step.outputTokens)} tokens · {formatMs(step.latencyMs)}
              </span>
            </h3>
            {step.text ? <LongText text={step.text} label={`Text of step ${step.step + 1}`} /> : null}
            {calls.length > 0 ? (
              <ol className="runs-tl-calls" aria-label={`Calls of step ${step.step + 1}`}>
                {calls.map((c) => (
                  <CallItem key={c.index} item={c} />
                ))}
              </ol>
            ) : step.text ? null : (
              <p className="muted">No text and no call.</p>
            )}
          </li>
        ))}
      </ol>
      {missing.length > 0 ? (
        <section className="runs-tl-missing" aria-labelledby="runs-tl-missing">
          <h3 id="runs-tl-missing">Expected but not made</h3>
          <ul>
            {missing.map((v, i) => (
              <li key={i} data-testid="missing-call">
                <code>
                  {v.server}/{v.tool}
                </code>{' '}
                <VerdictLine v={v} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** A sequence run's trajectory (issue 17): context greyed, then each model turn with its calls, results and per-call verdicts. */
export function TrajectoryTimeline({ run }: { run: RunDetail }) {
  if (!run.trajectory) return null;
  return (
    <Panel title="Trajectory" testId="trajectory">
      <Timeline run={run} trajectory={run.trajectory} />
    </Panel>
  );
}
