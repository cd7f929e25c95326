import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as confusionsRoute from '@/app/api/metrics/confusions/route';
import * as summaryRoute from '@/app/api/metrics/summary/route';
import * as trendRoute from '@/app/api/metrics/trend/route';
import {
  selectEvaluationTotals,
  selectLatencyAt,
  selectRunRollups,
  selectToolCells,
  withResolvedRunScope,
  type MetricsScope,
  type ToolCell,
} from '@/db/queries/metrics';
import { selectConfusionCells } from '@/db/queries/metrics-confusions';
import {
  canReadLatencyHistogram,
  canReadRollup,
  canReadToolLatencyHistogram,
  selectLatencyAtFromHistogram,
  selectLatencyAtFromToolHistogram,
  selectRollupEvaluationTotals,
  selectRollupRunRollups,
  selectRollupToolCells,
} from '@/db/queries/metrics-rollup';
import { get, run } from '@/db/sql';
import { listConfusions } from '@/lib/metrics/confusions';
import type { MetricsFilters } from '@/lib/metrics/filters';
import { getMetricsSummary, toScope, type MetricsSummary } from '@/lib/metrics/summary';
import { getBatchTrend } from '@/lib/metrics/trend';
import { call } from './helpers/api';
import { roundNumbers } from './helpers/round-numbers';
import { createRunWriter, writeSyntheticRuns, type SyntheticRuns, type Tool } from './helpers/synthetic-runs';

/**
 * Experiment variants' runs saw rewritten tool descriptions (issue 14): the metrics views leave their batches out
 * unless the filter names the batch or includeExperiments=true. The figures without them must be exactly the
 * figures before the experiment ran, on every path (maintained rollup, latency histograms, the per-run path of a
 * test case or a bound inside a day, a tool filter), and the rollup readers must agree with the per-run ones.
 */

let data: SyntheticRuns;
const ids = { original: '', rewrite: '', experiment: '' };
/** A pair only the rewrite variant confuses, on a server of its own. */
const exact: Tool = { server: 'exp-server', name: 'find_exact' };
const fuzzy: Tool = { server: 'exp-server', name: 'find_fuzzy' };
let experimentRuns = 0;
let before: Record<string, unknown> = {};
let beforeConfusions: unknown;
let beforeTrend: unknown;
let beforeLeftOut: MetricsSummary['experimentsLeftOut'] | undefined;

function filterCases(): [string, MetricsFilters][] {
  const [server] = data.serverNames;
  const tool = `search_${server?.replace(/\W/g, '_')}`;
  const model = data.models[0];
  return [
    ['all runs', {}],
    ['one model', { provider: model?.provider, model: model?.model }],
    ['one server', { serverName: server }],
    ['one tool', { toolName: tool }],
    ['the experiment\'s tool', { toolName: exact.name }],
    ['the experiment\'s server, whole days', { serverName: exact.server, from: '2025-01-01', to: '2025-01-04' }],
    ['whole days', { from: '2025-01-02', to: '2025-01-03' }],
    ['a bound inside a day', { from: '2025-01-02T07:00:00Z', to: '2025-01-03T20:00:00Z' }],
    ['one test case', { testCaseId: data.testCaseIds[1] }],
    ['test case + bound inside a day', { testCaseId: data.testCaseIds[2], from: '2025-01-01T12:00:00Z' }],
  ];
}

/** Every filter case's summary, without experimentsLeftOut (what it left out: its own test below). */
async function summaries(extra: MetricsFilters = {}): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [label, filters] of filterCases()) {
    const { experimentsLeftOut: _leftOut, ...figures } = await getMetricsSummary({ ...filters, ...extra });
    out[label] = roundNumbers(figures);
  }
  return out;
}

