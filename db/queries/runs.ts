import 'server-only';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { getDb, getSqlite, perConnection, type Db } from '../client';
import {
  evaluationResults,
  modelSettings,
  runBatches,
  testCases,
  testRuns,
  toolDefinitions,
  type TestRunRow,
} from '../schema';
import { selectRollupBatchStatusCounts } from './metrics-rollup';
import { storeRunToolsSqlite, type SnapshotToolInput } from './tool-snapshots';
import { newId, nowIso, type Page } from './util';

export type ModelSettingsRow = typeof modelSettings.$inferSelect;
export type EvaluationRow = typeof evaluationResults.$inferSelect;
export type ToolDefinitionRow = typeof toolDefinitions.$inferSelect;
/** One tool as a run showed it to the model (stored content-addressed: db/queries/tool-snapshots). */
export type NewToolDefinition = SnapshotToolInput;
export type RunWithSettings = TestRunRow & { settings: ModelSettingsRow | null; testCaseName: string };

export type RunFilter = {
  testCaseId?: string;
  batchId?: string;
  status?: TestRunRow['status'];
  provider?: ModelSettingsRow['provider'];
  model?: string;
  classification?: NonNullable<TestRunRow['classification']>;
};

function whereOf(f: RunFilter) {
  return and(
    f.testCaseId ? eq(testRuns.testCaseId, f.testCaseId) : undefined,
    f.batchId ? eq(testRuns.batchId, f.batchId) : undefined,
    f.status ? eq(testRuns.status, f.status) : undefined,
    f.provider ? eq(modelSettings.provider, f.provider) : undefined,
    f.model ? eq(modelSettings.model, f.model) : undefined,
    f.classification ? eq(testRuns.classification, f.classification) : undefined,
  );
}

const selection = { run: testRuns, settings: modelSettings, testCaseName: testCases.name };

function flatten(r: { run: TestRunRow; settings: ModelSettingsRow | null; testCaseName: string }): RunWithSettings {
  return { ...r.run, settings: r.settings, testCaseName: r.testCaseName };
}

