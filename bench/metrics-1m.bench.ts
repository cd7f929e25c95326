/**
 * The metrics at 1,000,000 runs (issue 19): every summary filter case, the batch comparison and
 * the batch counts, each through the per-run queries ("before") and the maintained rollup
 * ("after"). The database is generated once into a cache directory (BENCH_CACHE_DIR, default
 * .bench-cache/ at the repository root, gitignored) and reused while its marker matches.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closeDb, databaseFile, getSqlite } from '@/db/client';
import {
  readMetricsSnapshot,
  selectEvaluationTotals,
  selectLatencyAt,
  selectRunRollups,
  selectToolCells,
  withResolvedRunScope,
} from '@/db/queries/metrics';
import { countRunsByStatus } from '@/db/queries/runs';
import { compareBatches } from '@/lib/metrics/compare';
import type { MetricsFilters } from '@/lib/metrics/filters';
import { locateNearestRank } from '@/lib/metrics/percentile';
import { getMetricsSummary, toScope } from '@/lib/metrics/summary';
import { insertSyntheticRuns } from '@/tests/helpers/synthetic-runs';
import { metricsFilterCases } from './metrics-filter-cases';

const RUNS = Number(process.env.BENCH_METRICS_RUNS ?? 1_000_000);
const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? path.join(process.cwd(), '.bench-cache', `metrics-${RUNS}`);
const MARKER = 'bench:metrics-runs';
const MIGRATIONS = path.join(process.cwd(), 'db', 'migrations');
const BUDGET = { summary: 200, compare: 300, counts: 20 };
const REPEATS = Number(process.env.BENCH_METRICS_REPEATS ?? 3);

async function time(fn: () => unknown): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Median of a few warm calls after one call that warms the page cache. */
async function warm(fn: () => unknown): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < REPEATS; i++) times.push(await time(fn));
  return median(times);
}

/** Migrations whose tables are kept by triggers: their backfill and trigger statements. */
const MAINTAINED = ['0015_metrics_rollup.sql', '0016_metrics_latency_histogram.sql', '0018_metrics_compare_rollup.sql', '0019_metrics_latency_tool_histogram.sql'];

function maintainedStatements(): { backfills: string[]; triggers: string[] } {
  const backfills: string[] = [];
  const triggers: string[] = [];
  for (const file of MAINTAINED) {
    const statements = fs.readFileSync(path.join(MIGRATIONS, file), 'utf8').split('--> statement-breakpoint').map((s) => s.trim());
    const found = statements.filter((s) => s.replace(/^(--[^\n]*\n)*/, '').startsWith('CREATE TRIGGER'));
    const backfill = statements.find((s) => /^(--[^\n]*\n)*INSERT INTO/.test(s));
    if (!backfill || found.length === 0) throw new Error(`no backfill or triggers in ${file}`);
    backfills.push(backfill);
    triggers.push(...found);
  }
  return { backfills, triggers };
}

/**
 * Bulk load: the maintained tables' triggers are dropped while a million rows go in (their
 * upserts per row would be most of the load), then one backfill each and the triggers are
 * back: what the migrations do to an existing database.
 */
async function generate(): Promise<void> {
  const sqlite = getSqlite();
  const { backfills, triggers } = maintainedStatements();
  const names = triggers.map((t) => /CREATE TRIGGER `([^`]+)`/.exec(t)?.[1] ?? '');
  for (const name of names) sqlite.exec(`drop trigger if exists \`${name}\``);
  let backfillMs = 0;
  const insertMs = await time(() => insertSyntheticRuns(RUNS, { seed: 42 }));
  sqlite.transaction(() => {
    sqlite.exec('delete from metrics_rollup; delete from metrics_latency_histogram; delete from metrics_latency_tool_histogram; delete from metrics_compare_rollup;');
    const started = performance.now();
    backfills.forEach((b) => sqlite.exec(b));
    backfillMs = performance.now() - started;
    for (const t of triggers) sqlite.exec(t);
    sqlite.prepare(`insert into app_meta (key, value) values (?, ?)`).run(MARKER, String(RUNS));
  })();
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  console.log(`generated ${RUNS} runs in ${Math.round(insertMs)} ms, backfills of the rollup and histogram ${Math.round(backfillMs)} ms`);
}

