/**
 * Experiment batches out of the unfiltered metrics at 1,000,000 runs (issue 14), on SQLite and Postgres: per summary
 * filter case the warm median with no experiment (today's path plus the lookup of experiment_variants), and with an
 * experiment whose variant batch holds 2,000 copied runs (BENCH_EXPERIMENT_RUNS; rolled back afterwards): excluded
 * (which must give the plain figures) and included (includeExperiments=true). Wall and CPU ms (Postgres: the
 * client process's CPU only). Reuses the cached databases of bench/metrics-1m.bench.ts and metrics-pg-1m.
 */
import os from 'node:os';
import path from 'node:path';
import type { ExperimentChildResult } from './metrics-experiments-child';
import { ensureSqliteCache, preparePostgres, runChild, startCachedCluster } from './metrics-pg-1m.bench';

async function side(env: Record<string, string>): Promise<ExperimentChildResult> {
  const out = await runChild('bench/metrics-experiments-child.ts', [], { SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env });
  return JSON.parse(out.trim().split('\n').pop() ?? '{}') as ExperimentChildResult;
}

const ms = (v: number) => Math.round(v);

export async function runBenchmark(): Promise<void> {
  const sqliteFile = await ensureSqliteCache();
  const running = process.env.BENCH_PG_URL;
  const cluster = running ? { url: running, stop: async () => {} } : await startCachedCluster();
  try {
    const url = await preparePostgres(cluster, sqliteFile);
    for (const [db, r] of [
      ['SQLite', await side({ DATA_DIR: path.dirname(sqliteFile) })],
      ['Postgres', await side({ DATABASE_URL: url })],
    ] as const) {
      console.log(`${db}: experiment_variants lookup ${r.lookup.wallMs.toFixed(2)} ms wall, ${r.lookup.cpuMs.toFixed(2)} ms CPU`);
      console.table(
        r.cases.map((c) => ({
          case: c.label,
          plainMs: ms(c.plain.wallMs),
          plainCpuMs: ms(c.plain.cpuMs),
          excludedMs: ms(c.excluded.wallMs),
          excludedCpuMs: ms(c.excluded.cpuMs),
          includedMs: ms(c.included.wallMs),
          runsIncluded: `${c.includedRuns} (${c.plainRuns} without)`,
          leftOutMs: c.leftOut.wallMs.toFixed(2),
          leftOutCpuMs: c.leftOut.cpuMs.toFixed(2),
          excludedSame: c.excludedSame ? 'yes' : 'NO',
          leftOutExact: c.leftOutExact ? 'yes' : 'NO',
        })),
      );
    }
    console.log(`load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  } finally {
    await cluster.stop();
  }
}
