import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { isPostgres } from '@/db/dialect';
import {
  selectEvaluationTotals,
  selectLatencyAt,
  selectRunRollups,
  selectToolCells,
  withResolvedRunScope,
  type EvaluationTotals,
  type MetricsScope,
  type ToolCell,
} from '@/db/queries/metrics';
import {
  canReadLatencyHistogram,
  canReadRollup,
  canReadToolLatencyHistogram,
  latencyBucketRange,
  selectLatencyAtFromHistogram,
  selectLatencyAtFromToolHistogram,
  selectRollupBatchStatusCounts,
  selectRollupConfusionCounts,
  selectRollupEvaluationTotals,
  selectRollupRunRollups,
  selectRollupToolCells,
} from '@/db/queries/metrics-rollup';
import { all, get, run, sqlBool, sqlNamed } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { seededRandom } from '@/lib/seeded-random';
import { createRunWriter, writeSyntheticRuns, type SyntheticRuns, type Tool } from './helpers/synthetic-runs';
import { runRandomOperations } from './helpers/random-operations';

/**
 * metrics_rollup is kept by triggers; these tests drive every kind of write the app makes (and
 * the cascades) in random order and compare what the rollup answers with the exact per-run
 * queries of db/queries/metrics, which stay the reference implementation.
 */

let data: SyntheticRuns;

beforeAll(async () => {
  data = await writeSyntheticRuns(1500, { seed: 11, batches: 3, days: 4, failedShare: 0.08, testCases: 30, servers: 3 });
});

const AVERAGES = ['completeness', 'correctness', 'typeConformance', 'confidenceAverage'] as const;

function expectTotalsEqual(actual: EvaluationTotals, expected: EvaluationTotals, why: string): void {
  for (const key of Object.keys(expected) as (keyof EvaluationTotals)[]) {
    const a = actual[key];
    const e = expected[key];
    if ((AVERAGES as readonly string[]).includes(key) && typeof e === 'number') expect(a, `${why}: ${key}`).toBeCloseTo(e, 9);
    else expect(a, `${why}: ${key}`).toBe(e);
  }
}

const cellKey = (c: ToolCell) => JSON.stringify([c.expectedServer, c.expectedTool, c.selectedServer, c.selectedTool]);
const sortCells = (cells: ToolCell[]) => [...cells].sort((a, b) => cellKey(a).localeCompare(cellKey(b)));

function scopes(): [string, MetricsScope][] {
  const [server] = data.serverNames;
  const model = data.models[0];
  const tool = `search_${server?.replace(/\W/g, '_')}`;
  return [
    ['all', {}],
    ['batch', { batchId: data.batchIds[1] }],
    ['model', { provider: model?.provider, model: model?.model }],
    ['provider only', { provider: 'anthropic' }],
    ['server', { serverName: server }],
    ['tool', { toolName: tool }],
    ['server + tool', { serverName: server, toolName: tool }],
    ['day range', { createdFrom: '2025-01-02T00:00:00.000Z', createdBefore: '2025-01-04T00:00:00.000Z' }],
    ['open end + server', { createdFrom: '2025-01-03T00:00:00.000Z', serverName: data.serverNames[1] }],
    // A run matches through its expected tool on one server and its selected tool on another.
    ['server + another server\'s tool, days', { serverName: data.serverNames[1], toolName: tool, createdFrom: '2025-01-02T00:00:00.000Z', createdBefore: '2025-01-05T00:00:00.000Z' }],
    ['batch + model + tool', { batchId: data.batchIds[0], provider: model?.provider, model: model?.model, toolName: tool }],
    ['no such batch', { batchId: 'nope' }],
  ];
}

