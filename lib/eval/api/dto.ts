/**
 * lib/eval/api/: the HTTP edge of the evaluation. dto.ts maps rows to the JSON shapes the
 * routes return and the UI imports (type-only, via components/data/types.ts); schemas.ts
 * and limits.ts are the zod inputs and the limits the launch form also checks (the key
 * headers are read by lib/providers/api-keys.ts, from the provider table); batch-events.ts
 * frames a batch's progress as SSE.
 * All but batch-events.ts are contract files with no runtime import from run/, judge/ or
 * advice/, so run/ may use them; batch-events.ts is the one file here that calls into run/.
 */
import type { RunCounts } from '@/db/queries/runs';
import type { EvaluationRow, RunWithSettings, ToolDefinitionRow } from '@/db/queries/runs';
import type { CallResultRow, RunBatchRow } from '@/db/schema';
import type { ProviderId } from '@/lib/providers/catalog';
import type { Recommendation } from '../advice/types';

export type ModelSettingsDto = {
  provider: ProviderId;
  model: string;
  timeout: number;
  temperature: number;
  maxRetries: number;
  baseUrl: string | null;
  systemPrompt: string | null;
};

export type TestRunDto = {
  id: string;
  testCaseId: string;
  testCaseName: string;
  batchId: string | null;
  status: RunWithSettings['status'];
  samples: number;
  modelSettings: ModelSettingsDto | null;
  selectedServer: string | null;
  selectedTool: string | null;
  extractedParameters: Record<string, unknown> | null;
  confidenceScore: number | null;
  confidenceCategory: RunWithSettings['confidenceCategory'];
  /** Which method gave the confidence; null while unrated. */
  confidenceSource: RunWithSettings['confidenceSource'];
  /** A batch run whose self-assessment is still to come (its confidence follows the verdict). */
  confidencePending: boolean;
  classification: RunWithSettings['classification'];
  failureReasons: string[];
  executionTimeMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Model turns of a sequence run (issue 17); null for a selection run. */
  steps: number | null;
  errorMessage: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
};

/** A row of `GET /api/test-runs`: the run plus, for a sequence run, its per-call TP/FP/FN counts (null otherwise). */
export type TestRunListItemDto = TestRunDto & { calls: { tp: number; fp: number; fn: number } | null };

function isAssessmentPending(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { assessmentPending?: unknown }).assessmentPending === true;
}

export function toRunDto(run: RunWithSettings): TestRunDto {
  const s = run.settings;
  return {
    id: run.id,
    testCaseId: run.testCaseId,
    testCaseName: run.testCaseName,
    batchId: run.batchId,
    status: run.status,
    samples: run.samples,
    modelSettings: s
      ? { provider: s.provider, model: s.model, timeout: s.timeout, temperature: s.temperature, maxRetries: s.maxRetries, baseUrl: s.baseUrl, systemPrompt: s.systemPrompt }
      : null,
    selectedServer: run.selectedServer,
    selectedTool: run.selectedTool,
    extractedParameters: run.extractedParameters ?? null,
    confidenceScore: run.confidenceScore,
    confidenceCategory: run.confidenceCategory,
    confidenceSource: run.confidenceSource,
    confidencePending: isAssessmentPending(run.llmResponseRaw),
    classification: run.classification,
    failureReasons: run.failureReasons ?? [],
    executionTimeMs: run.executionTimeMs,
    inputTokens: run.inputTokens,
    outputTokens: run.outputTokens,
    steps: run.steps ?? null,
    errorMessage: run.errorMessage,
    createdAt: run.createdAt,
    startedAt: run.startedAt,
    completedAt: run.completedAt,
  };
}

export type ToolSnapshotDto = { server: string; serverUrl: string | null; name: string; exposedName: string; description: string; inputSchema: Record<string, unknown>; outputSchema: Record<string, unknown> | null };

/** A run with the tools it saw, the raw reply and its evaluation: `GET /api/test-runs/{id}`. */
export type RunDetailDto = ReturnType<typeof toRunDetailDto>;

