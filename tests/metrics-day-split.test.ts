import { beforeAll, describe, expect, it } from 'vitest';
import { selectEvaluationTotals, selectLatencyAt, selectRunRollups, selectToolCells, type EvaluationTotals, type MetricsScope, type ToolCell } from '@/db/queries/metrics';
import { latencyBucketOf, latencyBucketRange } from '@/db/queries/metrics-rollup';
import { readSplitFigures, splitDayBounds } from '@/lib/metrics/day-split';
import { locateNearestRank } from '@/lib/metrics/percentile';
import { createRunWriter, writeSyntheticRuns, type SyntheticRuns } from './helpers/synthetic-runs';
import { roundNumbers } from './helpers/round-numbers';

/**
 * A bound inside a day: the rollup's whole days plus or minus the partial days' runs (lib/metrics/day-split.ts)
 * against the exact per-run queries, on data where the two could differ: runs on the bounds to the
 * millisecond, created_at text not in the app's shape, and a model whose only evaluated run is on a partial
 * day while its failed runs are on whole days (a part that drops a model or day without evaluated runs
 * before adding would lose those).
 */

let data: SyntheticRuns;

beforeAll(async () => {
  data = await writeSyntheticRuns(900, { seed: 5, batches: 2, days: 5, failedShare: 0.1, testCases: 20, servers: 2 });
  const write = createRunWriter();
  const testCaseId = data.testCaseIds[0] ?? '';
  const lonely = write.modelSettings({ provider: 'openai', model: 'lonely' });
  for (const createdAt of ['2025-01-02T12:00:00.000Z', '2025-01-03T01:00:00.000Z']) write.run({ testCaseId, modelSettingsId: lonely, status: 'failed', createdAt });
  write.run({ testCaseId, modelSettingsId: lonely, executionTimeMs: 4321, createdAt: '2025-01-04T03:00:00.000Z' });
  for (const createdAt of ['2025-01-02T03:15:00.000Z', '2025-01-04T18:30:00.000Z', '2025-01-02 08:00:00', '2025-01-03 23:00', 'yesterday']) {
    write.run({ testCaseId, executionTimeMs: 777, createdAt });
  }
  await write.flush();
});

const position = (p: number, n: number) => {
  const { offset, order } = locateNearestRank(p, n);
  return order === 'asc' ? offset : n - 1 - offset;
};

const cellKey = (c: ToolCell) => JSON.stringify([c.expectedServer, c.expectedTool, c.selectedServer, c.selectedTool]);
const sortCells = (cells: ToolCell[]) => [...cells].sort((a, b) => cellKey(a).localeCompare(cellKey(b)));

function scopes(): [string, MetricsScope, number[]][] {
  const model = data.models[0];
  return [
    // [label, scope, signs of its parts]
    ['early from, late before', { createdFrom: '2025-01-02T03:15:00.000Z', createdBefore: '2025-01-04T18:30:00.000Z' }, [-1, -1]],
    ['late from, early before (lonely model on a part)', { createdFrom: '2025-01-02T15:00:00.000Z', createdBefore: '2025-01-04T06:00:00.000Z' }, [1, 1]],
    ['early from, late before to the millisecond', { createdFrom: '2025-01-01T02:00:00.000Z', createdBefore: '2025-01-04T20:00:00.001Z' }, [-1, -1]],
    ['late before only', { createdBefore: '2025-01-04T20:00:00.000Z' }, [-1]],
    ['early from only', { createdFrom: '2025-01-02T03:15:00.001Z' }, [-1]],
    ['from at a day, before inside one', { createdFrom: '2025-01-02T00:00:00.000Z', createdBefore: '2025-01-03T10:00:00.000Z' }, [1]],
    ['batch and model', { batchId: data.batchIds[1], provider: model?.provider, model: model?.model, createdFrom: '2025-01-01T20:00:00.000Z', createdBefore: '2025-01-05T01:00:00.000Z' }, [1, 1]],
  ];
}

describe('summary figures for a bound inside a day (whole days from the rollup, partial days from the runs)', () => {
  it('equal the per-run figures: totals, cells, per-model and per-day rollups, p50 and p95', async () => {
    for (const [label, scope, signs] of scopes()) {
      const split = splitDayBounds(scope);
      expect(split?.parts.map((p) => p.sign), label).toEqual(signs);
      const figures = split && (await readSplitFigures(scope, split, position));
      if (!figures) throw new Error(`${label}: no figures`);
      const exactTotals = await selectEvaluationTotals(scope);
      expect(roundNumbers(figures.totals), label).toEqual(roundNumbers(exactTotals) as EvaluationTotals);
      expect(sortCells(figures.cells), label).toEqual(sortCells(await selectToolCells(scope)));
      const exact = await selectRunRollups(scope);
      expect(figures.rollups, label).toEqual(exact);
      const n = exact.all.latencyRuns;
      for (const [p, value] of [[50, figures.p50], [95, figures.p95]] as const) {
        const { offset, order } = locateNearestRank(p, n);
        expect(value, `${label} p${p}`).toBe(await selectLatencyAt(scope, offset, order));
      }
    }
    // The lonely model: a failed run on a whole day, its one evaluated run on a partial day.
    const [, lonelyScope] = scopes()[1] ?? [];
    const lonely = (await selectRunRollups(lonelyScope ?? {})).byModel.find((m) => m.model === 'lonely');
    expect(lonely).toMatchObject({ runs: 2, failed: 1, total: 1 });
  });

  it('leaves scopes it cannot split to the other paths', () => {
    expect(splitDayBounds({ createdFrom: '2025-01-02T00:00:00.000Z' })).toBeUndefined(); // the rollup's own
    expect(splitDayBounds({ createdFrom: '2025-01-02T03:00:00.000Z', createdBefore: '2025-01-02T09:00:00.000Z' })).toBeUndefined(); // one day
    expect(splitDayBounds({ createdFrom: '2025-01-02T03:00:00.000Z', toolName: 't' })).toBeUndefined();
    expect(splitDayBounds({ createdFrom: '2025-01-02T03:00:00.000Z', testCaseId: 'c' })).toBeUndefined();
    expect(splitDayBounds({ createdFrom: '2025-01-02 03:00' })).toBeUndefined();
  });

  it('buckets an execution time as the histogram triggers do', () => {
    for (const ms of [0, 1, 127, 128, 129, 255, 256, 257, 1000, 4095, 4096, 65_537, 2 ** 31 - 1, 2 ** 40 + 12_345]) {
      const [lo, hi] = latencyBucketRange(latencyBucketOf(ms));
      expect(ms >= lo && ms < hi, `${ms}`).toBe(true);
    }
  });
});