/** Rollup answers against the per-run queries, for every scope. */
async function expectRollupMatchesRuns(step: string): Promise<void> {
  for (const [label, scope] of scopes()) {
    const why = `${step} / ${label}`;
    expect(canReadRollup(scope), why).toBe(true);
    expectTotalsEqual(await selectRollupEvaluationTotals(scope), await selectEvaluationTotals(scope), why);
    const cells = await selectToolCells(scope);
    expect(sortCells(await selectRollupToolCells(scope)), why).toEqual(sortCells(cells));
    const offDiagonal = cells
      .filter((c) => !(c.expectedTool === c.selectedTool && c.expectedServer === c.selectedServer))
      .map((c) => `${cellKey(c)}=${c.total}`);
    const confusions = await selectRollupConfusionCounts(scope);
    expect(confusions.map((c) => `${cellKey({ ...c, total: c.count })}=${c.count}`).sort(), `${why} / confusions`).toEqual(offDiagonal.sort());
    expect(confusions.map((c) => c.count), `${why} / most frequent first`).toEqual(confusions.map((c) => c.count).sort((a, b) => b - a));
    const rollups = await selectRollupRunRollups(scope);
    expect(rollups, why).toEqual(await withResolvedRunScope(scope, (s) => selectRunRollups(s)));
    if (canReadLatencyHistogram(scope)) {
      const n = rollups.all.latencyRuns;
      for (const k of new Set([0, Math.floor(n / 2), Math.floor(n * 0.95), n - 1].filter((x) => x >= 0))) {
        expect(await selectLatencyAtFromHistogram(scope, k), `${why} / latency at ${k} of ${n}`).toBe((await selectLatencyAt(scope, k, 'asc')) ?? undefined);
      }
    }
    if (canReadToolLatencyHistogram(scope)) {
      // The tool histogram counts exactly the runs the rollup's latency count covers, and every position
      // read through it is the per-run read's (runs whose server or tool is only expected, only selected, or both).
      const n = rollups.all.latencyRuns;
      // Both ends of the scope's days (all days here are ISO): without the end, a run of the scope's tool on its
      // excluded last day was counted here but not in latencyRuns (CI: 'days / tool histogram runs: expected 4 to be 3').
      const params = { server: scope.serverName ?? '', tool: scope.toolName ?? '', from: scope.createdFrom?.slice(0, 10) ?? '', before: scope.createdBefore?.slice(0, 10) ?? '' };
      const counted = await get<{ n: number }>(sqlNamed("select coalesce(sum(runs), 0) as n from metrics_latency_tool_histogram where server = @server and tool = @tool and day >= @from and (@before = '' or day < @before)", params));
      expect(counted?.n, `${why} / tool histogram runs`).toBe(n);
      for (const k of new Set([0, 1, Math.floor(n / 2), Math.floor(n * 0.95), n - 1].filter((x) => x >= 0 && x < n))) {
        expect(await selectLatencyAtFromToolHistogram(scope, k), `${why} / tool latency at ${k} of ${n}`).toBe((await selectLatencyAt(scope, k, 'asc')) ?? undefined);
      }
    }
  }
  const batches = await ids(sql`select id from run_batches`);
  const exact = await all<{ batchId: string; status: string; n: number }>(
    sql`select batch_id as "batchId", status, count(*) as n from test_runs where batch_id is not null group by batch_id, status`,
  );
  const byKey = (rows: { batchId: string; status: string; n: number }[]) => rows.map((r) => `${r.batchId}/${r.status}=${r.n}`).sort();
  expect(byKey(await selectRollupBatchStatusCounts(batches)), `${step} / batch counts`).toEqual(byKey(exact));
  // More ids than one statement binds (500 a statement), real ones on both sides of a cut and named twice: each counted once.
  const padded = [...Array.from({ length: 499 }, (_, i) => `none-${i}`), ...batches, ...Array.from({ length: 600 }, (_, i) => `none-b-${i}`), ...batches];
  expect(byKey(await selectRollupBatchStatusCounts(padded)), `${step} / batch counts over several statements`).toEqual(byKey(exact));
}

const UNFINISHED = ['pending', 'running', 'failed', 'cancelled'] as const;

const ids = async (query: SQL) => (await all<{ id: string }>(query)).map((r) => r.id);
const orNull = (value: number | null) => (value === null ? sql`null` : sql`${value}`);

