/**
 * One side of bench/metrics-compare-1m.bench.ts, on whichever database this process was started with (DATA_DIR:
 * SQLite, DATABASE_URL: Postgres). Prints one JSON line: the batch comparison through the compare rollup (after)
 * and through the per-run reads (before), whether both gave the same comparison, and what the compare rollup's
 * triggers add to writing a run (inserted completed; inserted pending then completed by one update each), measured
 * in transactions that are rolled back, with and without those triggers.
 */
import { sql } from 'drizzle-orm';
import { closeDb, getSqlite, prepareDatabase } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { selectBatchRunOutcomesFromRuns, selectCaseOutcomePairsFromRuns } from '@/db/queries/metrics-compare-runs';
import { all, get, run } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { compareBatches } from '@/lib/metrics/compare';
import { warmMedianMs } from './warm-median';

const WRITES = Number(process.env.BENCH_COMPARE_WRITES ?? 1000);
const TRIGGERS = ['trg_metrics_compare_rollup_insert', 'trg_metrics_compare_rollup_update', 'trg_metrics_compare_rollup_delete'];

export type CompareChildResult = { afterMs: number; beforeMs: number; same: boolean; insertMs: { with: number; without: number }; completeMs: { with: number; without: number } };

class Rollback extends Error {}

/** ms per run to write WRITES runs of a new batch (then roll back), with the compare rollup's triggers or without them. */
async function writeCost(withTriggers: boolean, completeByUpdate: boolean): Promise<number> {
  const testCases = await all<{ id: string }>(sql`select id from test_cases order by id limit 50`);
  const settings = await get<{ id: string }>(sql`select id from model_settings order by id limit 1`);
  let elapsed = 0;
  try {
    await withTransaction(async () => {
      if (!withTriggers) {
        for (const name of TRIGGERS) await run(isPostgres() ? sql.raw(`drop trigger "${name}" on "test_runs"`) : sql.raw(`drop trigger \`${name}\``));
      }
      await run(sql`insert into run_batches (id, name, status, models, total_runs, created_at) values ('bench-writes', 'bench writes', 'running', '[]', ${WRITES}, '2025-06-01T00:00:00.000Z')`);
      const started = performance.now();
      for (let i = 0; i < WRITES; i++) {
        const id = `bench-write-${i}`;
        const testCaseId = testCases[i % testCases.length]?.id ?? '';
        const at = `2025-06-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`;
        if (completeByUpdate) {
          await run(sql`insert into test_runs (id, test_case_id, batch_id, model_settings_id, status, created_at) values (${id}, ${testCaseId}, 'bench-writes', ${settings?.id ?? null}, 'pending', ${at})`);
          await run(sql`update test_runs set status = 'completed', classification = 'TP', selected_server = 's', selected_tool = 't', execution_time_ms = 120, completed_at = ${at} where id = ${id}`);
        } else {
          await run(sql`insert into test_runs (id, test_case_id, batch_id, model_settings_id, status, classification, selected_server, selected_tool, execution_time_ms, created_at, completed_at)
            values (${id}, ${testCaseId}, 'bench-writes', ${settings?.id ?? null}, 'completed', 'TP', 's', 't', 120, ${at}, ${at})`);
        }
      }
      elapsed = performance.now() - started;
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  return elapsed / WRITES;
}

/** Median of three, alternating with and without, so load drifts touch both alike. */
async function triggerCost(completeByUpdate: boolean): Promise<{ with: number; without: number }> {
  const withT: number[] = [];
  const without: number[] = [];
  await writeCost(true, completeByUpdate);
  for (let i = 0; i < 3; i++) {
    without.push(await writeCost(false, completeByUpdate));
    withT.push(await writeCost(true, completeByUpdate));
  }
  const mid = (xs: number[]) => xs.sort((x, y) => x - y)[1] ?? Number.NaN;
  return { with: mid(withT), without: mid(without) };
}

async function main(): Promise<void> {
  await prepareDatabase();
  if (!isPostgres()) getSqlite(); // opened and migrated
  const batchIds = (await all<{ id: string }>(sql`select id from run_batches order by name`)).map((r) => r.id);
  const [a, b] = batchIds;
  if (!a || !b) throw new Error('the 1M-run cache has no two batches');
  const perRun = { pairs: selectCaseOutcomePairsFromRuns, outcomes: selectBatchRunOutcomesFromRuns };
  const afterMs = await warmMedianMs(() => compareBatches(a, b));
  const beforeMs = await warmMedianMs(() => compareBatches(a, b, perRun));
  const same = JSON.stringify(await compareBatches(a, b)) === JSON.stringify(await compareBatches(a, b, perRun));
  const result: CompareChildResult = { afterMs, beforeMs, same, insertMs: await triggerCost(false), completeMs: await triggerCost(true) };
  await closeDb();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
