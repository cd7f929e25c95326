import { beforeAll, describe, expect, it } from 'vitest';
import { compareBatches } from '@/lib/metrics/compare';
import type { MetricsFilters } from '@/lib/metrics/filters';
import { getMetricsSummary } from '@/lib/metrics/summary';
import { getBatchTrend } from '@/lib/metrics/trend';
import { writeSyntheticRuns, type SyntheticRuns } from './helpers/synthetic-runs';
import { roundNumbers } from './helpers/round-numbers';

/**
 * The same runs give the same metrics on SQLite and on Postgres (issue 20). This file runs in both vitest
 * projects against ONE committed file of expected figures (__snapshots__/metrics-dialects.json): a figure
 * that differs between the dialects fails on one of them. The runs are seeded, so ids and values are the
 * same on both; the filters cover the maintained rollup's path and the per-run one (a test case, a bound
 * inside a day), tool and server filters, and the batch comparison and trend.
 */

let data: SyntheticRuns;

beforeAll(async () => {
  data = await writeSyntheticRuns(2500, { seed: 19, batches: 3, days: 6, failedShare: 0.06, testCases: 25, servers: 3, toolsPerServer: 2 });
}, 120_000);


function filterCases(): [string, MetricsFilters][] {
  const [server, other] = data.serverNames;
  const tool = `search_${server?.replace(/\W/g, '_')}`;
  const model = data.models[1];
  const week: MetricsFilters = { from: '2025-01-02', to: '2025-01-04' };
  return [
    ['all runs', {}],
    ['one batch', { batchId: data.batchIds[1] }],
    ['one model', { provider: model?.provider, model: model?.model }],
    ['one provider', { provider: 'anthropic' }],
    ['one tool name', { toolName: tool }],
    ['one server name', { serverName: server }],
    ['server + tool name', { serverName: other, toolName: tool }],
    ['whole days', week],
    ['whole days + server', { ...week, serverName: server }],
    ['open end', { from: '2025-01-03' }],
    ['date-times with offsets', { from: '2025-01-02T09:30:00+02:00', to: '2025-01-04T17:45:00-05:00' }],
    ['one test case', { testCaseId: data.testCaseIds[2] }],
    ['test case + batch', { testCaseId: data.testCaseIds[4], batchId: data.batchIds[0] }],
    ['test case + model + whole days', { ...week, testCaseId: data.testCaseIds[5], provider: model?.provider, model: model?.model }],
    ['nothing matches', { batchId: 'no-such-batch' }],
  ];
}

describe('metrics on either dialect', () => {
  it('gives the committed summary for every filter, the batch comparison and the trend', async () => {
    const summaries: Record<string, unknown> = {};
    for (const [label, filters] of filterCases()) summaries[label] = roundNumbers(await getMetricsSummary(filters));
    // Not vacuous: the data reach every part of the summary.
    const all = await getMetricsSummary({});
    expect(all.counts.tp * all.counts.fp * all.counts.tn * all.counts.fn).toBeGreaterThan(0);
    expect(all.runs.failed).toBeGreaterThan(0);
    expect(all.byModel.length * all.byDay.length * all.byTool.length).toBeGreaterThan(0);
    expect(all.passK?.runs).toBeGreaterThan(0);
    const [a, b] = data.batchIds;
    // Its two summaries are the batch filter's, above.
    const { a: _a, b: _b, ...comparison } = await compareBatches(a ?? '', b ?? '');
    const trend = roundNumbers(await getBatchTrend({}));
    // One line per figure set, so a difference shows where it is.
    const lines = Object.entries({ ...summaries, 'compare batches 1 and 2': roundNumbers(comparison), 'trend by batch': trend }).map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`);
    await expect(`{\n${lines.join(',\n')}\n}\n`).toMatchFileSnapshot('__snapshots__/metrics-dialects.json');
  }, 120_000);
});
