import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { SequenceRunRecord } from '@/lib/eval/judge/sequence/record';
import { getDb } from '../client';
import { callResults, testRuns } from '../tables';
import type { CallResultRow } from '../schema';
import { withTransaction } from '../transaction';
import { completeRun, type CompletedRunValues, type NewToolDefinition } from './runs';
import { newId } from './util';

/**
 * Stores a completed sequence run (issue 17) in one transaction: the run's verdict and its
 * snapshot and evaluation row through completeRun (so every reader of selection runs reads it
 * too), then its trajectory and step count, then one call_results row per call verdict.
 * The agent loop (lib/eval/run/sequence) calls it with toSequenceRunRecord's output:
 *
 *   const verdict = judgeSequence({ testCase, trajectory, snapshot });
 *   completeSequenceRun(runId, snapshot, toSequenceRunRecord({ verdict, expectedCalls, trajectory, argumentMatching, executionTimeMs }));
 */
export async function completeSequenceRun(runId: string, snapshot: NewToolDefinition[], record: SequenceRunRecord): Promise<void> {
  const { run, evaluation, calls } = record;
  // Built apart from the call: completeRun's value list grows with other features (null = not measured).
  const values = {
    llmResponseRaw: run.llmResponseRaw,
    selectedServer: run.selectedServer,
    selectedTool: run.selectedTool,
    extractedParameters: run.extractedParameters,
    confidenceScore: null,
    confidenceCategory: null,
    confidenceSource: null,
    classification: run.classification,
    executionTimeMs: run.executionTimeMs,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    failureReasons: run.failureReasons,
  };
  await withTransaction(async (tx) => {
    // Joins this transaction; a run that had already ended gets nothing more written.
    const ended = await completeRun(runId, snapshot, values satisfies Partial<CompletedRunValues> as CompletedRunValues, { ...evaluation, passK: null, confidenceScore: null, confidenceCategory: null });
    if (!ended) return;
    await tx.update(testRuns).set({ trajectory: run.trajectory, steps: run.steps }).where(eq(testRuns.id, runId));
    if (calls.length > 0) {
      await tx.insert(callResults).values(
        calls.map((c) => ({
          id: newId(),
          testRunId: runId,
          expectedIndex: c.expectedIndex,
          callIndex: c.callIndex,
          outcome: c.outcome,
          server: c.server,
          tool: c.tool,
          argumentCorrectness: c.argumentCorrectness,
          failureReasons: c.failureReasons,
        })),
      );
    }
  });
}

/** A run's per-call verdicts: expected calls in their order, then the unexpected calls in call order. */
export async function getCallResults(runId: string): Promise<CallResultRow[]> {
  const rows = await getDb().select().from(callResults).where(eq(callResults.testRunId, runId)).orderBy(asc(callResults.expectedIndex), asc(callResults.callIndex));
  return rows.sort((a, b) => (a.expectedIndex === null ? 1 : 0) - (b.expectedIndex === null ? 1 : 0));
}