async function openCached(): Promise<void> {
  closeDb();
  process.env.DATA_DIR = CACHE_DIR;
  process.env.SEED_DEMO = 'false';
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const marker = getSqlite().prepare<[string], string>('select value from app_meta where key = ?').pluck().get(MARKER);
  if (marker === String(RUNS)) console.log(`reusing ${RUNS} cached runs in ${CACHE_DIR}`);
  else {
    if (marker !== undefined || getSqlite().prepare<[], number>('select count(*) from test_runs').pluck().get()) {
      throw new Error(`${CACHE_DIR} holds other data: remove it to regenerate`);
    }
    await generate();
  }
}

/** Today's per-run path of the summary's figures (what getMetricsSummary read before the rollup). */
async function perRunSummary(filters: MetricsFilters): Promise<void> {
  const scope = toScope(filters);
  await readMetricsSnapshot(async () => {
    await selectEvaluationTotals(scope);
    await selectToolCells(scope);
    await withResolvedRunScope(scope, async (runScope) => {
      const n = (await selectRunRollups(runScope)).all.latencyRuns;
      for (const p of [50, 95]) {
        if (n === 0) continue;
        const { offset, order } = locateNearestRank(p, n);
        await selectLatencyAt(runScope, offset, order);
      }
    });
  });
}

function filterCases(): [string, MetricsFilters][] {
  const sqlite = getSqlite();
  const batchIds = sqlite.prepare<[], string>(`select id from run_batches where name like 'syn batch %' order by name`).pluck().all();
  const model = sqlite.prepare<[], { provider: 'openai'; model: string }>('select provider, model from model_settings order by rowid limit 1').get();
  return metricsFilterCases(batchIds, model);
}

const verdict = (ms: number, budget: number) => (ms < budget ? 'yes' : 'NO');

export async function runBenchmark(): Promise<void> {
  await openCached();
  const sqlite = getSqlite();
  const groups = sqlite.prepare<[], number>('select count(*) from metrics_rollup').pluck().get() ?? 0;
  const bytes = fs.statSync(databaseFile()).size;
  console.log(`${RUNS} runs, ${groups} rollup groups, database ${Math.round(bytes / 1e6)} MB`);
  const rows = [];
  for (const [label, filters] of filterCases()) {
    const after = await warm(() => getMetricsSummary(filters));
    const before = await warm(() => perRunSummary(filters));
    rows.push({ case: label, beforeMs: Math.round(before), afterMs: Math.round(after), [`under ${BUDGET.summary} ms`]: verdict(after, BUDGET.summary) });
  }
  console.table(rows);

  const batchIds = sqlite.prepare<[], string>(`select id from run_batches order by name`).pluck().all();
  const countsBefore = await warm(() =>
    sqlite.prepare('select batch_id, status, count(*) from test_runs where batch_id in (select value from json_each(?)) group by batch_id, status').all(JSON.stringify(batchIds)),
  );
  const countsAfter = await warm(() => countRunsByStatus(batchIds));
  const [a, b] = batchIds;
  const compare = a && b ? await warm(() => compareBatches(a, b)) : Number.NaN;
  console.table([
    { case: `batch counts (${batchIds.length} batches)`, beforeMs: Math.round(countsBefore), afterMs: Math.round(countsAfter), budgetMs: BUDGET.counts, met: verdict(countsAfter, BUDGET.counts) },
    { case: 'compare two batches', beforeMs: '', afterMs: Math.round(compare), budgetMs: BUDGET.compare, met: verdict(compare, BUDGET.compare) },
  ]);
  console.log(`load average (1, 5, 15 min): ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  closeDb();
}