beforeAll(async () => {
  data = await writeSyntheticRuns(900, { seed: 31, batches: 3, days: 4, failedShare: 0.05, testCases: 20, servers: 3 });
  // Runs without a batch (a playground or CLI run) are no experiment's: they stay in every view.
  const loose = createRunWriter();
  for (let day = 1; day <= 4; day++) {
    loose.run({ testCaseId: data.testCaseIds[day % 3] ?? '', batchId: null, modelSettingsId: data.models[0]?.id ?? null, createdAt: `2025-01-0${day}T11:00:00.000Z`, executionTimeMs: 33 });
  }
  await loose.flush();
  before = await summaries();
  beforeLeftOut = (await getMetricsSummary({})).experimentsLeftOut;
  beforeConfusions = await listConfusions({});
  beforeTrend = await getBatchTrend({});
  // The experiment: its two variants' batches ran on the same test cases, models and days as the rest.
  const w = createRunWriter();
  const model = data.models[0]?.id ?? null;
  const caseExact = w.testCase({ name: 'exp exact', expected: exact, servers: ['exp-server'] });
  ids.original = w.batch({ name: 'exp · original', createdAt: '2025-01-05T00:00:00.000Z' });
  ids.rewrite = w.batch({ name: 'exp · rewrite', createdAt: '2025-01-05T00:00:01.000Z' });
  for (const [i, batchId] of [ids.original, ids.rewrite].entries()) {
    for (let day = 1; day <= 4; day++) {
      const createdAt = `2025-01-0${day}T${String(3 + 5 * i).padStart(2, '0')}:30:00.000Z`;
      for (const testCaseId of data.testCaseIds.slice(0, 4)) {
        w.run({ batchId, modelSettingsId: model, testCaseId, selected: null, createdAt, executionTimeMs: 7 + day + i * 50_000, inputTokens: 3 });
        experimentRuns++;
      }
      // The rewrite makes the model pick find_fuzzy for find_exact's case; the original gets it right.
      w.run({ batchId, modelSettingsId: model, testCaseId: caseExact, selected: i === 1 ? fuzzy : exact, createdAt, executionTimeMs: 20_000 });
      w.run({ batchId, modelSettingsId: model, testCaseId: caseExact, status: 'failed', createdAt });
      experimentRuns += 2;
    }
  }
  await w.flush();
  ids.experiment = randomUUID();
  await run(sql`insert into experiments (id, name, models, samples, concurrency, test_case_ids, baseline_tools, created_at)
    values (${ids.experiment}, 'exp', '[]', 1, 1, '[]', '{}', '2025-01-05T00:00:00.000Z')`);
  for (const [ordinal, [name, batchId]] of [['original', ids.original], ['rewrite', ids.rewrite]].entries()) {
    await run(sql`insert into experiment_variants (id, experiment_id, name, ordinal, changes, batch_id, created_at)
      values (${randomUUID()}, ${ids.experiment}, ${name}, ${ordinal}, '[]', ${batchId}, '2025-01-05T00:00:00.000Z')`);
  }
  // A variant whose batch was deleted (batch_id set null) excludes nothing and must not empty the NOT IN list.
  await run(sql`insert into experiment_variants (id, experiment_id, name, ordinal, changes, batch_id, created_at)
    values (${randomUUID()}, ${ids.experiment}, 'gone', 2, '[]', null, '2025-01-05T00:00:00.000Z')`);
}, 120_000);

const label = (t: { server: string; tool: string } | null) => (t ? `${t.server}/${t.tool}` : 'none');

