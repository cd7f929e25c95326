import 'server-only';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, getSqlite } from '../client';
import {
  evaluationResults,
  modelSettings,
  runBatches,
  testCases,
  testRuns,
  toolDefinitions,
  type TestRunRow,
} from '../schema';
import { newId, nowIso, type Page } from './util';

export type ModelSettingsRow = typeof modelSettings.$inferSelect;
export type EvaluationRow = typeof evaluationResults.$inferSelect;
export type ToolDefinitionRow = typeof toolDefinitions.$inferSelect;
export type NewToolDefinition = Omit<typeof toolDefinitions.$inferInsert, 'id' | 'testRunId' | 'createdAt'>;
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

export function listRuns(filter: RunFilter & Page): { rows: RunWithSettings[]; total: number } {
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
const prepared = new WeakMap<object, ReturnType<typeof prepareHotQueries>>();

function prepareHotQueries(db: ReturnType<typeof getDb>) {
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
      .returning()
      .prepare(),
    // Plain SQL: drizzle placeholders would store a JSON column's null as the text 'null'.
    insertTool: getSqlite().prepare(
      `insert into tool_definitions (id, test_run_id, server_name, server_url, name, exposed_name, description, input_schema, output_schema)
       values (@id, @testRunId, @serverName, @serverUrl, @name, @exposedName, @description, @inputSchema, @outputSchema)`,
    ),
  };
}

function hot() {
  const db = getDb();
  let queries = prepared.get(db);
  if (!queries) {
    queries = prepareHotQueries(db);
    prepared.set(db, queries);
  }
  return queries;
}

export function getRun(id: string): RunWithSettings | undefined {
  const row = hot().getRun.get({ id });
  return row ? flatten(row) : undefined;
}

export type NewRun = { testCaseId: string; batchId: string | null; modelSettingsId: string; samples: number };

export function insertRuns(runs: NewRun[]): string[] {
  const db = getDb();
  return db.transaction((tx) =>
    runs.map((r) => {
      const id = newId();
      tx.insert(testRuns).values({ ...r, id, status: 'pending' }).run();
      return id;
    }),
  );
}

/** Atomically takes the next pending run of a batch, so concurrent workers never share one. */
export function claimNextRun(batchId: string): TestRunRow | undefined {
  return hot().claimNextRun.get({ batchId, now: nowIso() });
}

export function markRunRunning(id: string): void {
  getDb().update(testRuns).set({ status: 'running', startedAt: nowIso() }).where(eq(testRuns.id, id)).run();
}

/**
 * One prepared statement per row rather than a query built per snapshot: this runs for every
 * evaluation run and building a multi-row insert was a large part of its database time.
 */
/** Call inside a transaction: the prepared statement joins whatever transaction is open on the connection. */
function insertSnapshot(runId: string, tools: NewToolDefinition[]): void {
  if (tools.length === 0) return;
  const insert = hot().insertTool;
  for (const t of tools) {
    insert.run({
      id: newId(),
      testRunId: runId,
      serverName: t.serverName,
      serverUrl: t.serverUrl ?? null,
      name: t.name,
      exposedName: t.exposedName,
      description: t.description ?? '',
      inputSchema: JSON.stringify(t.inputSchema),
      outputSchema: t.outputSchema ? JSON.stringify(t.outputSchema) : null,
    });
  }
}

export function getSnapshot(runId: string): ToolDefinitionRow[] {
  return getDb().select().from(toolDefinitions).where(eq(toolDefinitions.testRunId, runId)).orderBy(asc(toolDefinitions.createdAt), asc(toolDefinitions.exposedName)).all();
}

export function getEvaluation(runId: string): EvaluationRow | undefined {
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
>;

/**
 * The run's tool snapshot, verdict and evaluation result land together or not at all (one
 * commit per run also keeps the evaluation hot path cheap).
 */
export function completeRun(
  id: string,
  snapshot: NewToolDefinition[],
  values: CompletedRunValues,
  evaluation: Omit<typeof evaluationResults.$inferInsert, 'id' | 'testRunId'>,
): void {
  getDb().transaction((tx) => {
    insertSnapshot(id, snapshot);
    tx.update(testRuns).set({ ...values, status: 'completed', completedAt: nowIso(), errorMessage: null }).where(eq(testRuns.id, id)).run();
    tx.insert(evaluationResults).values({ ...evaluation, id: newId(), testRunId: id }).run();
  });
}

/** A failed run keeps the snapshot it had got as far as (the tools the model would have seen). */
export function failRun(
  id: string,
  status: 'failed' | 'cancelled',
  errorMessage: string,
  extra: Partial<Pick<TestRunRow, 'llmResponseRaw' | 'executionTimeMs' | 'inputTokens' | 'outputTokens' | 'failureReasons'>> = {},
  snapshot: NewToolDefinition[] = [],
): void {
  getDb().transaction((tx) => {
    insertSnapshot(id, snapshot);
    tx.update(testRuns)
      .set({ ...extra, status, errorMessage: errorMessage.slice(0, 4000), completedAt: nowIso() })
      .where(eq(testRuns.id, id))
      .run();
  });
}

export function cancelPendingRuns(batchId: string, message: string): number {
  return getDb()
    .update(testRuns)
    .set({ status: 'cancelled', errorMessage: message, completedAt: nowIso() })
    .where(and(eq(testRuns.batchId, batchId), eq(testRuns.status, 'pending')))
    .run().changes;
}

export function deleteRun(id: string): boolean {
  return getDb().delete(testRuns).where(eq(testRuns.id, id)).run().changes > 0;
}

export type RunCounts = { total: number; pending: number; running: number; completed: number; failed: number; cancelled: number };

export function countRunsByStatus(batchIds: string[]): Map<string, RunCounts> {
  const out = new Map<string, RunCounts>();
  for (const id of batchIds) out.set(id, { total: 0, pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 });
  if (batchIds.length === 0) return out;
  const rows = getDb()
    .select({ batchId: testRuns.batchId, status: testRuns.status, n: count() })
    .from(testRuns)
    .where(inArray(testRuns.batchId, batchIds))
    .groupBy(testRuns.batchId, testRuns.status)
    .all();
  for (const r of rows) {
    const c = r.batchId ? out.get(r.batchId) : undefined;
    if (!c) continue;
    c[r.status] += r.n;
    c.total += r.n;
  }
  return out;
}

/**
 * Start-up recovery: runs a crash left pending or running can never finish. They are
 * marked failed ("interrupted") and their batches interrupted; completed work is untouched.
 */
export function recoverInterruptedRuns(): { runs: number; batches: number } {
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
