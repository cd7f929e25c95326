import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { buildEvaluationScope, buildRunScope, renderFrom, type MetricsScope } from '@/db/queries/metrics-scope';
import { run } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { toCreatedAtBounds, type MetricsFilters } from '@/lib/metrics/filters';
import { getMetricsSummary, type MetricsSummary } from '@/lib/metrics/summary';
import { seededRandom } from '@/lib/seeded-random';
import { createRunWriter, insertSyntheticRuns, type RunRecord, type RunWriter } from './helpers/synthetic-runs';
import { copyMigrationsUpTo } from './helpers/migrations';
import { roundNumbers } from './helpers/round-numbers';

/**
 * Date filters read evaluation_results' trigger-maintained copy of its run's created_at
 * (migration 0004, backfilled for existing rows), seek the rollup index by UTC day with the
 * exact bound tested on boundary days only, and test created_at inside the latency index.
 * The reference here is independent of all three: the same summary without the date filter,
 * over a database whose runs outside the range were deleted (then rolled back).
 */

const s1 = { server: 'd-server-1', name: 'search_d1' };
const s2 = { server: 'd-server-2', name: 'get_d2' };
const ROLLBACK = new Error('rollback');
// Boundaries of the ranges below, and created_at text in shapes the app never writes: the
// day-range rewrite must treat those exactly as a plain text comparison does.
const ODD_STAMPS = [
  '2025-01-12T23:59:59.999Z', '2025-01-13T00:00:00.000Z', '2025-01-13T00:00:00.001Z', '2025-01-15T11:59:59.999Z',
  '2025-01-15T12:00:00.000Z', '2025-01-19T23:59:59.999Z', '2025-01-20T00:00:00.000Z', '2025-01-13 00:00:00',
  '2025-01-20 00:00:00', '2025-01-15', '2025-01-20', '2025-01-15T10:00:00Z', '2025-01-1', '2025-01-13T', 'zzzz', '',
  '2025-01-19T23:59:59.9995Z', '9999-12-31T23:59:59.999Z',
];
const STATUSES = ['completed', 'completed', 'pending', 'running', 'failed', 'cancelled'] as const;

let migration = { evaluationsBefore: 0, copiesWrongAfter: -1 };
let ids = { batch: '', testCase: '' };

