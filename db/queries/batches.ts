import 'server-only';
import { count, desc, eq } from 'drizzle-orm';
import { getDb, getSqlite } from '../client';
import { modelSettings, runBatches, type RunBatchRow } from '../schema';
import { newId, nowIso, type Page } from './util';

export type ModelSettingsValues = {
  /** The provider table's ids, through the column's enum (db/schema.ts). */
  provider: (typeof modelSettings.$inferInsert)['provider'];
  model: string;
  timeout: number;
  temperature: number;
  maxRetries: number;
  baseUrl?: string | null;
  systemPrompt?: string | null;
};

export type NewBatch = {
  name: string;
  models: ModelSettingsValues[];
  samples: number;
  concurrency: number;
  testCaseIds: string[];
  /** A single test-case run is a batch-less run: no batch row. */
  withBatchRow: boolean;
  /** An experiment variant's tool changes, kept on the batch row. */
  toolOverrides?: RunBatchRow['toolOverrides'];
};

const INSERT_PENDING_RUN = `insert into test_runs (id, test_case_id, batch_id, model_settings_id, samples, status)
  values (@id, @testCaseId, @batchId, @modelSettingsId, @samples, 'pending')`;

/**
 * Writes the batch, one model_settings row per model and every pending run (cases x models)
 * in one transaction, so a batch either exists whole or not at all.
 */
export async function insertBatchWithRuns(input: NewBatch): Promise<{ batchId: string | null; runIds: string[] }> {
  return getDb().transaction((tx) => {
    const batchId = input.withBatchRow ? newId() : null;
    if (batchId) {
      tx.insert(runBatches)
        .values({
          id: batchId,
          name: input.name,
          status: 'pending',
          models: input.models,
          samples: input.samples,
          concurrency: input.concurrency,
          totalRuns: input.testCaseIds.length * input.models.length,
          toolOverrides: input.toolOverrides ?? null,
        })
        .run();
    }
    const settingsIds = input.models.map((m) => {
      const id = newId();
      tx.insert(modelSettings).values({ ...m, id, baseUrl: m.baseUrl ?? null, systemPrompt: m.systemPrompt ?? null }).run();
      return id;
    });
    // A batch has up to cases x models rows: one statement reused for all of them, since
    // building a drizzle query per row cost more than the inserts themselves.
    const insertRun = getSqlite().prepare(INSERT_PENDING_RUN);
    const runIds: string[] = [];
    for (const testCaseId of input.testCaseIds) {
      for (const modelSettingsId of settingsIds) {
        const id = newId();
        insertRun.run({ id, testCaseId, batchId, modelSettingsId, samples: input.samples });
        runIds.push(id);
      }
    }
    return { batchId, runIds };
  });
}

export async function getBatch(id: string): Promise<RunBatchRow | undefined> {
  return getDb().select().from(runBatches).where(eq(runBatches.id, id)).get();
}

export async function listBatches(page: Page & { status?: RunBatchRow['status'] }): Promise<{ rows: RunBatchRow[]; total: number }> {
  const db = getDb();
  const where = page.status ? eq(runBatches.status, page.status) : undefined;
  const rows = db.select().from(runBatches).where(where).orderBy(desc(runBatches.createdAt), desc(runBatches.id)).limit(page.limit).offset(page.offset).all();
  const total = db.select({ n: count() }).from(runBatches).where(where).get()?.n ?? 0;
  return { rows, total };
}

export async function setBatchStatus(id: string, status: RunBatchRow['status'], errorMessage?: string): Promise<void> {
  const finished = status === 'completed' || status === 'failed' || status === 'cancelled' || status === 'interrupted';
  getDb()
    .update(runBatches)
    .set({
      status,
      ...(status === 'running' ? { startedAt: nowIso() } : {}),
      ...(finished ? { completedAt: nowIso() } : {}),
      ...(errorMessage !== undefined ? { errorMessage } : {}),
    })
    .where(eq(runBatches.id, id))
    .run();
}
