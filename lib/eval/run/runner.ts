import 'server-only';
import { getTestCase } from '@/db/queries/test-cases';
import { completeRun, failRun, type ModelSettingsRow, type NewToolDefinition } from '@/db/queries/runs';
import { getProvider } from '../../providers/registry';
import { buildToolNames } from '../../providers/tool-names';
import type { ClientCache, ExposedTool, ModelConfig, Selection } from '../../providers/types';
import { log } from '../../log';
import { keyFor, type ApiKeys } from '../../providers/api-keys';
import type { CircuitBreakers } from './circuit-breaker';
import { confidenceSourceOf, isDeterministicProvider } from '../judge/confidence';
import { judgeRun, UNKNOWN_SERVER, type JudgeInput, type SampleOutcome } from '../judge/judge';
import type { CompleteRun } from './completion-group';
import { askAssessment, assessAndRecord, type PendingAssessment } from './deferred-assessment';
import { describeRunError, isProviderOutage } from './run-errors';
import { runSignal } from './run-signal';
import { CONTEXT_NOT_SENT_TEXT, contextMessages } from './sequence/context';
import { evaluateSequence } from './sequence/run-sequence';
import type { ToolCache } from './tool-cache';
import { applyToolOverrides, renamedTool, type ToolOverride } from './tool-overrides';

/**
 * `overrides`: the batch's experiment changes, applied to the listing before the snapshot (none for a plain batch).
 * `defer`: where a samples = 1 run hands its self-assessment once the verdict is stored (the
 * batch's assessment pool, which may pass a callback told when the model call is over); without
 * it the run asks for the assessment before its verdict.
 */
export type RunContext = {
  keys: ApiKeys;
  toolCache: ToolCache;
  breakers: CircuitBreakers;
  clients: ClientCache;
  overrides?: readonly ToolOverride[];
  defer?: (assess: (modelCallDone?: () => void) => Promise<void>) => void;
};
export type RunOutcome = { status: 'completed' | 'failed' | 'cancelled'; classification: string | null; errorMessage: string | null };
/** What a batch worker gives a run it pipelines (see executeRun). */
export type HandOff = { answered: () => Promise<void>; complete: CompleteRun };
/** A claimed run as the worker already holds it (no need to read the row back). */
export type RunToExecute = { id: string; testCaseId: string; samples: number; settings: ModelSettingsRow | null };

export function modelConfigOf(settings: ModelSettingsRow | null): ModelConfig {
  if (!settings) throw new Error('run has no model settings');
  return {
    provider: settings.provider,
    model: settings.model,
    timeout: settings.timeout,
    temperature: settings.temperature,
    maxRetries: settings.maxRetries,
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
    ...(settings.systemPrompt ? { systemPrompt: settings.systemPrompt } : {}),
  };
}