describe('experiment variants out of the unfiltered metrics', () => {
  it('leaves every summary as it was before the experiment ran, on every path', async () => {
    // Not vacuous: the experiment's runs fall on every filter case's days, models and test cases (or tools).
    expect(await summaries()).toEqual(before);
  });

  it('says how many evaluated runs of how many experiment batches it left out, 0 when it counts them', async () => {
    // Before the experiment existed there was nothing to leave out.
    expect(beforeLeftOut).toEqual({ batches: 0, runs: 0 });
    const leftOut: Record<string, unknown> = {};
    for (const [label, filters] of [...filterCases(), ['another model', { provider: data.models[1]?.provider, model: data.models[1]?.model }] as const]) {
      const without = await getMetricsSummary(filters);
      const withThem = await getMetricsSummary({ ...filters, includeExperiments: true });
      // What including them adds, on every path (rollup, histograms, per-run, tool filters).
      expect(without.experimentsLeftOut.runs, label).toBe(withThem.counts.total - without.counts.total);
      expect(withThem.experimentsLeftOut, label).toEqual({ batches: 0, runs: 0 });
      leftOut[label] = without.experimentsLeftOut;
    }
    // 20 evaluated runs per variant batch (the failed ones are not evaluated); the other model ran no variant.
    expect(leftOut['all runs']).toEqual({ batches: 2, runs: experimentRuns - 8 });
    expect(leftOut['the experiment\'s tool']).toEqual({ batches: 2, runs: 8 });
    expect(leftOut['one test case']).toEqual({ batches: 2, runs: 8 });
    expect(leftOut['another model']).toEqual({ batches: 0, runs: 0 });
    // A named batch is shown alone, experiment or not: nothing is left out.
    expect((await getMetricsSummary({ batchId: data.batchIds[0] })).experimentsLeftOut).toEqual({ batches: 0, runs: 0 });
    expect((await getMetricsSummary({ batchId: ids.rewrite })).experimentsLeftOut).toEqual({ batches: 0, runs: 0 });
    const api = await call<MetricsSummary>(summaryRoute.GET, 'GET', '/api/metrics/summary', { query: { provider: data.models[0]?.provider ?? '', model: data.models[0]?.model ?? '' } });
    expect(api.body.experimentsLeftOut).toEqual({ batches: 2, runs: experimentRuns - 8 });
  });

  it('counts them with includeExperiments=true, and only them with their batchId', async () => {
    const withThem = (await getMetricsSummary({ includeExperiments: true })) as MetricsSummary;
    const without = before['all runs'] as MetricsSummary;
    expect(withThem.runs.total).toBe(without.runs.total + experimentRuns);
    expect(withThem.runs.failed).toBe(without.runs.failed + 8);
    expect(withThem.counts.total).toBe(without.counts.total + experimentRuns - 8);
    expect(await getMetricsSummary({ includeExperiments: 'false' })).toEqual(await getMetricsSummary({}));
    const rewrite = await getMetricsSummary({ batchId: ids.rewrite });
    expect(rewrite.runs).toEqual({ completed: 20, failed: 4, total: 24 });
    expect(rewrite.counts.total).toBe(20);
    // The p95 of the rewrite batch is one of its own runs (the excluded batches' latencies are theirs alone).
    expect(rewrite.latency.p95).toBe(50_011);
    // The test case path with its batch named.
    const oneCase = await getMetricsSummary({ batchId: ids.original, testCaseId: data.testCaseIds[0] });
    expect(oneCase.runs.total).toBe(4);
    // And the per-run path with includeExperiments: a test case's runs of every batch.
    const caseAll = await getMetricsSummary({ testCaseId: data.testCaseIds[0], includeExperiments: true });
    expect(caseAll.runs.total).toBe((await getMetricsSummary({ testCaseId: data.testCaseIds[0] })).runs.total + 8);
  });

  it('keeps the confusion only the rewrite made out of /api/metrics/confusions unless asked for', async () => {
    const pair = `${label({ server: exact.server, tool: exact.name })} -> ${label({ server: fuzzy.server, tool: fuzzy.name })}`;
    const rows = (items: { expected: { server: string; tool: string } | null; selected: { server: string; tool: string } | null; count: number }[]) =>
      items.map((i) => `${label(i.expected)} -> ${label(i.selected)}`);
    const unfiltered = await call<{ items: { expected: { server: string; tool: string } | null; selected: { server: string; tool: string } | null; count: number }[] }>(
      confusionsRoute.GET, 'GET', '/api/metrics/confusions');
    expect(unfiltered.status).toBe(200);
    expect(rows(unfiltered.body.items)).not.toContain(pair);
    expect(roundNumbers(unfiltered.body)).toEqual(roundNumbers(beforeConfusions));
    const included = await call<typeof unfiltered.body>(confusionsRoute.GET, 'GET', '/api/metrics/confusions', { query: { includeExperiments: 'true' } });
    expect(included.body.items.find((i) => `${label(i.expected)} -> ${label(i.selected)}` === pair)?.count).toBe(4);
    const named = await call<typeof unfiltered.body>(confusionsRoute.GET, 'GET', '/api/metrics/confusions', { query: { batchId: ids.rewrite } });
    expect(named.body.items.find((i) => `${label(i.expected)} -> ${label(i.selected)}` === pair)?.count).toBe(4);
    // The per-run path (a bound inside a day) leaves it out too, and finds it when asked.
    const partial = toScope({ from: '2025-01-01T01:00:00Z' });
    expect(canReadRollup(partial)).toBe(false);
    const partialRows = async (filters: MetricsFilters) => rows(await listConfusions(filters).then((l) => l.items));
    expect(await partialRows({ from: '2025-01-01T01:00:00Z' })).not.toContain(pair);
    expect(await partialRows({ from: '2025-01-01T01:00:00Z', includeExperiments: true })).toContain(pair);
  });

  it('leaves the experiment batches out of the trend by batch unless asked for', async () => {
    const res = await call<{ items: { batchId: string }[] }>(trendRoute.GET, 'GET', '/api/metrics/trend');
    expect(res.status).toBe(200);
    expect(roundNumbers(res.body)).toEqual(roundNumbers(beforeTrend));
    const included = await call<{ items: { batchId: string }[] }>(trendRoute.GET, 'GET', '/api/metrics/trend', { query: { includeExperiments: 'true' } });
    expect(included.body.items.map((i) => i.batchId).slice(-2)).toEqual([ids.original, ids.rewrite]);
    const named = await getBatchTrend({ batchId: ids.rewrite });
    expect(named.items.map((i) => i.batchId)).toEqual([ids.rewrite]);
  });

  it('answers 400 for an includeExperiments that is not true or false', async () => {
    for (const route of [summaryRoute.GET, trendRoute.GET, confusionsRoute.GET]) {
      const res = await call<{ error: { code: string; message: string } }>(route, 'GET', '/api/metrics/summary', { query: { includeExperiments: 'yes' } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.message).toContain('includeExperiments');
    }
    const ok = await call<MetricsSummary>(summaryRoute.GET, 'GET', '/api/metrics/summary', { query: { includeExperiments: 'true' } });
    expect(ok.status).toBe(200);
    expect(ok.body.runs.total).toBe((before['all runs'] as MetricsSummary).runs.total + experimentRuns);
  });
});

const batchOf = async (runId: string) => (await get<{ b: string | null }>(sql`select batch_id as b from test_runs where id = ${runId}`))?.b ?? null;
const cellKey = (c: ToolCell) => JSON.stringify([c.expectedServer, c.expectedTool, c.selectedServer, c.selectedTool]);
const sortCells = (cells: ToolCell[]) => [...cells].sort((a, b) => cellKey(a).localeCompare(cellKey(b)));

describe('an excluded batch set on the rollup path and on the per-run path', () => {
  it('gives the same totals, cells, run rollups, confusions and latency positions', async () => {
    const [server] = data.serverNames;
    const model = data.models[1];
    const excluded = { excludeBatchIds: [ids.original, ids.rewrite, data.batchIds[0] ?? ''] };
    const scopes: [string, MetricsScope][] = [
      ['all', excluded],
      ['model', { ...excluded, provider: model?.provider, model: model?.model }],
      ['server', { ...excluded, serverName: server }],
      ['experiment tool', { ...excluded, toolName: exact.name }],
      ['days', { ...excluded, createdFrom: '2025-01-02T00:00:00.000Z', createdBefore: '2025-01-04T00:00:00.000Z' }],
    ];
    let toolPositions = 0;
    for (const [why, scope] of scopes) {
      expect(canReadRollup(scope), why).toBe(true);
      const totals = await selectEvaluationTotals(scope);
      const rollupTotals = await selectRollupEvaluationTotals(scope);
      expect(roundNumbers(rollupTotals), why).toEqual(roundNumbers(totals));
      expect(sortCells(await selectRollupToolCells(scope)), why).toEqual(sortCells(await selectToolCells(scope)));
      const rollups = await selectRollupRunRollups(scope);
      expect(rollups, why).toEqual(await withResolvedRunScope(scope, (s) => selectRunRollups(s)));
      const offDiagonal = (await selectToolCells(scope))
        .filter((c) => !(c.expectedTool === c.selectedTool && c.expectedServer === c.selectedServer))
        .map((c) => `${cellKey(c)}=${c.total}`);
      const confusions = await selectConfusionCells(scope);
      expect(confusions.map((c) => `${cellKey({ ...c, total: c.count })}=${c.count}`).sort(), `${why} / confusions`).toEqual(offDiagonal.sort());
      // Each pair's latest run is one the scope keeps.
      for (const c of confusions) expect(scope.excludeBatchIds, why).not.toContain(await batchOf(c.latestRunId));
      if (canReadToolLatencyHistogram(scope)) {
        // The tool histogram has no batch: the excluded batches' runs are taken away from its buckets.
        const n = rollups.all.latencyRuns;
        if (n > 0) toolPositions++;
        for (const k of new Set([0, 1, Math.floor(n / 2), Math.floor(n * 0.95), n - 1].filter((x) => x >= 0 && x < n))) {
          expect(await selectLatencyAtFromToolHistogram(scope, k), `${why} / tool latency at ${k} of ${n}`).toBe((await selectLatencyAt(scope, k, 'asc')) ?? undefined);
        }
      }
      if (canReadLatencyHistogram(scope)) {
        const n = rollups.all.latencyRuns;
        for (const k of new Set([0, Math.floor(n / 2), Math.floor(n * 0.95), n - 1].filter((x) => x >= 0))) {
          expect(await selectLatencyAtFromHistogram(scope, k), `${why} / latency at ${k} of ${n}`).toBe((await selectLatencyAt(scope, k, 'asc')) ?? undefined);
        }
      }
    }
    // Not vacuous: a tool filter read its percentiles through the tool histogram with batches taken away (the server
    // scope; the experiment's tool is all excluded runs), and the exclusion takes runs away.
    expect(toolPositions).toBeGreaterThan(0);
    const all = await selectRollupRunRollups({});
    const kept = await selectRollupRunRollups(excluded);
    expect(kept.all.runs).toBeLessThan(all.all.runs - experimentRuns);
  });
});
