import 'server-only';
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- SQLite fast path, used only when not on Postgres (one synchronous step behind the gate)
import { getDb, getSqlite } from '../client';
import { isPostgres } from '../dialect';
import { evaluationResults, metricsRollup, modelSettings, runBatches, testCases, testRuns, toolDefinitions } from '../tables';
import type { TestRunRow } from '../schema';
import { affected, all, get, run } from '../sql';
import { inSqliteTurn, withTransaction } from '../transaction';
import { currentFrame } from '../tx-context';
import { selectRollupBatchStatusCounts } from './metrics-rollup';
import { findToolSet, storeRunTools, storeRunToolsSqlite, storeToolSet, type SnapshotToolInput } from './tool-snapshots';
import { driverError, newId, nowIso, type Page } from './util';

// Read once, as db/tables.ts does: the dialect is fixed for the life of the process.
const postgres = isPostgres();

/**
 * SQLite, on the run engine's hot path: waits until no other context's transaction is open, then
 * the caller runs its statements synchronously (nothing can interleave before it returns).
 */

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
  const rows = await db
    .select(selection)
    .from(testRuns)
    .leftJoin(modelSettings, eq(modelSettings.id, testRuns.modelSettingsId))
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .where(where)
    .orderBy(desc(testRuns.createdAt), desc(testRuns.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { rows: rows.map(flatten), total: await countRuns(filter) };
}

/**
 * The runs `filter` matches. Without a test case filter, a sum over metrics_rollup's groups (kept by triggers in
 * each writer's transaction, every run of every status, '' for a NULL key): at 1M runs count(*) over the runs
 * took 220 ms of every /runs page view, the groups (~50k) 3 ms. A test case filter counts its runs (the rollup has
 * no test case; idx_test_runs_test_case).
 */
export async function countRuns(filter: RunFilter): Promise<number> {
  const db = getDb();
  if (filter.testCaseId) {
    const [row] = await db.select({ n: count() }).from(testRuns).leftJoin(modelSettings, eq(modelSettings.id, testRuns.modelSettingsId)).where(whereOf(filter));
    return row?.n ?? 0;
  }
  const settings = and(filter.provider ? eq(modelSettings.provider, filter.provider) : undefined, filter.model ? eq(modelSettings.model, filter.model) : undefined);
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${metricsRollup.runs}), 0)`.mapWith(Number) })
    .from(metricsRollup)
    .where(
      and(
        filter.batchId ? eq(metricsRollup.batchId, filter.batchId) : undefined,
        filter.status ? eq(metricsRollup.status, filter.status) : undefined,
        filter.classification ? eq(metricsRollup.classification, filter.classification) : undefined,
        settings ? inArray(metricsRollup.modelSettingsId, db.select({ id: modelSettings.id }).from(modelSettings).where(settings)) : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function getRun(id: string): Promise<RunWithSettings | undefined> {
  const [row] = await getDb()
    .select(selection)
    .from(testRuns)
    .leftJoin(modelSettings, eq(modelSettings.id, testRuns.modelSettingsId))
    .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
    .where(eq(testRuns.id, id))
    .limit(1);
  return row ? flatten(row) : undefined;
}

export type NewRun = { testCaseId: string; batchId: string | null; modelSettingsId: string; samples: number };

/** Up to this many rows per INSERT: 6 bound values a row stays far below either dialect's parameter limit. */
export const INSERT_CHUNK = 500;

/** Pending runs, in one transaction (the caller's when it has one), in the order given (the order workers claim them). */
export async function insertRuns(runs: NewRun[]): Promise<string[]> {
  const rows = runs.map((r) => ({ ...r, id: newId(), status: 'pending' as const }));
  await withTransaction(async (tx) => {
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) await tx.insert(testRuns).values(rows.slice(i, i + INSERT_CHUNK));
  });
  return rows.map((r) => r.id);
}

export type ClaimedRun = Pick<TestRunRow, 'id' | 'testCaseId' | 'modelSettingsId' | 'samples'>;

/**
 * Atomically takes the next pending run of a batch, so concurrent workers never share one
 * (the outer status check makes a run another transaction claimed first a miss, not a second claim).
 * Only what the worker needs: a batch's model settings are read once per batch, not per run.
 * Runs go in the order they were written: SQLite's rowid; on Postgres the insert's timestamp,
 * then the row's place in the table (one multi-row INSERT writes them in order), skipping rows
 * another worker is claiming right now instead of waiting for them.
 */
export async function claimNextRun(batchId: string): Promise<ClaimedRun | undefined> {
  const now = nowIso();
  if (!postgres) {
    // One statement, prepared once per connection (the client caches statements by their text).
    return inSqliteTurn(() => getSqlite().prepare<[string, string], ClaimedRun>(CLAIM_SQLITE).get(now, batchId));
  }
  return get<ClaimedRun>(sql`update test_runs set status = 'running', started_at = ${now}
    where id = (select id from test_runs where batch_id = ${batchId} and status = 'pending' order by created_at, ctid limit 1 for update skip locked)
      and status = 'pending'
    returning id, test_case_id as "testCaseId", model_settings_id as "modelSettingsId", samples`);
}

const CLAIM_SQLITE = `update test_runs set status = 'running', started_at = ?
  where id = (select id from test_runs where batch_id = ? and status = 'pending' order by rowid limit 1) and status = 'pending'
  returning id, test_case_id as "testCaseId", model_settings_id as "modelSettingsId", samples`;

export async function getModelSettings(id: string): Promise<ModelSettingsRow | undefined> {
  const [row] = await getDb().select().from(modelSettings).where(eq(modelSettings.id, id)).limit(1);
  return row;
}

export async function markRunRunning(id: string): Promise<void> {
  await getDb().update(testRuns).set({ status: 'running', startedAt: nowIso() }).where(eq(testRuns.id, id));
}

/** A JSON column's value as bound text: NULL stays NULL (not the text 'null'). Postgres's json type parses the text. */
function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The tools the run showed the model, in the order it saw them. */
export async function getSnapshot(runId: string): Promise<ToolDefinitionRow[]> {
  return getDb().select().from(toolDefinitions).where(eq(toolDefinitions.testRunId, runId)).orderBy(asc(toolDefinitions.position));
}

export async function getEvaluation(runId: string): Promise<EvaluationRow | undefined> {
  const [row] = await getDb().select().from(evaluationResults).where(eq(evaluationResults.testRunId, runId)).limit(1);
  return row;
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

/** A run still under way; a run that ended (completed, failed, cancelled, marked interrupted) is never ended again. */
const UNFINISHED = `status in ('pending', 'running')`;

// Plain SQL on the hot path (the values are encoded here: JSON text, booleans per dialect): one
// statement text each, which the SQLite connection keeps prepared.
const COMPLETE_RUN = `update test_runs set status = 'completed', error_message = null, completed_at = @completedAt,
    llm_response_raw = @llmResponseRaw, selected_server = @selectedServer, selected_tool = @selectedTool,
    extracted_parameters = @extractedParameters, confidence_score = @confidenceScore,
    confidence_category = @confidenceCategory, confidence_source = @confidenceSource, classification = @classification,
    execution_time_ms = @executionTimeMs, input_tokens = @inputTokens, output_tokens = @outputTokens,
    failure_reasons = @failureReasons
  where id = @id and ${UNFINISHED}`;

const INSERT_EVALUATION = `insert into evaluation_results (id, test_run_id, classification, expected_server, expected_tool, selected_server,
    selected_tool, tool_correct, parameter_completeness, parameter_correctness, type_conformance,
    hallucinated_parameters, missing_required, type_errors, failure_reasons, confidence_score,
    confidence_category, pass_k, reasoning, recommendations, argument_matching, created_at)
  values (@id, @testRunId, @classification, @expectedServer, @expectedTool, @selectedServer, @selectedTool,
    @toolCorrect, @parameterCompleteness, @parameterCorrectness, @typeConformance, @hallucinatedParameters,
    @missingRequired, @typeErrors, @failureReasons, @confidenceScore, @confidenceCategory, @passK, @reasoning,
    @recommendations, @argumentMatching, @createdAt)`;

type EvaluationValues = Omit<typeof evaluationResults.$inferInsert, 'id' | 'testRunId'>;

/**
 * The two statements' named values; booleans through `bool` (SQLite binds 1/0, Postgres a boolean).
 * JSON columns are bound as their text (NULL stays NULL); Postgres's json type parses it.
 */
function completionParams<B>(id: string, values: CompletedRunValues, e: EvaluationValues, bool: (b: boolean) => B) {
  const completedAt = nowIso();
  const run = {
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
    completedAt,
  };
  const evaluation = {
    id: newId(),
    testRunId: id,
    classification: e.classification,
    expectedServer: e.expectedServer ?? null,
    expectedTool: e.expectedTool ?? null,
    selectedServer: e.selectedServer ?? null,
    selectedTool: e.selectedTool ?? null,
    toolCorrect: bool(e.toolCorrect),
    parameterCompleteness: e.parameterCompleteness ?? null,
    parameterCorrectness: e.parameterCorrectness ?? null,
    typeConformance: e.typeConformance ?? null,
    hallucinatedParameters: jsonOrNull(e.hallucinatedParameters),
    missingRequired: jsonOrNull(e.missingRequired),
    typeErrors: jsonOrNull(e.typeErrors),
    failureReasons: JSON.stringify(e.failureReasons),
    confidenceScore: e.confidenceScore ?? null,
    confidenceCategory: e.confidenceCategory ?? null,
    passK: e.passK === null || e.passK === undefined ? null : bool(e.passK),
    reasoning: e.reasoning ?? null,
    recommendations: jsonOrNull(e.recommendations),
    argumentMatching: e.argumentMatching ?? 'strict',
    createdAt: completedAt,
  };
  return { run, evaluation };
}

/**
 * The run's tool snapshot, verdict and evaluation result land together or not at all (one
 * commit per run also keeps the evaluation hot path cheap). Answers false, writing nothing,
 * when the run had already ended (e.g. marked interrupted, or completed by an earlier delivery).
 * Inside a caller's withTransaction it joins it.
 */
export async function completeRun(id: string, snapshot: NewToolDefinition[], values: CompletedRunValues, evaluation: EvaluationValues): Promise<boolean> {
  if (!postgres) {
    // The hot path: one synchronous better-sqlite3 transaction (a savepoint inside a caller's
    // withTransaction) over statements prepared once, as fast as before the layer became async.
    const p = completionParams(id, values, evaluation, (b) => (b ? 1 : 0));
    const sqlite = getSqlite();
    // eslint-disable-next-line no-restricted-syntax -- SQLite fast path (not on Postgres): one synchronous better-sqlite3 transaction behind the gate
    return inSqliteTurn(() => sqlite.transaction(() => completeSqlite(id, snapshot, p))());
  }
  // Postgres: the run's row and its evaluation fire the metrics rollup's triggers, which update
  // the batch's shared group rows (its pending/running/completed counts) and hold their locks to
  // the commit: a transaction waiting on this process between statements (on a busy machine, for
  // milliseconds) made every other run's claim and completion wait behind it. So the completion is
  // one call of mcp_eval_complete_run (Postgres migration 0007: the same statements, in the same
  // order) in a transaction of its own, and the listing is looked up before it.
  const p = completionParams(id, values, evaluation, (b) => b);
  const complete = async (toolSetId: number | null) =>
    (await get<{ ok: boolean }>(sql`select mcp_eval_complete_run(${JSON.stringify(p.run)}::jsonb, ${JSON.stringify(p.evaluation)}::jsonb, ${toolSetId}::integer) as ok`))?.ok === true;
  const known = snapshot.length > 0 ? await findToolSet(snapshot) : null;
  if (known !== undefined) {
    try {
      // Outside a transaction, with the completions other runs reach in the same turn (one call).
      return currentFrame() ? await complete(known) : await completeSoon({ r: p.run, e: p.evaluation, t: known });
    } catch (err) {
      // The listing was dropped between the look-up and the call (its last run deleted): stored again below.
      if (driverError(err)?.code !== '23503') throw err;
    }
  }
  // A listing not stored yet: stored with the completion, or not at all when the run had ended.
  try {
    return await withTransaction(async () => {
      if (!(await complete(await storeToolSet(snapshot)))) throw ALREADY_ENDED;
      return true;
    });
  } catch (err) {
    if (err === ALREADY_ENDED) return false;
    throw err;
  }
}

/** SQLite: one run's completion statements, synchronously; call inside a transaction. */
function completeSqlite(id: string, snapshot: NewToolDefinition[], p: ReturnType<typeof completionParams<number>>): boolean {
  const sqlite = getSqlite();
  if (sqlite.prepare(COMPLETE_RUN).run(p.run).changes === 0) return false;
  // After the first write, so the transaction already holds the write lock when it looks the listing up.
  if (snapshot.length > 0) storeRunToolsSqlite(id, snapshot);
  sqlite.prepare(INSERT_EVALUATION).run(p.evaluation);
  return true;
}

export type RunCompletion = { id: string; snapshot: NewToolDefinition[]; values: CompletedRunValues; evaluation: EvaluationValues };

/**
 * Several runs' completions, each answering as completeRun would (false: the run had already
 * ended; rejected: its write failed). SQLite: one transaction for all of them, so a batch's
 * runs that finish in the same turn share one commit (on a busy disk a commit cost 0.5-2 ms of
 * the event loop); when the group fails, each is tried alone, so a bad completion fails alone.
 * Postgres, or inside a caller's transaction: each through completeRun (Postgres groups a
 * turn's completions there).
 */
export async function completeRuns(items: readonly RunCompletion[]): Promise<PromiseSettledResult<boolean>[]> {
  const each = () => Promise.allSettled(items.map((c) => completeRun(c.id, c.snapshot, c.values, c.evaluation)));
  if (postgres || currentFrame() || items.length < 2) return each();
  const params = items.map((c) => completionParams(c.id, c.values, c.evaluation, (b) => (b ? 1 : 0)));
  const sqlite = getSqlite();
  try {
    // eslint-disable-next-line no-restricted-syntax -- SQLite fast path (not on Postgres): one synchronous better-sqlite3 transaction behind the gate
    const written = await inSqliteTurn(() => sqlite.transaction(() => items.map((c, i) => completeSqlite(c.id, c.snapshot, params[i] as (typeof params)[number])))());
    return written.map((value) => ({ status: 'fulfilled', value }));
  } catch {
    return each();
  }
}

const ALREADY_ENDED = new Error('the run had already ended');

type Completion = { r: { id: string }; e: unknown; t: number | null };

/**
 * Postgres: the completions asked for in one turn of the event loop (a worker's runs whose
 * answers arrive together) in one call of mcp_eval_complete_runs (migration 0010), the same
 * statements as mcp_eval_complete_run's for all of them at once, so the metrics triggers add the
 * group's changes once. Each answers whether its run took the completion. When the group's
 * call fails, each item is tried alone, so it fails (a listing dropped meanwhile: 23503, which
 * the caller handles) or not as it would have by itself.
 */
let completions: { item: Completion; resolve: (ok: boolean) => void; reject: (err: unknown) => void }[] = [];
function completeSoon(item: Completion): Promise<boolean> {
  return new Promise((resolve, reject) => {
    if (completions.length === 0) setImmediate(() => void flushCompletions());
    completions.push({ item, resolve, reject });
  });
}

async function flushCompletions(): Promise<void> {
  const group = completions;
  completions = [];
  try {
    const rows = await all<{ id: string }>(sql`select id from mcp_eval_complete_runs(${JSON.stringify(group.map((g) => g.item))}::jsonb) as id`);
    const done = new Set(rows.map((r) => r.id));
    for (const g of group) g.resolve(done.has(g.item.r.id));
  } catch (err) {
    if (group.length === 1) return group[0]?.reject(err);
    // One item's failure must not fail the others: each alone, as mcp_eval_complete_run.
    for (const g of group) {
      const { r, e, t } = g.item;
      get<{ ok: boolean }>(sql`select mcp_eval_complete_run(${JSON.stringify(r)}::jsonb, ${JSON.stringify(e)}::jsonb, ${t}::integer) as ok`).then(
        (row) => g.resolve(row?.ok === true),
        g.reject,
      );
    }
  }
}

/**
 * Runs `fn` inside the open transaction as a savepoint: when it throws, only its own writes are
 * undone and the transaction goes on (Postgres would otherwise refuse every later statement).
 */
async function savepoint(name: string, fn: () => Promise<void>): Promise<boolean> {
  await run(sql.raw(`savepoint ${name}`));
  try {
    await fn();
    await run(sql.raw(`release savepoint ${name}`));
    return true;
  } catch {
    await run(sql.raw(`rollback to savepoint ${name}`));
    await run(sql.raw(`release savepoint ${name}`));
    return false;
  }
}

/**
 * A failed run keeps the snapshot it had got as far as (the tools the model would have seen).
 * A run that had already ended is left as it is.
 */
export async function failRun(
  id: string,
  status: 'failed' | 'cancelled',
  errorMessage: string,
  extra: Partial<Pick<TestRunRow, 'llmResponseRaw' | 'executionTimeMs' | 'inputTokens' | 'outputTokens' | 'failureReasons' | 'trajectory' | 'steps'>> = {},
  snapshot: NewToolDefinition[] = [],
): Promise<void> {
  await withTransaction(async (tx) => {
    const ended = affected(
      await tx
        .update(testRuns)
        .set({ ...extra, status, errorMessage: errorMessage.slice(0, 4000), completedAt: nowIso() })
        .where(and(eq(testRuns.id, id), inArray(testRuns.status, ['pending', 'running']))),
    );
    if (ended === 0 || snapshot.length === 0) return;
    // A snapshot that cannot be stored (e.g. an absurdly nested schema) must not keep the run
    // from reaching its final status: the listing is undone whole, the transaction goes on.
    await savepoint('run_tools', () => storeRunTools(id, snapshot));
  });
}

export async function cancelPendingRuns(batchId: string, message: string): Promise<number> {
  return affected(
    await getDb()
      .update(testRuns)
      .set({ status: 'cancelled', errorMessage: message, completedAt: nowIso() })
      .where(and(eq(testRuns.batchId, batchId), eq(testRuns.status, 'pending'))),
  );
}

/** Runs of these test cases still pending or running (deleting them would pull rows from under a worker). */
export async function countActiveRuns(testCaseIds: string[]): Promise<number> {
  if (testCaseIds.length === 0) return 0;
  const [row] = await getDb()
    .select({ n: count() })
    .from(testRuns)
    .where(and(inArray(testRuns.testCaseId, testCaseIds), inArray(testRuns.status, ['pending', 'running'])));
  return row?.n ?? 0;
}

export async function deleteRun(id: string): Promise<boolean> {
  return affected(await getDb().delete(testRuns).where(eq(testRuns.id, id))) > 0;
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

const RUN_INTERRUPTED = 'interrupted: the app stopped before this run finished';
const BATCH_INTERRUPTED = 'interrupted: the app stopped while this batch was running';

/**
 * Shutdown: the jobs `ids` (batch ids, or run ids of single runs) were aborted by the app
 * stopping, not by a user, so whatever they settled as (cancelled by the abort, or still
 * pending or running) they were interrupted, as recoverInterruptedRuns would say at the next start.
 */
export async function markStoppedJobsInterrupted(ids: string[]): Promise<{ runs: number; batches: number }> {
  if (ids.length === 0) return { runs: 0, batches: 0 };
  return withTransaction(async (tx) => {
    const runs = affected(
      await tx
        .update(testRuns)
        .set({ status: 'failed', errorMessage: RUN_INTERRUPTED, completedAt: nowIso() })
        .where(and(or(inArray(testRuns.batchId, ids), inArray(testRuns.id, ids)), inArray(testRuns.status, [...STOPPED_STATUSES]))),
    );
    const batches = affected(
      await tx
        .update(runBatches)
        .set({ status: 'interrupted', completedAt: nowIso(), errorMessage: BATCH_INTERRUPTED })
        .where(and(inArray(runBatches.id, ids), inArray(runBatches.status, [...STOPPED_STATUSES]))),
    );
    return { runs, batches };
  });
}

/**
 * Start-up recovery of a single-process install: every run still pending or running fails as
 * interrupted, its batch too. Not for Postgres with worker processes, whose runs in flight are
 * the queue's to recover (lib/queue): this would fail live workers' runs.
 */
export async function recoverInterruptedRuns(): Promise<{ runs: number; batches: number }> {
  return withTransaction(async (tx) => {
    const runs = affected(
      await tx
        .update(testRuns)
        .set({ status: 'failed', errorMessage: RUN_INTERRUPTED, completedAt: nowIso() })
        .where(inArray(testRuns.status, ['pending', 'running'])),
    );
    const batches = affected(
      await tx
        .update(runBatches)
        .set({ status: 'interrupted', completedAt: nowIso(), errorMessage: BATCH_INTERRUPTED })
        .where(inArray(runBatches.status, ['pending', 'running'])),
    );
    return { runs, batches };
  });
}
