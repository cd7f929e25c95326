import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { selectFlakyHistory, selectFlakyHistoryRanked } from '@/db/queries/flaky';
import { createRunWriter } from './helpers/synthetic-runs';
import { openSqliteAtMigration } from './helpers/migrations';

/**
 * Migration 0021 adds idx_test_runs_flaky_history (each case and model settings' completed, judged runs, newest
 * first), from which a flaky pair's latest runs are read by seeks instead of ranking every run of the case.
 */

const ids: Record<string, string> = {};

function writeDatabaseAt0020(file: string): void {
  const sqlite = openSqliteAtMigration(file, 20, { foreignKeys: true });
  try {
    let n = 0;
    const write = createRunWriter(() => `id-${String(++n).padStart(2, '0')}`, sqlite);
    const search = { server: 'alpha', name: 'search' };
    const c1 = write.testCase({ name: 'c1', expected: search, servers: ['alpha'] });
    const m1 = write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const m2 = write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const b1 = write.batch({ name: 'b1' });
    const at = (s: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, s)).toISOString();
    ids.old = write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m1, selected: search, createdAt: at(1) });
    ids.tieLow = write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m2, selected: null, createdAt: at(2) });
    ids.tieHigh = write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m1, selected: search, createdAt: at(2) });
    // Not judged: newer, but never in the history.
    ids.failed = write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m2, status: 'failed', createdAt: at(3) });
    ids.case = c1;
  } finally {
    sqlite.close();
  }
}

describe('migration 0021 (flaky history index)', () => {
  it('indexes the rows 0020 left, and the history reads it with the ranked answer', async () => {
    writeDatabaseAt0020(databaseFile());
    const sqlite = getSqlite();
    const columns = sqlite.prepare<[], string>(`select name from pragma_index_info('idx_test_runs_flaky_history') order by seqno`).pluck().all();
    expect(columns).toEqual(['test_case_id', 'model_settings_id', 'created_at', 'id']);
    // Partial: the completed, judged runs (3 of 4).
    expect(sqlite.prepare(`select count(*) from test_runs indexed by idx_test_runs_flaky_history where status = 'completed' and classification is not null`).pluck().get()).toBe(3);
    const plan = sqlite
      .prepare<[], { detail: string }>(`explain query plan select h.id from test_runs h where h.test_case_id = 'x' and h.model_settings_id = 'y'
        and h.status = 'completed' and h.classification is not null order by h.created_at desc, h.id desc limit 3`)
      .all()
      .map((r) => r.detail)
      .join('\n');
    expect(plan).toMatch(/USING INDEX idx_test_runs_flaky_history/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    const history = await selectFlakyHistory([ids.case ?? ''], 2);
    expect(history.map((h) => h.runId)).toEqual([ids.tieHigh, ids.tieLow]);
    expect(history).toEqual(await selectFlakyHistoryRanked([ids.case ?? ''], 2));
  });
});