/** The writes the app makes, each a random instance drawn from the current rows. */
function makeOperations(rng: () => number) {
  const write = createRunWriter();
  const pick = <T>(items: T[]): T | undefined => items[Math.floor(rng() * items.length)];
  const randomRun = (where: SQL = sql`true`) =>
    get<{ id: string; testCaseId: string; status: string }>(
      sql`select id, test_case_id as "testCaseId", status from test_runs where ${where} order by random() limit 1`,
    );
  const evaluated = sql`exists (select 1 from evaluation_results e where e.test_run_id = test_runs.id)`;
  const tools = (): Tool[] =>
    data.serverNames.flatMap((server) => ['search', 'get', 'list'].map((verb) => ({ server, name: `${verb}_${server.replace(/\W/g, '_')}` })));
  const caseIds = () => ids(sql`select id from test_cases`);
  const settingsIds = () => ids(sql`select id from model_settings`);
  const batchIds = () => ids(sql`select id from run_batches`);
  const day = () => `2025-01-0${1 + Math.floor(rng() * 5)}T${String(Math.floor(rng() * 24)).padStart(2, '0')}:00:00.000Z`;

  return {
    /** A finished run and its evaluation, written together as completeRun does. */
    async insertCompleted() {
      const testCaseId = pick(await caseIds());
      if (!testCaseId) return;
      write.run({
        testCaseId, batchId: pick(await batchIds()) ?? null, modelSettingsId: pick(await settingsIds()) ?? null, selected: rng() < 0.2 ? null : pick(tools()),
        completeness: rng() < 0.5 ? Math.round(rng() * 100) / 100 : null, correctness: rng() < 0.5 ? rng() : null,
        confidence: rng() < 0.7 ? rng() : null, category: pick(['robust', 'misleading', 'needs_clarity', null] as const) ?? null,
        samples: rng() < 0.3 ? 3 : 1, passK: rng() < 0.5, executionTimeMs: rng() < 0.9 ? Math.floor(rng() * 5000) : null,
        inputTokens: Math.floor(rng() * 900), outputTokens: rng() < 0.9 ? Math.floor(rng() * 90) : null, createdAt: day(),
      });
      await write.flush();
    },
    /** pending -> running -> completed with its evaluation, in steps as the runner writes them. */
    async runLifecycle() {
      const testCaseId = pick(await caseIds());
      if (!testCaseId) return;
      const id = write.run({ testCaseId, batchId: pick(await batchIds()) ?? null, modelSettingsId: pick(await settingsIds()) ?? null, status: 'pending', createdAt: day(), completedAt: null });
      await write.flush();
      await run(sql`update test_runs set status = 'running', selected_server = 'x', selected_tool = 'y' where id = ${id}`);
      const selected = pick(tools()) ?? null;
      await withTransaction(async () => {
        await run(sql`update test_runs set status = 'completed', classification = 'FN', selected_server = ${selected?.server ?? null}, selected_tool = ${selected?.name ?? null},
          execution_time_ms = 321, input_tokens = 10, output_tokens = 2 where id = ${id}`);
        await run(sql`insert into evaluation_results (id, test_run_id, classification, expected_server, expected_tool, selected_server, selected_tool,
          tool_correct, failure_reasons, confidence_score, confidence_category)
          values (${`${id}-e`}, ${id}, 'FN', 'e-srv', 'e-tool', ${selected?.server ?? null}, ${selected?.name ?? null}, false, '[]', null, null)`);
      });
    },
    /** A stuck run: pending or running, failed or cancelled (no evaluation). */
    async insertUnfinished() {
      const testCaseId = pick(await caseIds());
      if (!testCaseId) return;
      const selected = rng() < 0.5 ? pick(tools()) : undefined;
      write.run({ testCaseId, status: pick([...UNFINISHED]), selected, batchId: pick(await batchIds()) ?? null, executionTimeMs: 12, createdAt: day() });
      await write.flush();
    },
    /** The judge changes its mind: classification, selection and scores of run and evaluation. */
    async reclassify() {
      const picked = await randomRun(sql`status = 'completed' and ${evaluated}`);
      if (!picked) return;
      const c = pick(['TP', 'FP', 'TN', 'FN'] as const) ?? 'TP';
      const selected = pick(tools()) ?? null;
      const correctness = rng() < 0.5 ? null : rng();
      const passK = rng() < 0.5 ? sql`null` : sqlBool(true);
      await withTransaction(async () => {
        await run(sql`update test_runs set classification = ${c}, selected_server = ${selected?.server ?? null}, selected_tool = ${selected?.name ?? null} where id = ${picked.id}`);
        await run(sql`update evaluation_results set classification = ${c}, selected_server = ${selected?.server ?? null}, selected_tool = ${selected?.name ?? null},
          parameter_correctness = ${orNull(correctness)}, pass_k = ${passK} where test_run_id = ${picked.id}`);
      });
    },
    /** The deferred self-assessment lands after the verdict: confidence and category only. */
    async deferredConfidence() {
      const picked = await randomRun(evaluated);
      if (!picked) return;
      const score = rng() < 0.2 ? null : rng();
      const category = score === null ? null : pick(['robust', 'misleading', 'needs_clarity'] as const) ?? null;
      await withTransaction(async () => {
        await run(sql`update test_runs set confidence_score = ${orNull(score)}, confidence_category = ${category}, input_tokens = coalesce(input_tokens, 0) + 50 where id = ${picked.id}`);
        await run(sql`update evaluation_results set confidence_score = ${orNull(score)}, confidence_category = ${category} where test_run_id = ${picked.id}`);
      });
    },
    async deleteRun() {
      const picked = await randomRun();
      if (picked) await run(sql`delete from test_runs where id = ${picked.id}`);
    },
    async deleteEvaluationOnly() {
      const picked = await randomRun(evaluated);
      if (picked) await run(sql`delete from evaluation_results where test_run_id = ${picked.id}`);
    },
    async moveRunInTime() {
      const picked = await randomRun();
      if (picked) await run(sql`update test_runs set created_at = ${day()} where id = ${picked.id}`);
    },
    async moveRunToBatch() {
      const picked = await randomRun();
      const batchId = rng() < 0.2 ? null : pick(await batchIds()) ?? null;
      if (picked) await run(sql`update test_runs set batch_id = ${batchId} where id = ${picked.id}`);
    },
    /** Changes which runs a server/tool filter finds among the runs that never completed. */
    async editCaseExpectation() {
      const id = pick(await caseIds());
      const tool = rng() < 0.2 ? null : pick(tools()) ?? null;
      if (id) await run(sql`update test_cases set expected_mcp_server_name = ${tool?.server ?? null}, expected_tool_name = ${tool?.name ?? null} where id = ${id}`);
    },
    async deleteModelSettings() {
      const existing = await settingsIds();
      const id = pick(existing);
      if (id && existing.length > 1) await run(sql`delete from model_settings where id = ${id}`);
    },
    async addModelSettings() {
      write.modelSettings({ provider: 'openai', model: `gpt-${Math.floor(rng() * 1000)}` });
      await write.flush();
    },
    async deleteBatch() {
      const existing = await batchIds();
      const id = pick(existing);
      if (id && existing.length > 1) await run(sql`delete from run_batches where id = ${id}`);
    },
    async addBatch() {
      write.batch({ name: `b${Math.floor(rng() * 1e6)}` });
      await write.flush();
    },
    async deleteTestCase() {
      const existing = await caseIds();
      const id = pick(existing);
      if (id && existing.length > 5) await run(sql`delete from test_cases where id = ${id}`);
    },
    /** A statement that touches many runs at once, as cancelPendingRuns does. */
    async cancelAllPending() {
      await run(sql`update test_runs set status = 'cancelled', error_message = 'cancelled' where status in ('pending', 'running')`);
    },
  };
}

