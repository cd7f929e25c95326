import type { ToolNameMap } from '../../../providers/tool-names';
import type { ConversationMessage, ConversationToolCall, ExposedTool, ProviderDefinition, ProviderTarget, Selection, ToolCall, Usage } from '../../../providers/types';
import { UNKNOWN_SERVER } from '../../judge/judge';
import type { ContextTurn, Trajectory, TrajectoryCall, TrajectoryStep } from '../../sequence/types';
import { contextMessages } from './context';
import type { CallResolution, CallToResolve } from './execute-call';
import { MAX_CALLS_PER_TURN } from './limits';

const TOO_MANY_CALLS: CallResolution = {
  source: 'error',
  result: { text: `(not run: more than ${MAX_CALLS_PER_TURN} tool calls in one turn)`, isError: true },
  durationMs: 0,
};

/** Says why the local router's run has one call and no results (recorded as the call's result). */
export const SINGLE_STEP_TEXT =
  '(not executed: evaluation) This provider makes one selection per query and cannot read tool results, so the loop ends after its first call.';

export type LoopInput = {
  provider: Pick<ProviderDefinition, 'converse' | 'selectTool'>;
  target: ProviderTarget;
  query: string;
  context: readonly ContextTurn[] | null;
  tools: ExposedTool[];
  names: ToolNameMap;
  maxSteps: number;
  signal: AbortSignal;
  /** Runs, mocks or refuses one call (execute-call.ts, bound to the run's policy and sessions). */
  resolve(call: CallToResolve): Promise<CallResolution>;
  /** Wraps every model call (the runner's circuit breaker); a plain call when absent. */
  guard?: (call: () => Promise<Selection>) => Promise<Selection>;
};

export type LoopResult = {
  trajectory: Trajectory;
  /** Each model turn's response body, as received (kept for audit). */
  responses: unknown[];
  usage: Usage;
  /** What ended the loop early (a provider failure or the run's cancellation). */
  error?: unknown;
};

/** Every call gets an id the conversation can pair with its result, unique in the run. */
function withIds(calls: ToolCall[], step: number, used: Set<string>): ConversationToolCall[] {
  return calls.map((call, i) => {
    const id = call.id && !used.has(call.id) ? call.id : `call_eval_${step}_${i}`;
    used.add(id);
    return { ...call, id };
  });
}

function resolveName(names: ToolNameMap, exposedName: string): { server: string; tool: string } {
  return names.resolve(exposedName) ?? { server: UNKNOWN_SERVER, tool: exposedName };
}

/** A call as the resolver sees it: the tool it names, its arguments or why they could not be read. */
function toResolve(names: ToolNameMap, call: ConversationToolCall): CallToResolve {
  return { ...resolveName(names, call.name), arguments: call.arguments, ...(call.argumentsError ? { argumentsError: call.argumentsError } : {}) };
}

function toTrajectoryCall(step: number, call: ConversationToolCall, target: CallToResolve, resolution: CallResolution): TrajectoryCall {
  return { step, id: call.id, exposedName: call.name, ...target, ...resolution };
}

/**
 * The agent loop of sequence mode: the model's turn, then each of its calls in order (run,
 * mocked or refused by `resolve`), their results fed back in the provider's own format, until
 * the model answers without a call ('answered') or has had maxSteps turns ('max_steps'; the
 * last turn's calls are still resolved, so every recorded call has a result). A provider
 * without `converse` makes one selection from the query and the loop says so (singleStep).
 * Never throws: a failure or cancellation ends the loop with what it has so far.
 */
export async function runAgentLoop(input: LoopInput): Promise<LoopResult> {
  const steps: TrajectoryStep[] = [];
  const calls: TrajectoryCall[] = [];
  const responses: unknown[] = [];
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
  const usedIds = new Set<string>((input.context ?? []).flatMap((t) => (t.role === 'assistant' ? (t.toolCalls ?? []).map((c) => c.id) : [])));
  const messages: ConversationMessage[] = [...contextMessages(input.context, input.names), { role: 'user', content: input.query }];
  const guard = input.guard ?? ((call: () => Promise<Selection>) => call());
  const converse = input.provider.converse;
  const trajectory = (stop: Trajectory['stop'], finalText: string | null, extra: Partial<Trajectory> = {}): Trajectory => ({ steps, calls, finalText, stop, ...extra });

  try {
    for (let step = 0; step < input.maxSteps; step++) {
      if (input.signal.aborted) throw input.signal.reason;
      const started = performance.now();
      const answer = converse
        ? await guard(() => converse({ ...input.target, tools: input.tools, messages, signal: input.signal }))
        : await guard(() => input.provider.selectTool({ ...input.target, query: input.query, tools: input.tools, signal: input.signal }));
      const latencyMs = Math.round(performance.now() - started);
      responses.push(answer.raw);
      usage.inputTokens += answer.usage.inputTokens;
      usage.outputTokens += answer.usage.outputTokens;
      const stepCalls = withIds(answer.toolCalls, step, usedIds);
      steps.push({ step, text: answer.text, callCount: stepCalls.length, inputTokens: answer.usage.inputTokens, outputTokens: answer.usage.outputTokens, latencyMs });
      if (!converse) {
        for (const call of stepCalls) {
          calls.push(toTrajectoryCall(step, call, toResolve(input.names, call), { source: 'not_executed', result: { text: SINGLE_STEP_TEXT, isError: false }, durationMs: 0 }));
        }
        return { trajectory: trajectory('answered', answer.text, { singleStep: true }), responses, usage };
      }
      if (stepCalls.length === 0) return { trajectory: trajectory('answered', answer.text), responses, usage };
      messages.push({ role: 'assistant', text: answer.text, toolCalls: stepCalls });
      // In order, one at a time: a later call of the same turn may depend on an earlier one's effect.
      for (const [i, call] of stepCalls.entries()) {
        const target = toResolve(input.names, call);
        const resolution = i >= MAX_CALLS_PER_TURN ? TOO_MANY_CALLS : await input.resolve(target);
        calls.push(toTrajectoryCall(step, call, target, resolution));
        messages.push({ role: 'tool', callId: call.id, content: resolution.result.text, ...(resolution.result.isError ? { isError: true } : {}) });
      }
    }
    return { trajectory: trajectory('max_steps', null), responses, usage };
  } catch (err) {
    return { trajectory: trajectory(input.signal.aborted ? 'cancelled' : 'error', null), responses, usage, error: err };
  }
}
