import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { selectFlakyPairs, selectFlakyPairsPerRun } from '@/db/queries/flaky';
import { createRunWriter } from './helpers/synthetic-runs';
import { openSqliteAtMigration } from './helpers/migrations';

/** Migration 0020 adds idx_test_runs_flaky and idx_evaluation_results_pass_k_failed, which the flaky pairs read alone. */

function writeDatabaseAt0019(file: string): void {
  const sqlite = openSqliteAtMigration(file, 19, { foreignKeys: true });
  try {
    let n = 0;
    const write = createRunWriter(() => `id-${++n}`, sqlite);
    const search = { server: 'alpha', name: 'search' };
    const c1 = write.testCase({ name: 'c1', expected: search, servers: ['alpha'] });
    const c2 = write.testCase({ name: 'c2', expected: search, servers: ['alpha'] });
    const m1 = write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const b1 = write.batch({ name: 'b1' });
    // c1: samples split; c2: pass^k failed although the modal answer was right; plus a settled run of each.
    write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m1, selected: search, samples: 3, confidence: 2 / 3, passK: true });
    write.run({ testCaseId: c2, batchId: b1, modelSettingsId: m1, selected: search, samples: 3, confidence: 1, passK: false });
    write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m1, selected: search });
    write.run({ testCaseId: c2, batchId: b1, modelSettingsId: m1, status: 'failed' });
  } finally {
    sqlite.close();
  }
}

describe('migration 0020 (flaky pairs indexes)', () => {
  it('indexes the rows 0019 left, and the flaky pairs read those indexes with the per-run answer', async () => {
    writeDatabaseAt0019(databaseFile());
    const sqlite = getSqlite();
    const columns = (name: string) => sqlite.prepare<[], string>(`select name from pragma_index_info('${name}') order by seqno`).pluck().all();
    expect(columns('idx_test_runs_flaky')).toEqual(['test_case_id', 'model_settings_id', 'tool_set_id', 'batch_id', 'classification', 'created_at', 'samples', 'confidence_score', 'confidence_source']);
    expect(columns('idx_evaluation_results_pass_k_failed')).toEqual(['test_run_id']);
    // Partial: the completed judged runs (3 of 4) and the failed pass^k (1).
    expect(sqlite.prepare(`select count(*) from test_runs indexed by idx_test_runs_flaky where status = 'completed' and classification is not null`).pluck().get()).toBe(3);
    expect(sqlite.prepare(`select count(*) from evaluation_results indexed by idx_evaluation_results_pass_k_failed where pass_k = 0`).pluck().get()).toBe(1);
    const plan = sqlite
      .prepare<[], { detail: string }>(`explain query plan select test_run_id from evaluation_results e where e.pass_k = 0`)
      .all()
      .map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/COVERING INDEX idx_evaluation_results_pass_k_failed/);
    const exact = await selectFlakyPairsPerRun({});
    expect(exact.map((p) => [p.testCaseName, p.disagreeingRuns, p.runs, p.correctRuns])).toEqual([
      ['c1', 1, 2, 2],
      ['c2', 1, 1, 1],
    ]);
    expect((await selectFlakyPairs({}, { limit: 10, offset: 0 })).rows).toEqual(exact);
  });
});
