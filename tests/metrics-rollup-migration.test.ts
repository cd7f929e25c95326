import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { selectEvaluationTotals, selectRunRollups, selectToolCells, withResolvedRunScope, type EvaluationTotals, type MetricsScope } from '@/db/queries/metrics';
import { selectRollupEvaluationTotals, selectRollupRunRollups, selectRollupToolCells } from '@/db/queries/metrics-rollup';
import { createRunWriter } from './helpers/synthetic-runs';
import { openSqliteAtMigration } from './helpers/migrations';

/** Migration 0015 backfills metrics_rollup from the runs a database already holds. */

function writeDatabaseAt0014(file: string): void {
  const sqlite = openSqliteAtMigration(file, 14, { foreignKeys: true });
  try {
    let n = 0;
    const write = createRunWriter(() => `id-${++n}`, sqlite);
    const search = { server: 'alpha', name: 'search' };
    const get = { server: 'beta', name: 'get' };
    const c1 = write.testCase({ name: 'c1', expected: search, servers: ['alpha', 'beta'] });
    const c2 = write.testCase({ name: 'c2', expected: null, servers: ['beta'] });
    const m1 = write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const m2 = write.modelSettings({ provider: 'anthropic', model: 'claude' });
    const b1 = write.batch({ name: 'b1' });
    const b2 = write.batch({ name: 'b2' });
    const at = (d: number, h: number) => `2025-02-0${d}T${String(h).padStart(2, '0')}:15:00.000Z`;
    write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m1, selected: search, completeness: 0.75, correctness: 0.3, confidence: 0.9, category: 'robust', executionTimeMs: 400, inputTokens: 100, outputTokens: 10, createdAt: at(1, 3) });
    write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m2, selected: get, confidence: 0.4, category: 'needs_clarity', samples: 3, passK: false, executionTimeMs: 900, createdAt: at(1, 23) });
    write.run({ testCaseId: c2, batchId: b2, modelSettingsId: m1, selected: null, executionTimeMs: 50, inputTokens: 7, createdAt: at(2, 0) });
    write.run({ testCaseId: c2, batchId: b2, modelSettingsId: m2, selected: get, samples: 3, passK: true, createdAt: at(3, 12) });
    write.run({ testCaseId: c1, batchId: b2, modelSettingsId: m1, status: 'failed', executionTimeMs: 30000, createdAt: at(3, 13) });
    write.run({ testCaseId: c2, batchId: null, modelSettingsId: null, status: 'pending', selected: get, createdAt: at(4, 1) });
  } finally {
    sqlite.close();
  }
}

describe('migration 0015 (metrics rollup)', () => {
  it('backfills the rollup so it answers as the per-run queries do', async () => {
    writeDatabaseAt0014(databaseFile());
    const sqlite = getSqlite();
    expect(sqlite.prepare<[], number>('select sum(runs) from metrics_rollup').pluck().get()).toBe(6);
    const batchId = (name: string) => sqlite.prepare<[string], string>('select id from run_batches where name = ?').pluck().get(name) ?? '';
    const scopes: MetricsScope[] = [
      {}, { batchId: batchId('b2') }, { provider: 'openai' }, { serverName: 'beta' }, { toolName: 'search' },
      { createdFrom: '2025-02-02T00:00:00.000Z', createdBefore: '2025-02-04T00:00:00.000Z' },
    ];
    for (const scope of scopes) {
      const why = JSON.stringify(scope);
      // Means agree to within an ulp (avg() and the rollup's exact integer sums round differently).
      const fixed = (t: EvaluationTotals) => ({
        ...t, completeness: t.completeness?.toFixed(12), correctness: t.correctness?.toFixed(12),
        typeConformance: t.typeConformance?.toFixed(12), confidenceAverage: t.confidenceAverage?.toFixed(12),
      });
      const totals = await selectRollupEvaluationTotals(scope);
      expect(fixed(totals), why).toEqual(fixed(await selectEvaluationTotals(scope)));
      const cells = await selectToolCells(scope);
      const rollupCells = await selectRollupToolCells(scope);
      expect(rollupCells, why).toEqual(expect.arrayContaining(cells));
      expect(rollupCells.length, why).toBe(cells.length);
      expect(await selectRollupRunRollups(scope), why).toEqual(await withResolvedRunScope(scope, (s) => selectRunRollups(s)));
    }
    // The pending run of no batch matches a server filter on its own selection.
    expect((await selectRollupRunRollups({ serverName: 'beta' })).all.runs).toBe(3);
    // And the triggers work on the migrated database.
    sqlite.prepare('delete from run_batches where id = ?').run(batchId('b2'));
    expect(sqlite.prepare<[], number>('select sum(runs) from metrics_rollup').pluck().get()).toBe(3);
  });
});
