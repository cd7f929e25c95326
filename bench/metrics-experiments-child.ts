/**
 * One side of bench/metrics-experiments-1m.bench.ts (issue 14), on whichever database this process was started
 * with (DATA_DIR: SQLite, DATABASE_URL: Postgres). Per summary filter case without a batch: the warm median with no
 * experiment (the plain path, plus the one lookup of experiment_variants), then inside a transaction that is
 * rolled back an experiment: a variant batch of BENCH_EXPERIMENT_RUNS (default 2,000) copies of existing runs with
 * their evaluations (the triggers fill the rollups as for real runs). The summary with that batch excluded must
 * equal the plain figures; includeExperiments=true counts it. Wall ms, and the process's CPU ms per call
 * (Postgres: the client's only). Prints one JSON line.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { closeDb, prepareDatabase } from '@/db/client';
import { selectExperimentBatchIds } from '@/db/queries/metrics-experiment-batches';
import { all, run } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import type { MetricsFilters } from '@/lib/metrics/filters';
import { countExperimentRunsLeftOut, excludeExperimentBatches } from '@/lib/metrics/experiment-scope';
import { getMetricsSummary, toScope } from '@/lib/metrics/summary';
import { lookUpMetricsFilterCases } from './metrics-filter-cases';
import { REPEATS } from './warm-median';

export type Timing = { wallMs: number; cpuMs: number };
export type ExperimentCaseResult = {
  label: string;
  plain: Timing;
  excluded: Timing;
  included: Timing;
  /** The count of what the exclusion left out (summary.experimentsLeftOut) alone: part of `excluded`. */
  leftOut: Timing;
  excludedSame: boolean;
  /** experimentsLeftOut.runs is what includeExperiments=true adds to counts.total. */
  leftOutExact: boolean;
  includedRuns: number;
  plainRuns: number;
};
export type ExperimentChildResult = { lookup: Timing; cases: ExperimentCaseResult[] };

class Rollback extends Error {}

const EXPERIMENT_RUNS = Number(process.env.BENCH_EXPERIMENT_RUNS ?? 2000);

/** Copies `n` runs of a batch and their evaluations into `batchId` ('x' + the original id): a batch like an experiment variant's. */
async function copyRuns(from: string, batchId: string, n: number): Promise<void> {
  const columns = async (table: string) => Object.keys((await all<Record<string, unknown>>(sql.raw(`select * from ${table} limit 1`)))[0] ?? {});
  const replace = (cols: string[], values: Record<string, string>) => cols.map((c) => values[c] ?? c).join(', ');
  const runCols = await columns('test_runs');
  const picked = `select id from test_runs where batch_id = '${from}' order by id limit ${n}`;
  await run(sql.raw(`insert into test_runs (${runCols.join(', ')}) select ${replace(runCols, { id: "'x' || id", batch_id: `'${batchId}'` })} from test_runs where id in (${picked})`));
  const evalCols = await columns('evaluation_results');
  await run(sql.raw(`insert into evaluation_results (${evalCols.join(', ')}) select ${replace(evalCols, { id: "'x' || id", test_run_id: "'x' || test_run_id", batch_id: `'${batchId}'` })} from evaluation_results where test_run_id in (${picked})`));
}

/** Medians of REPEATS calls after one warm-up call, whose answer is returned. */
async function time<T>(fn: () => Promise<T>): Promise<{ timing: Timing; value: T }> {
  const value = await fn();
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await fn();
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  return { timing: { wallMs: median(walls), cpuMs: median(cpus) }, value };
}

const rounded = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (typeof v === 'number' ? Number(v.toPrecision(12)) : v));

async function main(): Promise<void> {
  await prepareDatabase();
  const cases = (await lookUpMetricsFilterCases()).filter(([, f]) => !f.batchId);
  const batches = (await all<{ id: string }>(sql`select id from run_batches where name like 'syn batch %' order by name`)).map((r) => r.id);
  const source = batches[batches.length - 1];
  if (!source) throw new Error('no synthetic batch in the cached database');
  const variantBatch = randomUUID();
  const lookup = (await time(() => selectExperimentBatchIds())).timing;
  const plain = new Map<string, { timing: Timing; figures: Awaited<ReturnType<typeof getMetricsSummary>> }>();
  for (const [label, filters] of cases) {
    const { timing, value } = await time(() => getMetricsSummary(filters));
    plain.set(label, { timing, figures: value });
  }
  const results: ExperimentCaseResult[] = [];
  try {
    await withTransaction(async () => {
      await run(sql`insert into run_batches (id, name, status, models, total_runs, created_at, started_at, completed_at)
        values (${variantBatch}, 'bench experiment · original', 'completed', '[]', ${EXPERIMENT_RUNS}, '2025-01-31T00:00:00.000Z', '2025-01-31T00:00:00.000Z', '2025-01-31T00:00:00.000Z')`);
      await copyRuns(source, variantBatch, EXPERIMENT_RUNS);
      const experiment = randomUUID();
      await run(sql`insert into experiments (id, name, models, samples, concurrency, test_case_ids, baseline_tools)
        values (${experiment}, 'bench experiment', '[]', 1, 1, '[]', '{}')`);
      await run(sql`insert into experiment_variants (id, experiment_id, name, ordinal, changes, batch_id)
        values (${randomUUID()}, ${experiment}, 'original', 0, '[]', ${variantBatch})`);
      for (const [label, filters] of cases) {
        const withThem: MetricsFilters = { ...filters, includeExperiments: true };
        const excluded = await time(() => getMetricsSummary(filters));
        const included = await time(() => getMetricsSummary(withThem));
        const before = plain.get(label);
        if (!before) continue;
        const scope = await excludeExperimentBatches(filters, toScope(filters));
        const leftOut = await time(() => countExperimentRunsLeftOut(scope));
        // The figures apart from what they say was left out (0 before the experiment) are the plain ones.
        const { experimentsLeftOut, ...excludedFigures } = excluded.value;
        const { experimentsLeftOut: _none, ...plainFigures } = before.figures;
        results.push({
          label,
          plain: before.timing,
          excluded: excluded.timing,
          included: included.timing,
          leftOut: leftOut.timing,
          excludedSame: rounded(excludedFigures) === rounded(plainFigures),
          leftOutExact: experimentsLeftOut.runs === included.value.counts.total - excluded.value.counts.total && experimentsLeftOut.runs === leftOut.value.runs,
          includedRuns: included.value.runs.total,
          plainRuns: before.figures.runs.total,
        });
      }
      throw new Rollback();
    });
  } catch (err) {
    if (!(err instanceof Rollback)) throw err;
  }
  await closeDb();
  const result: ExperimentChildResult = { lookup, cases: results };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
