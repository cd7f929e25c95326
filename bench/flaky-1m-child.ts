/**
 * One side of bench/flaky-1m.bench.ts, on whichever database this process was started with (DATA_DIR: SQLite,
 * DATABASE_URL: Postgres). Prints one JSON line: GET /api/metrics/flaky's read (listFlakyCases, first page of 20
 * with 10 runs of history) first call and warm median, wall and CPU of this process, the per-run pairs query it
 * replaced, and whether both gave the same ordered pairs.
 */
import { closeDb, prepareDatabase } from '@/db/client';
import { selectFlakyPairs, selectFlakyPairsPerRun } from '@/db/queries/flaky';
import { listFlakyCases } from '@/lib/metrics/flaky';
import { warmMedianMs } from './warm-median';

export type FlakyChildResult = { firstMs: number; firstCpuMs: number; warmMs: number; perRunMs: number; pairs: number; same: boolean };

async function timed(fn: () => Promise<unknown>): Promise<{ ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await fn();
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

async function main(): Promise<void> {
  await prepareDatabase();
  const query = { limit: 20, offset: 0, history: 10 };
  const first = await timed(() => listFlakyCases(query));
  const warmMs = await warmMedianMs(() => listFlakyCases(query));
  const fast = await selectFlakyPairs({}, { limit: 1_000_000, offset: 0 });
  let exact: Awaited<ReturnType<typeof selectFlakyPairsPerRun>> = [];
  const perRun = await timed(async () => (exact = await selectFlakyPairsPerRun({})));
  const result: FlakyChildResult = {
    firstMs: first.ms,
    firstCpuMs: first.cpuMs,
    warmMs,
    perRunMs: perRun.ms,
    pairs: fast.total,
    same: JSON.stringify(fast.rows) === JSON.stringify(exact),
  };
  await closeDb();
  console.log(JSON.stringify(result));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
