/**
 * GET /api/metrics/flaky's read at 1,000,000 runs on SQLite and Postgres (issue 19: /metrics usable within 1 s, its
 * requests not queued behind one slow query): listFlakyCases' first page (20 pairs, 10 runs of history each), the
 * first call and the warm median, with the per-run pairs query it replaced and whether both gave the same ordered
 * pairs. Reuses the cached 1M-run databases of bench/metrics-1m.bench.ts and bench/metrics-pg-1m.bench.ts (built
 * there first when missing); each side runs in a child process (bench/flaky-1m-child.ts).
 */
import os from 'node:os';
import path from 'node:path';
import type { FlakyChildResult } from './flaky-1m-child';
import { ensureSqliteCache, preparePostgres, runChild, startCachedCluster } from './metrics-pg-1m.bench';

const BUDGET_MS = 1000;

async function side(env: Record<string, string>): Promise<FlakyChildResult> {
  const out = await runChild('bench/flaky-1m-child.ts', [], { SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as FlakyChildResult;
}

function line(name: string, r: FlakyChildResult): string {
  const verdict = r.firstMs < BUDGET_MS && r.same ? 'PASS' : 'FAIL';
  return `FLAKY-1M ${name}: first ${Math.round(r.firstMs)} ms (CPU ${Math.round(r.firstCpuMs)} ms), warm median ${Math.round(r.warmMs)} ms, ` +
    `per-run pairs query before ${Math.round(r.perRunMs)} ms; ${r.pairs} pairs, same as per-run: ${r.same}; ${verdict} (target < ${BUDGET_MS} ms)`;
}

export async function runBenchmark(): Promise<void> {
  const sqliteFile = await ensureSqliteCache();
  console.log(line('SQLite', await side({ DATA_DIR: path.dirname(sqliteFile) })));
  // BENCH_PG_URL: a server already running on the cached cluster (postgres://postgres@127.0.0.1:<port>/postgres), left running.
  const running = process.env.BENCH_PG_URL;
  const cluster = running ? { url: running, stop: async () => {} } : await startCachedCluster();
  try {
    const url = await preparePostgres(cluster, sqliteFile);
    console.log(line('Postgres', await side({ DATABASE_URL: url })));
  } finally {
    await cluster.stop();
  }
  console.log(`load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')} on ${os.cpus().length} cores`);
}
