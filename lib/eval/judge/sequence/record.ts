import type { ArgumentMatchingId } from '@/db/schema';
import type { CallVerdict, ExpectedCall, Trajectory } from '@/lib/eval/sequence/types';
import { isSameTool } from '../classify';
import type { SequenceVerdict } from './judge';

/**
 * What db/queries/sequence-runs.ts stores for a judged sequence run: the run's columns, its
 * evaluation row (the first expected and first made call as the selection, so the per-case
 * metrics, confusion matrix and run list work unchanged) and one row per call verdict.
 * Pure: the agent loop judges, builds this, and hands it to completeSequenceRun.
 */
export type SequenceRunRecord = {
  run: {
    classification: SequenceVerdict['classification'];
    selectedServer: string | null;
    selectedTool: string | null;
    extractedParameters: Record<string, unknown> | null;
    failureReasons: string[];
    executionTimeMs: number;
    inputTokens: number;
    outputTokens: number;
    steps: number;
    trajectory: Trajectory;
    llmResponseRaw: unknown;
  };
  evaluation: {
    classification: SequenceVerdict['classification'];
    expectedServer: string | null;
    expectedTool: string | null;
    selectedServer: string | null;
    selectedTool: string | null;
    toolCorrect: boolean;
    parameterCompleteness: number | null;
    parameterCorrectness: number | null;
    typeConformance: number | null;
    failureReasons: string[];
    reasoning: string;
    argumentMatching: ArgumentMatchingId;
  };
  calls: (CallVerdict & { server: string; tool: string })[];
};

function describe(verdict: SequenceVerdict, expectedCount: number, trajectory: Trajectory): string {
  const made = verdict.calls.filter((c) => c.outcome === 'TP').length;
  const extra = verdict.calls.filter((c) => c.outcome === 'FP').length;
  const parts = [
    expectedCount === 0 ? 'No call was expected' : `${made} of ${expectedCount} expected call(s) made`,
    `${trajectory.calls.length} call(s) in ${trajectory.steps.length} step(s)`,
    ...(extra ? [`${extra} unexpected`] : []),
    ...(verdict.failureReasons.length ? [`reasons: ${verdict.failureReasons.join(', ')}`] : []),
  ];
  return `${parts.join('; ')}.`;
}

export function toSequenceRunRecord(input: {
  verdict: SequenceVerdict;
  expectedCalls: ExpectedCall[];
  trajectory: Trajectory;
  argumentMatching: ArgumentMatchingId;
  /** Wall time of the whole loop, model and tool calls. */
  executionTimeMs: number;
  /** What to keep of the provider's raw answers (already capped and scrubbed by the caller); null for none. */
  llmResponseRaw?: unknown;
}): SequenceRunRecord {
  const { verdict, expectedCalls, trajectory } = input;
  const first = trajectory.calls[0];
  const sum = (k: 'inputTokens' | 'outputTokens') => trajectory.steps.reduce((a, s) => a + s[k], 0);
  return {
    run: {
      classification: verdict.classification,
      selectedServer: verdict.firstSelected?.server ?? null,
      selectedTool: verdict.firstSelected?.tool ?? null,
      extractedParameters: first?.arguments ?? null,
      failureReasons: verdict.failureReasons,
      executionTimeMs: Math.max(0, Math.round(input.executionTimeMs)),
      inputTokens: sum('inputTokens'),
      outputTokens: sum('outputTokens'),
      steps: trajectory.steps.length,
      trajectory,
      llmResponseRaw: input.llmResponseRaw ?? null,
    },
    evaluation: {
      classification: verdict.classification,
      expectedServer: verdict.firstExpected?.server ?? null,
      expectedTool: verdict.firstExpected?.tool ?? null,
      selectedServer: verdict.firstSelected?.server ?? null,
      selectedTool: verdict.firstSelected?.tool ?? null,
      toolCorrect: isSameTool(verdict.firstExpected, verdict.firstSelected),
      parameterCompleteness: verdict.parameterCompleteness,
      parameterCorrectness: verdict.parameterCorrectness,
      typeConformance: verdict.typeConformance,
      failureReasons: verdict.failureReasons,
      reasoning: describe(verdict, expectedCalls.length, trajectory),
      argumentMatching: input.argumentMatching,
    },
    calls: verdict.calls.map((c) => {
      const ref = c.expectedIndex !== null ? (expectedCalls[c.expectedIndex] as ExpectedCall) : (trajectory.calls[c.callIndex as number] as { server: string; tool: string });
      return { ...c, server: ref.server, tool: ref.tool };
    }),
  };
}
