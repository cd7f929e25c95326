import 'server-only';
import { failRun, type NewToolDefinition } from '@/db/queries/runs';
import { completeSequenceRun } from '@/db/queries/sequence-runs';
import type { TestCaseWithServers } from '@/db/queries/test-cases';
import { log } from '../../../log';
import { keyFor } from '../../../providers/api-keys';
import { getProvider } from '../../../providers/registry';
import type { ExposedTool } from '../../../providers/types';
import { effectiveExpectedCalls } from '../../judge/sequence/expected';
import { judgeSequence } from '../../judge/sequence/judge';
import { toSequenceRunRecord } from '../../judge/sequence/record';
import type { ExpectedCall, Trajectory } from '../../sequence/types';
import { describeRunError, isProviderOutage } from '../run-errors';
import { modelConfigOf, snapshotTools, type RunContext, type RunOutcome, type RunToExecute } from '../runner';
import type { ToolCache } from '../tool-cache';
import { applyToolOverrides, renamedTool, type ToolOverride } from '../tool-overrides';
import { resolveCall, type RunnableTool } from './execute-call';
import { runAgentLoop, type LoopResult } from './loop';
import { McpSessions } from './sessions';

const keyOf = (server: string, tool: string) => JSON.stringify([server, tool]);

/**
 * The snapshot's tools as they can be run: each shown (server, name) to the server's row and
 * the tool as the server itself lists it (an experiment's rename or annotations change what
 * the model sees, never what runs, nor what the execution policy reads).
 */
async function runnableTools(serverIds: string[], cache: ToolCache, overrides: readonly ToolOverride[]): Promise<Map<string, RunnableTool>> {
  const map = new Map<string, RunnableTool>();
  for (const server of await cache.servers(serverIds)) {
    const listed = await cache.tools(server);
    const shown = applyToolOverrides(server.name, listed, overrides);
    shown.forEach((tool, i) => {
      const real = listed[i];
      const key = keyOf(server.name, tool.name);
      if (real && !map.has(key)) map.set(key, { server, listed: real });
    });
  }
  return map;
}

/** The expected and forbidden calls under the batch's renames, as the snapshot names them. */
function renamed<T extends { server: string; tool: string }>(refs: readonly T[], overrides: readonly ToolOverride[]): T[] {
  return refs.map((ref) => ({ ...ref, tool: renamedTool(overrides, ref.server, ref.tool) ?? ref.tool }));
}

/** What a run that did not finish keeps of its loop (the calls so far, for the run page and audit). */
function partialRun(loop: LoopResult | null, error: string) {
  if (!loop) return {};
  const trajectory: Trajectory = { ...loop.trajectory, ...(loop.trajectory.stop === 'error' ? { error } : {}) };
  return { ...loop.usage, trajectory, steps: trajectory.steps.length, llmResponseRaw: { responses: loop.responses } };
}

/**
 * A sequence-mode run (issue 17): snapshot the tools as a selection run does, run the agent
 * loop (loop.ts) with the case's execution policy and scripted results, judge the trajectory
 * and store verdict, trajectory and per-call verdicts together. A provider failure or a
 * cancellation fails the run, keeping the trajectory so far. Never throws.
 * Every MCP session the loop opened is closed before it returns.
 */
export async function evaluateSequence(run: RunToExecute, ctx: RunContext, signal: AbortSignal, testCase: TestCaseWithServers): Promise<RunOutcome> {
  const started = performance.now();
  const apiKey = run.settings ? keyFor(run.settings.provider, ctx.keys) : undefined;
  const sessions = new McpSessions(signal);
  let snapshot: NewToolDefinition[] = [];
  let loop: LoopResult | null = null;
  try {
    const model = modelConfigOf(run.settings);
    const provider = getProvider(model.provider);
    provider.warmUp?.({ model, apiKey, clients: ctx.clients }).catch(() => undefined);
    const overrides = ctx.overrides ?? [];
    const serverIds = testCase.servers.map((s) => s.id);
    const { rows, names } = await snapshotTools(serverIds, ctx.toolCache, overrides);
    snapshot = rows;
    const runnable = await runnableTools(serverIds, ctx.toolCache, overrides);
    const exposed: ExposedTool[] = rows.map((r) => ({ exposedName: r.exposedName, description: r.description ?? '', inputSchema: r.inputSchema }));
    const breakerKey = `provider:${model.provider}${model.baseUrl ? `:${new URL(model.baseUrl).host}` : ''}`;
    const policy = { policy: testCase.execute, mocks: testCase.mockResults, sessions, signal };

    loop = await runAgentLoop({
      provider,
      target: { model, apiKey, clients: ctx.clients },
      query: testCase.query,
      context: testCase.context,
      tools: exposed,
      names,
      maxSteps: testCase.maxSteps,
      signal,
      resolve: (call) => resolveCall(call, runnable.get(keyOf(call.server, call.tool)) ?? null, policy),
      guard: (call) => ctx.breakers.run(breakerKey, call, isProviderOutage),
    });
    if (loop.error !== undefined) throw loop.error;

    const expectedCalls: ExpectedCall[] = renamed(effectiveExpectedCalls(testCase), overrides);
    const verdict = judgeSequence({
      testCase: { expectedCalls, callOrder: testCase.callOrder, forbiddenTools: renamed(testCase.forbiddenTools ?? [], overrides), argumentMatching: testCase.argumentMatching },
      trajectory: loop.trajectory,
      snapshot: rows,
    });
    const record = toSequenceRunRecord({
      verdict,
      expectedCalls,
      trajectory: loop.trajectory,
      argumentMatching: testCase.argumentMatching,
      executionTimeMs: performance.now() - started,
      llmResponseRaw: { responses: loop.responses },
    });
    await completeSequenceRun(run.id, rows, record);
    return { status: 'completed', classification: verdict.classification, errorMessage: null };
  } catch (err) {
    const status = signal.aborted ? 'cancelled' : 'failed';
    const message = signal.aborted ? 'cancelled before this run finished' : describeRunError(err, apiKey);
    try {
      await failRun(run.id, status, message, { executionTimeMs: Math.round(performance.now() - started), ...partialRun(loop, message) }, snapshot);
    } catch (writeErr) {
      log.warn('could not record a failed run', { runId: run.id, error: writeErr instanceof Error ? writeErr.message : String(writeErr) });
    }
    return { status, classification: null, errorMessage: message };
  } finally {
    await sessions.close();
  }
}
