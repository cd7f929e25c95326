import { beforeAll, describe, expect, it } from 'vitest';
import { getSqlite } from '@/db/client';
import {
  readMetricsSnapshot,
  selectLatencyAt,
  selectRunRollups,
  withResolvedRunScope,
  type MetricsScope,
  type RunScope,
} from '@/db/queries/metrics';
import { getMetricsSummary } from '@/lib/metrics/summary';
import { createRunWriter, insertSyntheticRuns, type SyntheticRuns } from './helpers/synthetic-runs';

/**
 * A tool/server filter is resolved once per summary into a temp table of run rowids, which
 * the rollups and latency percentiles then read by probing (a small set) or by a membership
 * test over an index scan (a large one). The per-statement id set it replaced is still what
 * buildRunScope gives an unresolved scope, so it serves as the reference here.
 */

const s1 = { server: 'syn-server-1', name: 'search_syn_server_1' };
const s2 = { server: 'syn-server-2', name: 'get_syn_server_2' };
let data: SyntheticRuns;
let edgeCase = '';

const membersLeft = () => getSqlite().prepare('select count(*) from temp.metrics_scope_runs').pluck().get();

beforeAll(() => {
  data = insertSyntheticRuns(2000, { seed: 11, batches: 2, testCases: 30, failedShare: 0.05 });
  const w = createRunWriter();
  const batchId = data.batchIds[0];
  edgeCase = w.testCase({ name: 'edge expects s1', expected: s1 });
  const other = w.testCase({ name: 'edge expects s2', expected: s2 });
  // Runs that never completed match on their test case's expectation or their own selection.
  for (const status of ['pending', 'running', 'failed', 'cancelled'] as const) {
    w.run({ testCaseId: edgeCase, batchId, status, executionTimeMs: 5 });
    w.run({ testCaseId: other, batchId, status, selected: s1, inputTokens: 7 });
  }
  // Evaluated runs match on their evaluation, even where the test case now expects another tool.
  w.run({ testCaseId: other, batchId, expected: s1, selected: s1, executionTimeMs: 9, inputTokens: 11 });
  // Completed without a classification: no evaluation, so in no tool or server scope.
  w.run({ testCaseId: edgeCase, batchId, selected: s1, classification: null, executionTimeMs: 13 });
});

type RunFigures = { rollups: Awaited<ReturnType<typeof selectRunRollups>>; latencies: (number | null)[] };

async function readRunFigures(scope: RunScope): Promise<RunFigures> {
  const rollups = await selectRunRollups(scope);
  const n = rollups.all.latencyRuns;
  const positions = n === 0 ? [] : [0, Math.floor(n / 2), n - 1];
  const latencies: (number | null)[] = [];
  for (const p of positions) latencies.push(await selectLatencyAt(scope, p, 'asc'), await selectLatencyAt(scope, p, 'desc'));
  return { rollups, latencies };
}

function compare(filters: MetricsScope) {
  return readMetricsSnapshot(async () => {
    const reference = await readRunFigures(filters);
    const resolved = await withResolvedRunScope(filters, async (scope) => ({ access: scope.resolved?.access, figures: await readRunFigures(scope) }));
    return { reference, ...resolved };
  });
}

describe('run scope resolved once per summary', () => {
  const filterCases = (): [string, MetricsScope][] => [
    ['server', { serverName: 'syn-server-1' }],
    ['tool', { toolName: 'search_syn_server_1' }],
    ['server and tool', { serverName: 'syn-server-1', toolName: 'get_syn_server_2' }],
    ['server and batch', { serverName: 'syn-server-1', batchId: data.batchIds[0] }],
    ['server and model', { serverName: 'syn-server-2', provider: data.models[1]?.provider, model: data.models[1]?.model }],
    ['server and dates', { serverName: 'syn-server-1', createdFrom: '2025-01-10T00:00:00.000Z', createdBefore: '2025-01-20T00:00:00.000Z' }],
    ['server and test case', { serverName: 'syn-server-1', testCaseId: edgeCase }],
    ['unknown server', { serverName: 'no-such-server' }],
  ];

  it('reads the same run figures as the per-statement id set, for every status', async () => {
    for (const [label, filters] of filterCases()) {
      const { reference, figures } = await compare(filters);
      expect(figures, label).toEqual(reference);
    }
    // Pending and running runs of the edge case are counted, though they have no evaluation.
    expect((await compare({ serverName: 'syn-server-1', testCaseId: edgeCase })).figures.rollups.all).toMatchObject({ runs: 4, completed: 0, failed: 2 });
  });

  it('scans for a large share of the runs and probes a small one', async () => {
    const server = await compare({ serverName: 'syn-server-1' });
    expect(server.access).toBe('scan');
    expect(server.figures.rollups.all.runs).toBeGreaterThan(2000 / 16);
    const tool = await compare({ toolName: 'search_syn_server_1' });
    expect(tool.access).toBe('probe');
    expect(tool.figures.rollups.all.runs).toBeGreaterThan(0);
  });

  it('resolved to its evaluated runs only, gives the same percentiles and refuses to count every run', async () => {
    for (const [label, filters] of filterCases()) {
      const { reference } = await compare(filters);
      const n = reference.rollups.all.latencyRuns;
      const positions = n === 0 ? [] : [0, Math.floor(n / 2), n - 1];
      const latencies = await withResolvedRunScope(
        filters,
        async (scope) => {
          const found: (number | null)[] = [];
          for (const p of positions) found.push(await selectLatencyAt(scope, p, 'asc'), await selectLatencyAt(scope, p, 'desc'));
          return found;
        },
        { evaluatedOnly: true },
      );
      expect(latencies, label).toEqual(reference.latencies);
    }
    // The edge case's runs never completed (and one has a latency), so an evaluated-only set holds none of them.
    expect(await withResolvedRunScope({ serverName: 'syn-server-1', testCaseId: edgeCase }, (scope) => selectLatencyAt(scope, 0, 'asc'), { evaluatedOnly: true })).toBeNull();
    await expect(withResolvedRunScope({ serverName: 'syn-server-1' }, (scope) => selectRunRollups(scope), { evaluatedOnly: true })).rejects.toThrow(/evaluated runs only/);
    expect(membersLeft()).toBe(0);
  });

  it('passes a scope without a tool or server filter through unresolved', async () => {
    expect(await withResolvedRunScope({ batchId: data.batchIds[0] }, (scope) => scope.resolved)).toBeUndefined();
  });

  it('empties its temp table after each read, also when the read throws', async () => {
    const first = await getMetricsSummary({ serverName: 'syn-server-1' });
    expect(membersLeft()).toBe(0);
    await expect(readMetricsSnapshot(() => withResolvedRunScope({ serverName: 'syn-server-2' }, () => {
      throw new Error('read failed');
    }))).rejects.toThrow('read failed');
    expect(membersLeft()).toBe(0);
    // A narrower scope next is not widened by what an earlier one resolved.
    expect((await getMetricsSummary({ serverName: 'syn-server-1', toolName: 'search_syn_server_1' })).runs.total).toBeLessThan(first.runs.total);
    expect(await getMetricsSummary({ serverName: 'syn-server-1' })).toEqual(first);
  });

  it('holds one snapshot when called alone and refuses to nest', async () => {
    expect(await withResolvedRunScope({ serverName: 'syn-server-1' }, () => getSqlite().inTransaction)).toBe(true);
    await expect(withResolvedRunScope({ serverName: 'syn-server-1' }, () => withResolvedRunScope({ toolName: 'x' }, () => 0))).rejects.toThrow(/resolved again/);
    expect(membersLeft()).toBe(0);
  });
});