export async function listRuns(filter: RunFilter & Page): Promise<{ rows: RunWithSettings[]; total: number }> {
  const db = getDb();
  const where = whereOf(filter);
  const rows = db
    .select(selection)
    .from(testRuns)
    .leftJoin(modelSettings, eq(modelSettings.id, testRuns.modelSettingsId))
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .where(where)
    .orderBy(desc(testRuns.createdAt), desc(testRuns.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
  const total =
    db
      .select({ n: count() })
      .from(testRuns)
      .leftJoin(modelSettings, eq(modelSettings.id, testRuns.modelSettingsId))
      .where(where)
      .get()?.n ?? 0;
  return { rows: rows.map(flatten), total };
}

// Prepared once per connection: these run for every evaluation run, and building the
// query each time was a measurable share of the harness overhead.
const hot = perConnection((db) => prepareHotQueries(db));

function prepareHotQueries(db: Db) {
  return {
    getRun: db
      .select(selection)
      .from(testRuns)
      .leftJoin(modelSettings, eq(modelSettings.id, testRuns.modelSettingsId))
      .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
      .where(eq(testRuns.id, sql.placeholder('id')))
      .prepare(),
    claimNextRun: db
      .update(testRuns)
      .set({ status: 'running', startedAt: sql`${sql.placeholder('now')}` })
      .where(
        eq(
          testRuns.id,
          sql`(select ${testRuns.id} from ${testRuns} where ${testRuns.batchId} = ${sql.placeholder('batchId')} and ${testRuns.status} = 'pending' order by rowid limit 1)`,
        ),
      )
      // Only what the worker needs: a batch's model settings are read once per batch, not per run.
      .returning({ id: testRuns.id, testCaseId: testRuns.testCaseId, modelSettingsId: testRuns.modelSettingsId, samples: testRuns.samples })
      .prepare(),
    modelSettings: db.select().from(modelSettings).where(eq(modelSettings.id, sql.placeholder('id'))).prepare(),
    // Plain SQL on the hot path (the values are encoded by the callers: JSON text, 0/1): drizzle
    // placeholders would store a JSON column's null as the text 'null' and a boolean null as 0.
    completeRun: getSqlite().prepare(
      `update test_runs set status = 'completed', error_message = null, completed_at = @completedAt,
         llm_response_raw = @llmResponseRaw, selected_server = @selectedServer, selected_tool = @selectedTool,
         extracted_parameters = @extractedParameters, confidence_score = @confidenceScore,
         confidence_category = @confidenceCategory, confidence_source = @confidenceSource, classification = @classification,
         execution_time_ms = @executionTimeMs, input_tokens = @inputTokens, output_tokens = @outputTokens,
         failure_reasons = @failureReasons
       where id = @id`,
    ),
    insertEvaluation: getSqlite().prepare(
      `insert into evaluation_results (id, test_run_id, classification, expected_server, expected_tool, selected_server,
         selected_tool, tool_correct, parameter_completeness, parameter_correctness, type_conformance,
         hallucinated_parameters, missing_required, type_errors, failure_reasons, confidence_score,
         confidence_category, pass_k, reasoning, recommendations, argument_matching, created_at)
       values (@id, @testRunId, @classification, @expectedServer, @expectedTool, @selectedServer, @selectedTool,
         @toolCorrect, @parameterCompleteness, @parameterCorrectness, @typeConformance, @hallucinatedParameters,
         @missingRequired, @typeErrors, @failureReasons, @confidenceScore, @confidenceCategory, @passK, @reasoning,
         @recommendations, @argumentMatching, @createdAt)`,
    ),
  };
}


export async function getRun(id: string): Promise<RunWithSettings | undefined> {
  const row = hot().getRun.get({ id });
  return row ? flatten(row) : undefined;
}

export type NewRun = { testCaseId: string; batchId: string | null; modelSettingsId: string; samples: number };

export async function insertRuns(runs: NewRun[]): Promise<string[]> {
  const db = getDb();
  return db.transaction((tx) =>
    runs.map((r) => {
      const id = newId();
      tx.insert(testRuns).values({ ...r, id, status: 'pending' }).run();
      return id;
    }),
  );
}

export type ClaimedRun = Pick<TestRunRow, 'id' | 'testCaseId' | 'modelSettingsId' | 'samples'>;

/** Atomically takes the next pending run of a batch, so concurrent workers never share one. */
export async function claimNextRun(batchId: string): Promise<ClaimedRun | undefined> {
  return hot().claimNextRun.get({ batchId, now: nowIso() });
}

export async function getModelSettings(id: string): Promise<ModelSettingsRow | undefined> {
  return hot().modelSettings.get({ id });
}

export async function markRunRunning(id: string): Promise<void> {
  getDb().update(testRuns).set({ status: 'running', startedAt: nowIso() }).where(eq(testRuns.id, id)).run();
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The tools the run showed the model, in the order it saw them. */
export async function getSnapshot(runId: string): Promise<ToolDefinitionRow[]> {
  return getDb().select().from(toolDefinitions).where(eq(toolDefinitions.testRunId, runId)).orderBy(asc(toolDefinitions.position)).all();
}

export async function getEvaluation(runId: string): Promise<EvaluationRow | undefined> {
  return getDb().select().from(evaluationResults).where(eq(evaluationResults.testRunId, runId)).get();
}

export type CompletedRunValues = Pick<
  TestRunRow,
  | 'llmResponseRaw'
  | 'selectedServer'
  | 'selectedTool'
  | 'extractedParameters'
  | 'confidenceScore'
  | 'confidenceCategory'
  | 'classification'
  | 'executionTimeMs'
  | 'inputTokens'
  | 'outputTokens'
  | 'failureReasons'
> &
  /** Which method gave the confidence (NULL when none yet: a deferred self-assessment fills it in). */
  Partial<Pick<TestRunRow, 'confidenceSource'>>;

/**
 * The run's tool snapshot, verdict and evaluation result land together or not at all (one
 * commit per run also keeps the evaluation hot path cheap).
 */
export async function completeRun(
  id: string,
  snapshot: NewToolDefinition[],
  values: CompletedRunValues,
  evaluation: Omit<typeof evaluationResults.$inferInsert, 'id' | 'testRunId'>,
): Promise<void> {
  getDb().transaction(() => writeCompletedRun(id, snapshot, values, evaluation));
}

/** completeRun's writes, for a caller already inside a transaction (sequence-runs). */
export function writeCompletedRun(
  id: string,
  snapshot: NewToolDefinition[],
  values: CompletedRunValues,
  evaluation: Omit<typeof evaluationResults.$inferInsert, 'id' | 'testRunId'>,
): void {
  const q = hot();
  const e = evaluation;
  {
    q.completeRun.run({
      id,
      llmResponseRaw: jsonOrNull(values.llmResponseRaw),
      selectedServer: values.selectedServer,
      selectedTool: values.selectedTool,
      extractedParameters: jsonOrNull(values.extractedParameters),
      confidenceScore: values.confidenceScore,
      confidenceCategory: values.confidenceCategory,
      confidenceSource: values.confidenceSource ?? null,
      classification: values.classification,
      executionTimeMs: values.executionTimeMs,
      inputTokens: values.inputTokens,
      outputTokens: values.outputTokens,
      failureReasons: jsonOrNull(values.failureReasons),
      completedAt: nowIso(),
    });
    // After the first write, so the transaction already holds the write lock when it looks the listing up.
    if (snapshot.length > 0) storeRunToolsSqlite(id, snapshot);
    q.insertEvaluation.run({
      id: newId(),
      testRunId: id,
      classification: e.classification,
      expectedServer: e.expectedServer ?? null,
      expectedTool: e.expectedTool ?? null,
      selectedServer: e.selectedServer ?? null,
      selectedTool: e.selectedTool ?? null,
      toolCorrect: e.toolCorrect ? 1 : 0,
      parameterCompleteness: e.parameterCompleteness ?? null,
      parameterCorrectness: e.parameterCorrectness ?? null,
      typeConformance: e.typeConformance ?? null,
      hallucinatedParameters: jsonOrNull(e.hallucinatedParameters),
      missingRequired: jsonOrNull(e.missingRequired),
      typeErrors: jsonOrNull(e.typeErrors),
      failureReasons: JSON.stringify(e.failureReasons),
      confidenceScore: e.confidenceScore ?? null,
      confidenceCategory: e.confidenceCategory ?? null,
      passK: e.passK === null || e.passK === undefined ? null : e.passK ? 1 : 0,
      reasoning: e.reasoning ?? null,
      recommendations: jsonOrNull(e.recommendations),
      argumentMatching: e.argumentMatching ?? 'strict',
      createdAt: nowIso(),
    });
  }
}

/** A failed run keeps the snapshot it had got as far as (the tools the model would have seen). */
export async function failRun(
  id: string,
  status: 'failed' | 'cancelled',
  errorMessage: string,
  extra: Partial<Pick<TestRunRow, 'llmResponseRaw' | 'executionTimeMs' | 'inputTokens' | 'outputTokens' | 'failureReasons' | 'trajectory' | 'steps'>> = {},
  snapshot: NewToolDefinition[] = [],
): Promise<void> {
  getDb().transaction((tx) => {
    tx.update(testRuns)
      .set({ ...extra, status, errorMessage: errorMessage.slice(0, 4000), completedAt: nowIso() })
      .where(eq(testRuns.id, id))
      .run();
    if (snapshot.length === 0) return;
    try {
      // A savepoint: a listing that cannot be stored is undone whole.
      tx.transaction(() => storeRunToolsSqlite(id, snapshot));
    } catch {
      // A snapshot that cannot be stored (e.g. an absurdly nested schema) must not keep the
      // run from reaching its final status; the savepoint failed alone, the transaction goes on.
    }
  });
}

export async function cancelPendingRuns(batchId: string, message: string): Promise<number> {
  return getDb()
    .update(testRuns)
    .set({ status: 'cancelled', errorMessage: message, completedAt: nowIso() })
    .where(and(eq(testRuns.batchId, batchId), eq(testRuns.status, 'pending')))
    .run().changes;
}

/** Runs of these test cases still pending or running (deleting them would pull rows from under a worker). */
export async function countActiveRuns(testCaseIds: string[]): Promise<number> {
  if (testCaseIds.length === 0) return 0;
  return (
    getDb()
      .select({ n: count() })
      .from(testRuns)
      .where(and(inArray(testRuns.testCaseId, testCaseIds), inArray(testRuns.status, ['pending', 'running'])))
      .get()?.n ?? 0
  );
}

export async function deleteRun(id: string): Promise<boolean> {
  return getDb().delete(testRuns).where(eq(testRuns.id, id)).run().changes > 0;
}

export type RunCounts = { total: number; pending: number; running: number; completed: number; failed: number; cancelled: number };

const RUN_STATUSES = testRuns.status.enumValues;
const isRunStatus = (s: string): s is (typeof RUN_STATUSES)[number] => (RUN_STATUSES as readonly string[]).includes(s);

export async function countRunsByStatus(batchIds: string[]): Promise<Map<string, RunCounts>> {
  const out = new Map<string, RunCounts>();
  for (const id of batchIds) out.set(id, { total: 0, pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 });
  if (batchIds.length === 0) return out;
  // metrics_rollup's groups (batch first, kept by triggers in each writer's transaction): a seek
  // per batch over its few groups, not a pass over its runs (0.7-0.9 s for a batch at 1M runs).
  for (const r of await selectRollupBatchStatusCounts(batchIds)) {
    const c = out.get(r.batchId);
    if (!c || !isRunStatus(r.status)) continue;
    c[r.status] += r.n;
    c.total += r.n;
  }
  return out;
}

/**
 * Start-up recovery: runs a crash left pending or running can never finish. They are
 * marked failed ("interrupted") and their batches interrupted; completed work is untouched.
 */
const STOPPED_STATUSES = ['pending', 'running', 'cancelled'] as const;

/**
 * Shutdown: the jobs `ids` (batch ids, or run ids of single runs) were aborted by the app
 * stopping, not by a user, so whatever they settled as (cancelled by the abort, or still
 * pending or running) they were interrupted, as recoverInterruptedRuns would say at the next start.
 */
export async function markStoppedJobsInterrupted(ids: string[]): Promise<{ runs: number; batches: number }> {
  if (ids.length === 0) return { runs: 0, batches: 0 };
  return getDb().transaction((tx) => {
    const runs = tx
      .update(testRuns)
      .set({ status: 'failed', errorMessage: 'interrupted: the app stopped before this run finished', completedAt: nowIso() })
      .where(and(or(inArray(testRuns.batchId, ids), inArray(testRuns.id, ids)), inArray(testRuns.status, [...STOPPED_STATUSES])))
      .run().changes;
    const batches = tx
      .update(runBatches)
      .set({ status: 'interrupted', completedAt: nowIso(), errorMessage: 'interrupted: the app stopped while this batch was running' })
      .where(and(inArray(runBatches.id, ids), inArray(runBatches.status, [...STOPPED_STATUSES])))
      .run().changes;
    return { runs, batches };
  });
}

export async function recoverInterruptedRuns(): Promise<{ runs: number; batches: number }> {
  const db = getDb();
  return db.transaction((tx) => {
    const runs = tx
      .update(testRuns)
      .set({ status: 'failed', errorMessage: 'interrupted: the app stopped before this run finished', completedAt: nowIso() })
      .where(inArray(testRuns.status, ['pending', 'running']))
      .run().changes;
    const batches = tx
      .update(runBatches)
      .set({ status: 'interrupted', completedAt: nowIso(), errorMessage: 'interrupted: the app stopped while this batch was running' })
      .where(inArray(runBatches.status, ['pending', 'running']))
      .run().changes;
    return { runs, batches };
  });
}