/** A copy of the migrations folder whose journal stops at migration `last`. */
/** A database as 0003 left it, with a history written the way that schema kept it. */
function writeDatabaseAt0003(file: string): void {
  const folder = copyMigrationsUpTo(3);
  const sqlite = new Database(file);
  try {
    migrate(drizzle(sqlite), { migrationsFolder: folder });
    writeHistory(createRunWriter(sequentialIds('pre'), sqlite), 'pre');
  } finally {
    sqlite.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

function sequentialIds(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}-${String(++n).padStart(6, '0')}`;
}

/** Runs of every status at the odd stamps, and a regular history from 2025-01-10 to 2025-01-21. */
function writeHistory(w: RunWriter, prefix: string): { batch: string; testCase: string } {
  const models = [w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' }), w.modelSettings({ provider: 'anthropic', model: `${prefix}-claude` })];
  const batches = [w.batch({ name: `${prefix} batch 1` }), w.batch({ name: `${prefix} batch 2` })];
  const cases = [w.testCase({ name: `${prefix} c1`, expected: s1 }), w.testCase({ name: `${prefix} c2`, expected: s2 }), w.testCase({ name: `${prefix} c3`, expected: null, servers: [s1.server] })];
  const rng = seededRandom(prefix.length * 7919);
  // Completed (and evaluated) weeks after creation: a copy taken from either timestamp instead would show.
  const run = (k: number, createdAt: string, status: RunRecord['status']) =>
    w.run({
      completedAt: `2025-02-${String(1 + (k % 28)).padStart(2, '0')}T00:00:00.000Z`,
      testCaseId: cases[k % 3] as string, batchId: k % 5 === 0 ? null : batches[k % 2], modelSettingsId: k % 7 === 0 ? null : models[(k >> 1) % 2],
      status, selected: [s1, s2, null][(k >> 2) % 3] ?? null, createdAt, executionTimeMs: k % 9 === 0 ? null : Math.floor(rng() * 3000),
      inputTokens: 100 + k, outputTokens: k % 4 ? 10 : null, samples: k % 3 === 0 ? 3 : 1, passK: k % 2 === 0,
      completeness: k % 2 ? 0.5 : null, confidence: k % 6 ? 0.8 : null, category: k % 6 ? 'robust' : null,
    });
  let k = 0;
  for (const stamp of ODD_STAMPS) for (const status of STATUSES) run(++k, stamp, status);
  const start = Date.parse('2025-01-10T00:00:00.000Z');
  for (let i = 0; i < 600; i++) run(++k, new Date(start + i * 1_650_000 + Math.floor(rng() * 1000)).toISOString(), STATUSES[i % 11 === 0 ? 4 : i % 13 === 0 ? 2 : 0]);
  return { batch: batches[0] as string, testCase: cases[0] as string };
}

const copiesWrong = () =>
  getSqlite().prepare(`select count(*) from evaluation_results e join test_runs r on r.id = e.test_run_id where e.run_created_at is not r.created_at`).pluck().get();

beforeAll(() => {
  // Written before db/client opens the file, so opening it applies 0004 to existing rows, as on an upgrade.
  const file = databaseFile();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  writeDatabaseAt0003(file);
  const evaluationsBefore = getSqlite().prepare('select count(*) from evaluation_results').pluck().get() as number;
  migration = { evaluationsBefore, copiesWrongAfter: copiesWrong() as number };
  // Written after the migration: the insert trigger fills the copies.
  ids = writeHistory(createRunWriter(sequentialIds('post')), 'post');
  insertSyntheticRuns(800, { seed: 3, prefix: 'late', startDate: '2025-01-12', days: 6, failedShare: 0.1 });
  // Runs whose created_at changes after their evaluation was written: the update trigger follows.
  getSqlite().prepare(`update test_runs set created_at = '2025-01-14T08:00:00.000Z' where rowid % 37 = 0`).run();
  getSqlite().prepare(`update test_runs set created_at = '2025-01-20 00:00:00' where rowid % 41 = 0`).run();
  // Migrating a whole history and writing ~3,000 runs: well over the default hook timeout on a busy machine.
}, 120_000);


/** The summary without the date filter, over only the runs a plain created_at comparison keeps. */
async function summaryOfRunsInRange(filters: MetricsFilters): Promise<MetricsSummary> {
  const { from, to, ...rest } = filters;
  const bounds = toCreatedAtBounds({ from, to });
  let summary: MetricsSummary | undefined;
  try {
    await withTransaction(async () => {
      // ON DELETE CASCADE takes the runs' evaluations with them.
      const outside = [bounds.from ? sql`created_at < ${bounds.from}` : undefined, bounds.before ? sql`created_at >= ${bounds.before}` : undefined].filter((c) => c !== undefined);
      if (outside.length) await run(sql`delete from test_runs where ${sql.join(outside, sql` or `)}`);
      summary = await getMetricsSummary(rest);
      throw ROLLBACK;
    });
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  if (!summary) throw new Error('no reference summary');
  return summary;
}

const RANGES: MetricsFilters[] = [
  { from: '2025-01-13' },
  { to: '2025-01-19' },
  { from: '2025-01-13', to: '2025-01-19' },
  // A date-only `to` is the whole UTC day.
  { from: '2025-01-15', to: '2025-01-15' },
  { from: '2025-01-20', to: '2025-01-20' },
  { from: '2025-01-13T00:00:00Z', to: '2025-01-19T23:59:59.999Z' },
  { from: '2025-01-13T02:00:00+02:00', to: '2025-01-15T12:00:00-03:00' },
  { from: '2025-01-15T12:00:00.000Z', to: '2025-01-15T12:00:00.000Z' },
  { from: '2025-01-14T21:30:00-05:00', to: '2025-01-16T03:15:00+05:30' },
  { from: '0001-01-01', to: '9999-12-31' },
  { from: '2024-06-01', to: '2024-06-30' },
];

function otherFilters(): MetricsFilters[] {
  return [
    {},
    { batchId: ids.batch },
    { provider: 'openai', model: 'gpt-4o-mini' },
    { provider: 'anthropic' },
    { serverName: s1.server },
    { serverName: 'late-server-2' },
    { toolName: s2.name },
    { testCaseId: ids.testCase },
    { serverName: s2.server, batchId: ids.batch },
  ];
}

describe('created_at copied onto evaluation results', () => {
  it('backfills the evaluations written before the migration', () => {
    expect(migration.evaluationsBefore).toBeGreaterThan(300);
    expect(migration.copiesWrongAfter).toBe(0);
  });

  it('stays in step with inserts and with runs whose created_at changes', () => {
    expect(copiesWrong()).toBe(0);
    const moved = getSqlite().prepare(`select count(*) from evaluation_results where run_created_at = '2025-01-20 00:00:00'`).pluck().get();
    expect(moved).toBeGreaterThan(0);
  });
});

describe('date filters against deleting the runs outside the range', () => {
  it('gives the same summary for every range, alone and with every other filter', async () => {
    let nonEmpty = 0;
    for (const range of RANGES) {
      for (const other of otherFilters()) {
        const filters = { ...range, ...other };
        const summary = await getMetricsSummary(filters);
        expect(roundNumbers(summary), JSON.stringify(filters)).toEqual(roundNumbers(await summaryOfRunsInRange(filters)));
        if (summary.counts.total > 0 && summary.runs.total > summary.runs.completed) nonEmpty++;
      }
    }
    // Not vacuous: most combinations have evaluated runs and runs that never completed.
    expect(nonEmpty).toBeGreaterThan(RANGES.length * 5);
    expect((await getMetricsSummary({ from: '2024-06-01', to: '2024-06-30' })).runs.total).toBe(0);
    // 90 references, each deleting most of ~2,300 runs (rolled back): every delete also takes the
    // run out of metrics_rollup and the latency histogram by trigger.
  }, 120_000);

  it('counts runs at the odd stamps as a text comparison does', async () => {
    // '2025-01-15' sorts before '2025-01-15T00:00:00.000Z', so a date-only created_at is outside its own day.
    expect(getSqlite().prepare(`select count(*) from test_runs where created_at = '2025-01-15'`).pluck().get()).toBeGreaterThan(0);
    const day = { from: '2025-01-15', to: '2025-01-15' };
    expect(await getMetricsSummary(day)).toEqual(await summaryOfRunsInRange(day));
  });
});

describe('date filters read the indexes meant for them', () => {
  const dated: MetricsScope = { createdFrom: '2025-01-13T00:00:00.000Z', createdBefore: '2025-01-20T00:00:00.000Z' };
  const plan = (sql: string, params: Record<string, string>) =>
    getSqlite().prepare<Record<string, string>, { detail: string }>(`explain query plan ${sql}`).all(params).map((p) => p.detail).join(' / ');

  it('evaluation figures read evaluation_results alone', () => {
    const totals = buildEvaluationScope(dated);
    expect(totals.tables).toBe('from evaluation_results e');
    expect(plan(`select count(*) ${renderFrom(totals)}`, totals.params)).toMatch(/idx_evaluation_results_run_created_at/);
    const cells = buildEvaluationScope(dated, { unindexedDates: true });
    const groupBy = 'group by e.expected_server, e.expected_tool, e.selected_server, e.selected_tool';
    expect(plan(`select e.expected_tool, count(*) ${renderFrom(cells)} ${groupBy}`, cells.params)).toBe('SCAN e USING COVERING INDEX idx_evaluation_results_tool_pair');
  });

  it('rollups seek the rollup index by day and latencies read the latency index in order', () => {
    const rollup = buildRunScope(dated, { scanForModel: true, createdAt: 'day' });
    const groupBy = 'group by substr(r.created_at, 1, 10), r.model_settings_id, r.status, r.classification';
    expect(plan(`select count(*) ${renderFrom(rollup)} ${groupBy}`, rollup.params)).toMatch(/^SEARCH r USING INDEX idx_test_runs_rollup \(<expr>>\? AND <expr><\?\)$/);
    const latency = buildRunScope(dated, { createdAt: 'unindexed' });
    const sql = `select r.execution_time_ms ${renderFrom(latency, ["+r.status = 'completed'", 'r.classification is not null', 'r.execution_time_ms is not null'])} order by r.execution_time_ms limit 1`;
    expect(plan(sql, latency.params)).toMatch(/^SEARCH r USING COVERING INDEX idx_test_runs_latency/);
  });
});

describe('an evaluation moved to another run', () => {
  it('takes that run’s batch, model settings and created_at', () => {
    const w = createRunWriter();
    const testCaseId = w.testCase({ name: 'moved', expected: s1 });
    const at = (batch: string, provider: 'openai' | 'local', createdAt: string) =>
      w.run({ testCaseId, batchId: w.batch({ name: batch }), modelSettingsId: w.modelSettings({ provider, model: batch }), selected: s1, createdAt });
    const from = at('moved from', 'openai', '2025-01-11T01:00:00.000Z');
    const to = at('moved to', 'local', '2025-01-18T02:00:00.000Z');
    const sqlite = getSqlite();
    const copiesOf = (runId: string) =>
      sqlite.prepare('select batch_id as batchId, model_settings_id as settingsId, run_created_at as createdAt from evaluation_results where test_run_id = ?').get(runId);
    const target = sqlite.prepare('select batch_id as batchId, model_settings_id as settingsId, created_at as createdAt from test_runs where id = ?').get(to);
    // One evaluation per run: the target's own goes first.
    sqlite.prepare('delete from evaluation_results where test_run_id = ?').run(to);
    sqlite.prepare('update evaluation_results set test_run_id = ? where test_run_id = ?').run(to, from);
    expect(copiesOf(to)).toEqual(target);
    expect(copiesWrong()).toBe(0);
  });
});