/** One per-call verdict of a sequence run (issue 17): expected calls first, then the unexpected ones. */
export type CallVerdictDto = Pick<CallResultRow, 'expectedIndex' | 'callIndex' | 'outcome' | 'server' | 'tool' | 'argumentCorrectness' | 'failureReasons'>;

export function toRunDetailDto(run: RunWithSettings, snapshot: ToolDefinitionRow[], evaluation: EvaluationRow | undefined, calls: CallResultRow[] = []) {
  return {
    ...toRunDto(run),
    /** A sequence run's steps and calls, each call's source and result; null for a selection run. */
    trajectory: run.trajectory ?? null,
    calls: calls.map(({ expectedIndex, callIndex, outcome, server, tool, argumentCorrectness, failureReasons }): CallVerdictDto => ({ expectedIndex, callIndex, outcome, server, tool, argumentCorrectness, failureReasons })),
    tools: snapshot.map(
      (t): ToolSnapshotDto => ({
        server: t.serverName,
        serverUrl: t.serverUrl,
        name: t.name,
        exposedName: t.exposedName,
        description: t.description,
        inputSchema: t.inputSchema,
        outputSchema: t.outputSchema ?? null,
      }),
    ),
    llmResponseRaw: run.llmResponseRaw ?? null,
    evaluation: evaluation
      ? {
          classification: evaluation.classification,
          expectedServer: evaluation.expectedServer,
          expectedTool: evaluation.expectedTool,
          selectedServer: evaluation.selectedServer,
          selectedTool: evaluation.selectedTool,
          toolCorrect: evaluation.toolCorrect,
          parameterCompleteness: evaluation.parameterCompleteness,
          parameterCorrectness: evaluation.parameterCorrectness,
          typeConformance: evaluation.typeConformance,
          hallucinatedParameters: evaluation.hallucinatedParameters ?? [],
          missingRequired: evaluation.missingRequired ?? [],
          typeErrors: evaluation.typeErrors ?? [],
          failureReasons: evaluation.failureReasons,
          confidenceScore: evaluation.confidenceScore,
          confidenceCategory: evaluation.confidenceCategory,
          passK: evaluation.passK,
          reasoning: evaluation.reasoning,
          // The column holds what advice/recommend wrote; it is typed loosely in db/ (db imports no lib code).
          recommendations: (evaluation.recommendations ?? []) as Recommendation[],
          argumentMatching: evaluation.argumentMatching,
        }
      : null,
  };
}

export type BatchDto = {
  id: string;
  name: string;
  status: RunBatchRow['status'];
  models: unknown[];
  samples: number;
  concurrency: number;
  counts: RunCounts;
  errorMessage: string | null;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** The experiment whose variant this batch runs (GET /api/batches/{id} only; absent from the list). */
  experiment?: BatchExperimentDto | null;
};

export type BatchExperimentDto = { id: string; name: string; variant: string };

export function toBatchDto(row: RunBatchRow, counts: RunCounts): BatchDto {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    models: row.models,
    samples: row.samples,
    concurrency: row.concurrency,
    counts,
    errorMessage: row.errorMessage,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    completedAt: row.completedAt,
  };
}

/** A model's share of a batch's progress (the live card's per-model counts). */
export type ModelProgressDto = { provider: string | null; model: string | null } & RunCounts;

/** The SSE `run` frame: the run event named by its test case and model (null if the run vanished). */
export type RunFrame = Extract<JobEvent, { type: 'run' }> & { testCaseName: string | null; provider: string | null; model: string | null };

/** The SSE `progress` frame; `byModel` comes at the start, at most once a second while runs stream in, and last. */
export type ProgressFrame = { status: string; counts: RunCounts; byModel?: ModelProgressDto[] };

/** What a batch's event stream carries: one `run` per finished run, then `done`. */
export type JobEvent =
  | { type: 'run'; runId: string; testCaseId: string; status: string; classification: string | null; errorMessage: string | null }
  | { type: 'done'; status: string };
