import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { selectFlakyPairs, selectFlakyPairsPerRun, selectFlakyRollup } from '@/db/queries/flaky';
import { createRunWriter } from './helpers/synthetic-runs';
import { openSqliteAtMigration } from './helpers/migrations';

/** Migration 0022 fills flaky_rollup from the runs 0021 left, and its triggers keep it from there. */

function writeDatabaseAt0021(file: string): void {
  const sqlite = openSqliteAtMigration(file, 21, { foreignKeys: true });
  try {
    let n = 0;
    const write = createRunWriter(() => `id-${String(++n).padStart(3, '0')}`, sqlite);
    const search = { server: 'alpha', name: 'search' };
    const other = { server: 'alpha', name: 'other' };
    const cases = ['c1', 'c2', 'c3'].map((name) => write.testCase({ name, expected: search, servers: ['alpha'] }));
    const settings = [write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' }), write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' }), write.modelSettings({ provider: 'local', model: 'router' })];
    const batches = [write.batch({ name: 'b1' }), write.batch({ name: 'b2' })];
    for (let i = 0; i < 60; i++) {
      write.run({
        testCaseId: cases[i % 3] ?? '',
        batchId: i % 7 === 0 ? null : batches[i % 2],
        modelSettingsId: i % 11 === 0 ? null : settings[i % 3],
        status: i % 13 === 0 ? 'failed' : 'completed',
        selected: i % 4 === 0 ? other : search,
        samples: i % 2 === 0 ? 3 : 1,
        confidence: [null, 2 / 3, 1][i % 3],
        passK: i % 5 === 0,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i % 9)).toISOString(),
      });
    }
    sqlite.prepare(`insert into tool_sets (hash) values ('h1')`).run();
    sqlite.prepare(`update test_runs set tool_set_id = (select id from tool_sets) where rowid % 3 <> 0`).run();
    sqlite.prepare(`update test_runs set confidence_source = 'sample_agreement' where rowid % 4 = 1`).run();
  } finally {
    sqlite.close();
  }
}

describe('migration 0022 (flaky rollup)', () => {
  it('fills the rollup from the rows 0021 left, and the flaky pairs read it with the per-run answer', async () => {
    writeDatabaseAt0021(databaseFile());
    const sqlite = getSqlite();
    const rows = await selectFlakyRollup(false);
    expect(rows.length).toBeGreaterThan(6);
    expect(rows).toEqual(await selectFlakyRollup(true));
    const exact = await selectFlakyPairsPerRun({});
    expect(exact.length).toBeGreaterThanOrEqual(3);
    expect(exact.some((p) => p.flippedToolSets > 0)).toBe(true);
    expect((await selectFlakyPairs({}, { limit: 100, offset: 0 })).rows).toEqual(exact);
    // Then its triggers: a later write moves it as it moves the runs.
    sqlite.prepare(`update evaluation_results set pass_k = 0 where test_run_id in (select id from test_runs where samples = 3 and classification in ('TP', 'TN') limit 3)`).run();
    sqlite.prepare(`delete from test_runs where rowid % 5 = 2`).run();
    expect(await selectFlakyRollup(false)).toEqual(await selectFlakyRollup(true));
    expect((await selectFlakyPairs({}, { limit: 100, offset: 0 })).rows).toEqual(await selectFlakyPairsPerRun({}));
  });
});