/** Lists the tools of every server of the case (shared per batch): the snapshot the model will see. */
export async function snapshotTools(serverIds: string[], cache: ToolCache, overrides: readonly ToolOverride[]) {
  const listings = await Promise.all((await cache.servers(serverIds)).map(async (server) => ({ server, tools: applyToolOverrides(server.name, await cache.tools(server), overrides) })));
  // A server that lists a tool twice still shows it once (the snapshot has one row per tool).
  const seen = new Set<string>();
  const flat = listings
    .flatMap(({ server, tools }) => tools.map((tool) => ({ server, tool })))
    .filter(({ server, tool }) => {
      const key = JSON.stringify([server.id, tool.name]);
      return seen.has(key) ? false : (seen.add(key), true);
    });
  const names = buildToolNames(flat.map(({ server, tool }) => ({ server: server.name, name: tool.name })));
  const rows: NewToolDefinition[] = flat.map(({ server, tool }, i) => ({
    serverName: server.name,
    serverUrl: server.url,
    name: tool.name,
    exposedName: names.toExposed(server.name, tool.name) ?? `tool_${i}`,
    description: tool.description ?? '',
    inputSchema: (tool.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
    outputSchema: (tool.outputSchema as Record<string, unknown> | undefined) ?? null,
  }));
  return { rows, names };
}

/**
 * One test run: snapshot the tools, show exactly those to the model (samples times), judge
 * the answer and store the verdict. Never throws: a failure becomes the run's error. The run
 * has its own abort signal, aborted with the job's (see run-signal).
 * `handOff` (a batch worker's): `answered` is awaited once a model's answers are in, before the
 * judge and the writes, so the worker can send its next run first; the verdict is then written
 * with `complete` (the batch's grouped completions). Not for the local router, whose answer
 * needs no network wait: its runs go on at once, as without it.
 */
export async function executeRun(run: RunToExecute, ctx: RunContext, jobSignal: AbortSignal, handOff?: HandOff): Promise<RunOutcome> {
  const scope = runSignal(jobSignal);
  try {
    return await evaluate(run, ctx, scope.signal, jobSignal, handOff);
  } finally {
    scope.release();
  }
}

async function evaluate(run: RunToExecute, ctx: RunContext, signal: AbortSignal, jobSignal: AbortSignal, handOff?: HandOff): Promise<RunOutcome> {
  const runId = run.id;
  const started = performance.now();
  // Time spent handing off is not the run's: executionTimeMs leaves it out.
  let handedOffMs = 0;
  // Set when the assessment went out with the hand-off: told whether the verdict was written.
  let verdictWritten = null as ((written: boolean) => void) | null;
  const elapsed = () => Math.round(performance.now() - started - handedOffMs);
  const apiKey = run.settings ? keyFor(run.settings.provider, ctx.keys) : undefined;
  let tokens = { inputTokens: 0, outputTokens: 0 };
  let snapshot: NewToolDefinition[] = [];
  try {
    const testCase = await getTestCase(run.testCaseId);
    if (!testCase) throw new Error('the test case was deleted');
    if (signal.aborted) throw signal.reason;
    // Sequence mode (issue 17) runs the agent loop instead, and records its own outcome.
    if (testCase.mode === 'sequence') return await evaluateSequence(run, ctx, signal, testCase);
    const model = modelConfigOf(run.settings);
    const provider = getProvider(model.provider);
    // The provider's SDK loads while the tools are listed, not after: the first runs of a job
    // wait for both. A failure here is the call's to report.
    provider.warmUp?.({ model, apiKey, clients: ctx.clients }).catch(() => undefined);
    const overrides = ctx.overrides ?? [];
    const { rows, names } = await snapshotTools(testCase.servers.map((s) => s.id), ctx.toolCache, overrides);
    snapshot = rows;
    const exposed: ExposedTool[] = rows.map((r) => ({ exposedName: r.exposedName, description: r.description ?? '', inputSchema: r.inputSchema }));
    const breakerKey = `provider:${model.provider}${model.baseUrl ? `:${new URL(model.baseUrl).host}` : ''}`;
    // A selection case's context goes before the query as sequence mode sends it (a provider that
    // cannot hold a conversation reads the query alone, and the run says so).
    const hasContext = (testCase.context?.length ?? 0) > 0;
    const context = hasContext && provider.converse ? { context: contextMessages(testCase.context, names) } : {};
    const request = { model, apiKey, query: testCase.query, ...context, tools: exposed, signal, clients: ctx.clients };

    const samples: (SampleOutcome & { selection: Selection })[] = [];
    for (let i = 0; i < run.samples; i++) {
      const selection = await ctx.breakers.run(breakerKey, () => provider.selectTool(request), isProviderOutage);
      tokens = { inputTokens: tokens.inputTokens + selection.usage.inputTokens, outputTokens: tokens.outputTokens + selection.usage.outputTokens };
      const first = selection.toolCalls[0];
      samples.push({ selection, selected: first ? (names.resolve(first.name) ?? { server: UNKNOWN_SERVER, tool: first.name }) : null, calledName: first?.name ?? null, arguments: first?.arguments ?? null, argumentsError: first?.argumentsError ?? null });
    }

    // samples = 1: the verdict is stored now and the self-assessment turn follows off the
    // critical path (deferred-assessment.ts), recomputing the confidence-dependent parts.
    const expectedTool = renamedTool(overrides, testCase.expectedMcpServerName, testCase.expectedToolName);
    // A deterministic provider (the local router) rates itself at any samples, at once: its
    // "assessment" is its score margin, computed locally, and agreement would always read 100%.
    const deterministic = isDeterministicProvider(model.provider);
    const judgeInput: JudgeInput = { testCase: { ...testCase, expectedToolName: expectedTool }, snapshot: rows, samples, assessment: null, assessmentBy: deterministic ? 'router' : 'model' };
    const pending: PendingAssessment | null =
      (run.samples === 1 || deterministic) && samples[0]
        ? { runId, provider, request: { model, apiKey, query: testCase.query, ...context, tools: exposed, clients: ctx.clients }, selection: samples[0].selection, breakers: ctx.breakers, breakerKey, judgeInput, source: confidenceSourceOf(model.provider, run.samples) }
        : null;
    const handedOff = handOff && !deterministic ? handOff : null;
    if (handedOff) {
      // Handed off: the deferred assessment goes out now, with the worker's next run, as it did
      // when the verdict was stored at once (sent after the verdict, it came back after the
      // worker's next answer and the batch's assessments fell behind); it is written once the
      // verdict's write is over, and not at all when the verdict could not be written.
      if (pending && ctx.defer) {
        const verdict = new Promise<boolean>((resolve) => (verdictWritten = resolve));
        ctx.defer((modelCallDone) => assessAndRecord(pending, jobSignal, modelCallDone, verdict));
      }
      const waitFrom = performance.now();
      await handedOff.answered();
      handedOffMs = performance.now() - waitFrom;
    }
    // Without a place to defer it (a single run), the assessment is asked for now, as before.
    const inline = pending && (!ctx.defer || deterministic) ? await askAssessment(pending, signal) : null;
    if (inline?.error && signal.aborted) throw signal.reason;
    const assessment = inline?.assessment ?? null;
    if (assessment) tokens = { inputTokens: tokens.inputTokens + assessment.usage.inputTokens, outputTokens: tokens.outputTokens + assessment.usage.outputTokens };
    const verdict = judgeRun({ ...judgeInput, assessment });
    const raw = {
      samples: samples.map((s) => ({ response: s.selection.raw, toolCalls: s.selection.toolCalls, text: s.selection.text })),
      selectedSample: verdict.sampleIndex,
      assessment: assessment ? { confidence: assessment.confidence, reasoning: assessment.reasoning, response: assessment.raw } : null,
      ...(inline?.error ? { assessmentError: inline.error } : {}),
      ...(pending && !inline ? { assessmentPending: true } : {}),
      ...(hasContext && !provider.converse ? { contextNotSent: CONTEXT_NOT_SENT_TEXT } : {}),
    };
    await (handedOff?.complete ?? completeRun)(
      runId,
      rows,
      {
        llmResponseRaw: raw,
        selectedServer: verdict.selected?.server ?? null,
        selectedTool: verdict.selected?.tool ?? null,
        extractedParameters: verdict.arguments,
        confidenceScore: verdict.confidence,
        confidenceCategory: verdict.category,
        confidenceSource: verdict.confidence === null ? null : confidenceSourceOf(model.provider, run.samples),
        classification: verdict.classification,
        executionTimeMs: elapsed(),
        inputTokens: tokens.inputTokens,
        outputTokens: tokens.outputTokens,
        failureReasons: verdict.failureReasons,
      },
      verdict.evaluation,
    );
    if (verdictWritten) verdictWritten(true);
    else if (pending && !inline && ctx.defer) ctx.defer((modelCallDone) => assessAndRecord(pending, jobSignal, modelCallDone));
    return { status: 'completed', classification: verdict.classification, errorMessage: null };
  } catch (err) {
    verdictWritten?.(false);
    const status = signal.aborted ? 'cancelled' : 'failed';
    const message = signal.aborted ? 'cancelled before this run finished' : describeRunError(err, apiKey);
    try {
      await failRun(runId, status, message, { executionTimeMs: elapsed(), ...tokens }, snapshot);
    } catch (writeErr) {
      // The verdict cannot be written (e.g. the run was deleted meanwhile): the batch goes on.
      log.warn('could not record a failed run', { runId, error: writeErr instanceof Error ? writeErr.message : String(writeErr) });
    }
    return { status, classification: null, errorMessage: message };
  }
}
