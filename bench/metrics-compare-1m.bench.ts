/**
 * The batch comparison at 1,000,000 runs on SQLite and Postgres (issue 19 target: under 300 ms on both), through
 * the compare rollup (after) and the per-run reads it replaced (before), with whether both gave the same
 * comparison; and what the compare rollup's triggers add to writing one run. Reuses the cached 1M-run databases
 * of bench/metrics-1m.bench.ts and bench/metrics-pg-1m.bench.ts (built there first when missing); each side runs
 * in a child process (bench/metrics-compare-child.ts), as the dialect is fixed when the query modules load.
 */
import os from 'node:os';
import path from 'node:path';
import type { CompareChildResult } from './metrics-compare-child';
import { ensureSqliteCache, preparePostgres, runChild, startCachedCluster } from './metrics-pg-1m.bench';

const RUNS = Number(process.env.BENCH_METRICS_RUNS ?? 1_000_000);
const BUDGET_MS = 300;

async function side(env: Record<string, string>): Promise<CompareChildResult> {
  const out = await runChild('bench/metrics-compare-child.ts', [], { SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as CompareChildResult;
}

const ms = (v: number) => Math.round(v);
const perRun = (v: number) => v.toFixed(3);

export async function runBenchmark(): Promise<void> {
  const sqliteFile = await ensureSqliteCache();
  // BENCH_PG_URL: a server already running on the cached cluster (postgres://postgres@127.0.0.1:<port>/postgres), left running.
  const running = process.env.BENCH_PG_URL;
  const cluster = running ? { url: running, stop: async () => {} } : await startCachedCluster();
  try {
    const url = await preparePostgres(cluster, sqliteFile);
    const sides: [string, CompareChildResult][] = [
      ['SQLite', await side({ DATA_DIR: path.dirname(sqliteFile) })],
      ['Postgres', await side({ DATABASE_URL: url })],
    ];
    console.log(`compare two batches at ${RUNS} runs (median of warm calls, wall ms):`);
    console.table(
      sides.map(([db, r]) => ({ db, beforeMs: ms(r.beforeMs), afterMs: ms(r.afterMs), budgetMs: BUDGET_MS, met: r.afterMs < BUDGET_MS ? 'yes' : 'NO', sameComparison: r.same ? 'yes' : 'NO' })),
    );
    console.log('writing one run, ms (median of 3 rolled-back transactions; without = the compare rollup triggers dropped):');
    console.table(
      sides.flatMap(([db, r]) => [
        { db, write: 'insert a completed run', withoutMs: perRun(r.insertMs.without), withMs: perRun(r.insertMs.with), addedMs: perRun(r.insertMs.with - r.insertMs.without) },
        { db, write: 'insert pending + complete by update', withoutMs: perRun(r.completeMs.without), withMs: perRun(r.completeMs.with), addedMs: perRun(r.completeMs.with - r.completeMs.without) },
      ]),
    );
    console.log(`load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  } finally {
    await cluster.stop();
  }
}
