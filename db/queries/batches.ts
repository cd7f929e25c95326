import 'server-only';
import { count, desc, eq } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- SQLite fast path, used only when not on Postgres (one synchronous step behind the gate)
import { getDb, getSqlite } from '../client';
import { isPostgres } from '../dialect';
import { modelSettings, runBatches, testRuns } from '../tables';
import type { RunBatchRow } from '../schema';
import { withTransaction } from '../transaction';
import { INSERT_CHUNK } from './runs';

// Read once, as db/tables.ts does: the dialect is fixed for the life of the process.
const postgres = isPostgres();
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

/** Pending runs written per turn of the event loop on SQLite (about 15 ms with the rollup triggers). */
const SQLITE_SLICE = 200;

const INSERT_PENDING_RUN = `insert into test_runs (id, test_case_id, batch_id, model_settings_id, samples, status)
  values (@id, @testCaseId, @batchId, @modelSettingsId, @samples, 'pending')`;

/**
 * Writes the batch, one model_settings row per model and every pending run (cases x models,
 * case-major) in one transaction (the caller's, when it has one), so a batch either exists
 * whole or not at all. A batch has up to cases x models runs: on SQLite one prepared statement
 * reused for each (building drizzle inserts cost more than the inserts themselves), on
 * Postgres multi-row INSERTs (a round trip per row would dominate).
 */
export async function insertBatchWithRuns(input: NewBatch): Promise<{ batchId: string | null; runIds: string[] }> {
  const batchId = input.withBatchRow ? newId() : null;
  const settings = input.models.map((m) => ({ ...m, id: newId(), baseUrl: m.baseUrl ?? null, systemPrompt: m.systemPrompt ?? null }));
  const runs = input.testCaseIds.flatMap((testCaseId) =>
    settings.map((m) => ({ id: newId(), testCaseId, batchId, modelSettingsId: m.id, samples: input.samples, status: 'pending' as const })),
  );
  const batch = batchId && {
    id: batchId,
    name: input.name,
    status: 'pending' as const,
    models: input.models,
    samples: input.samples,
    concurrency: input.concurrency,
    totalRuns: runs.length,
    toolOverrides: input.toolOverrides ?? null,
  };
  if (!postgres) {
    // One transaction (the caller's, when it has one) written in slices with a turn of the event loop between
    // them: 1,000 pending runs and their rollup triggers held the request thread 50-75 ms in one piece. While it
    // is open, other contexts' statements wait at the gate (db/transaction.ts), so nobody sees half a batch.
    await withTransaction(async (tx) => {
      if (batch) await tx.insert(runBatches).values(batch);
      if (settings.length > 0) await tx.insert(modelSettings).values(settings);
      const insertRun = getSqlite().prepare(INSERT_PENDING_RUN);
      for (let i = 0; i < runs.length; i += SQLITE_SLICE) {
        if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
        for (const r of runs.slice(i, i + SQLITE_SLICE)) insertRun.run(r);
      }
    });
  } else {
    await withTransaction(async (tx) => {
      if (batch) await tx.insert(runBatches).values(batch);
      if (settings.length > 0) await tx.insert(modelSettings).values(settings);
      for (let i = 0; i < runs.length; i += INSERT_CHUNK) await tx.insert(testRuns).values(runs.slice(i, i + INSERT_CHUNK));
    });
  }
  return { batchId, runIds: runs.map((r) => r.id) };
}

export async function getBatch(id: string): Promise<RunBatchRow | undefined> {
  const [row] = await getDb().select().from(runBatches).where(eq(runBatches.id, id)).limit(1);
  return row;
}

export async function listBatches(page: Page & { status?: RunBatchRow['status'] }): Promise<{ rows: RunBatchRow[]; total: number }> {
  const db = getDb();
  const where = page.status ? eq(runBatches.status, page.status) : undefined;
  const rows = await db.select().from(runBatches).where(where).orderBy(desc(runBatches.createdAt), desc(runBatches.id)).limit(page.limit).offset(page.offset);
  const [total] = await db.select({ n: count() }).from(runBatches).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function setBatchStatus(id: string, status: RunBatchRow['status'], errorMessage?: string): Promise<void> {
  const finished = status === 'completed' || status === 'failed' || status === 'cancelled' || status === 'interrupted';
  await getDb()
    .update(runBatches)
    .set({
      status,
      ...(status === 'running' ? { startedAt: nowIso() } : {}),
      ...(finished ? { completedAt: nowIso() } : {}),
      ...(errorMessage !== undefined ? { errorMessage } : {}),
    })
    .where(eq(runBatches.id, id));
}