describe('metrics_rollup', () => {
  it('holds what the per-run queries count after the backfill-equivalent bulk insert', async () => {
    await expectRollupMatchesRuns('after insertSyntheticRuns');
    const total = await get<{ runs: number }>(sql`select sum(runs) as runs from metrics_rollup`);
    expect(total?.runs).toBe(1500);
  });

  it('stays equal to the per-run queries through random inserts, transitions, reclassifications, deferred confidence, deletes and cascades', async () => {
    const rng = seededRandom(2024);
    const ops = makeOperations(rng);
    const seen = await runRandomOperations(rng, ops, { steps: 160, checkEvery: 8, check: expectRollupMatchesRuns });
    expect(seen.sort()).toEqual(Object.keys(ops).sort());
  });

  it('moves a deferred self-assessment from unrated to its category in the same summary', async () => {
    const picked = await get<{ id: string; batchId: string }>(
      sql`select r.id, r.batch_id as "batchId" from test_runs r join evaluation_results e on e.test_run_id = r.id where r.batch_id is not null limit 1`,
    );
    if (!picked) throw new Error('no evaluated run');
    await run(sql`update evaluation_results set confidence_score = null, confidence_category = null where test_run_id = ${picked.id}`);
    const before = await selectRollupEvaluationTotals({ batchId: picked.batchId });
    await run(sql`update evaluation_results set confidence_score = 0.9, confidence_category = 'robust' where test_run_id = ${picked.id}`);
    const after = await selectRollupEvaluationTotals({ batchId: picked.batchId });
    expect(after.unrated).toBe(before.unrated - 1);
    expect(after.robust).toBe(before.robust + 1);
    expect(after.total).toBe(before.total);
  });

  it('puts every execution time in the histogram bucket whose range holds it', async () => {
    const write = createRunWriter();
    const testCaseId = write.testCase({ name: 'edges', expected: null });
    const batchId = write.batch({ name: 'edges' });
    // Postgres keeps execution_time_ms in an int4 (SQLite: 64 bits).
    const largest = isPostgres() ? 2 ** 31 - 1 : 2 ** 40 + 12_345;
    const times = [0, 1, 127, 128, 129, 130, 255, 256, 257, 1000, 65_535, 65_536, 3_600_000, largest];
    for (const ms of times) write.run({ testCaseId, batchId, selected: null, executionTimeMs: ms, createdAt: '2025-01-02T05:00:00.000Z' });
    await write.flush();
    const buckets = await all<{ bucket: number; runs: number }>(sql`select bucket, runs from metrics_latency_histogram where batch_id = ${batchId} order by bucket`);
    expect(buckets.reduce((n, b) => n + b.runs, 0)).toBe(times.length);
    const sorted = [...times].sort((a, b) => a - b);
    for (const [k, ms] of sorted.entries()) {
      expect(await selectLatencyAtFromHistogram({ batchId }, k), `position ${k}`).toBe(ms);
      const holding = buckets.filter((b) => {
        const [lo, hi] = latencyBucketRange(b.bucket);
        return ms >= lo && ms < hi;
      });
      expect(holding.length, `${ms} ms`).toBe(1);
    }
  });

  it('leaves a scope it cannot serve to the per-run path: a test case, or a bound inside a day', () => {
    expect(canReadRollup({ testCaseId: 'x' })).toBe(false);
    expect(canReadRollup({ createdFrom: '2025-01-02T09:30:00.000Z' })).toBe(false);
    expect(canReadRollup({ createdBefore: '2025-01-02T00:00:00.001Z' })).toBe(false);
    expect(canReadRollup({ createdFrom: '2025-01-02T00:00:00.000Z', createdBefore: '2025-01-09T00:00:00.000Z', serverName: 's' })).toBe(true);
    // The tool histogram has no batch or model: those scopes keep the per-run percentiles.
    expect(canReadToolLatencyHistogram({ serverName: 's', createdFrom: '2025-01-02T00:00:00.000Z' })).toBe(true);
    expect(canReadToolLatencyHistogram({ toolName: 't', batchId: 'b' })).toBe(false);
    expect(canReadToolLatencyHistogram({ toolName: 't', provider: 'openai' })).toBe(false);
    expect(canReadToolLatencyHistogram({ toolName: 't', createdFrom: '2025-01-02T09:30:00.000Z' })).toBe(false);
    expect(canReadToolLatencyHistogram({})).toBe(false);
  });
});
