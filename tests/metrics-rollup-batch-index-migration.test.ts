import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { countRunsByStatus } from '@/db/queries/runs';
import { createRunWriter } from './helpers/synthetic-runs';
import { openSqliteAtMigration } from './helpers/migrations';

/** Migration 0017 adds idx_metrics_rollup_batch_status, which the batch counts read alone. */

function writeDatabaseAt0016(file: string): { b1: string; b2: string } {
  const sqlite = openSqliteAtMigration(file, 16, { foreignKeys: true });
  try {
    let n = 0;
    const write = createRunWriter(() => `id-${++n}`, sqlite);
    const c1 = write.testCase({ name: 'c1', expected: { server: 'alpha', name: 'search' }, servers: ['alpha'] });
    const m1 = write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const m2 = write.modelSettings({ provider: 'anthropic', model: 'claude' });
    const b1 = write.batch({ name: 'b1' });
    const b2 = write.batch({ name: 'b2' });
    const at = (d: number) => `2025-02-0${d}T10:00:00.000Z`;
    // Several rollup groups per (batch, status): different models and days.
    write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m1, createdAt: at(1) });
    write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m2, createdAt: at(2) });
    write.run({ testCaseId: c1, batchId: b1, modelSettingsId: m1, status: 'failed', createdAt: at(3) });
    write.run({ testCaseId: c1, batchId: b2, modelSettingsId: m2, status: 'pending', createdAt: at(1) });
    write.run({ testCaseId: c1, batchId: b2, modelSettingsId: m1, status: 'running', createdAt: at(4) });
    write.run({ testCaseId: c1, batchId: b2, modelSettingsId: m2, createdAt: at(4) });
    return { b1, b2 };
  } finally {
    sqlite.close();
  }
}

describe('migration 0017 (batch counts index on metrics_rollup)', () => {
  it('indexes the rows 0016 left, and the batch counts read that index alone with the same counts', async () => {
    const { b1, b2 } = writeDatabaseAt0016(databaseFile());
    const sqlite = getSqlite();
    const columns = sqlite.prepare<[], string>(`select name from pragma_index_info('idx_metrics_rollup_batch_status') order by seqno`).pluck().all();
    expect(columns).toEqual(['batch_id', 'status', 'runs']);
    const plan = sqlite
      .prepare<[string], { detail: string }>('explain query plan select batch_id, status, sum(runs) from metrics_rollup where batch_id = ? group by batch_id, status having sum(runs) > 0')
      .all(b1)
      .map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/COVERING INDEX idx_metrics_rollup_batch_status/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    const counts = await countRunsByStatus([b1, b2, 'no-such-batch']);
    expect(Object.fromEntries(counts)).toEqual({
      [b1]: { total: 3, pending: 0, running: 0, completed: 2, failed: 1, cancelled: 0 },
      [b2]: { total: 3, pending: 1, running: 1, completed: 1, failed: 0, cancelled: 0 },
      'no-such-batch': { total: 0, pending: 0, running: 0, completed: 0, failed: 0, cancelled: 0 },
    });
    // Still kept by the triggers after the migration: a run moving on moves its count.
    sqlite.prepare(`update test_runs set status = 'cancelled' where batch_id = ? and status = 'pending'`).run(b2);
    expect((await countRunsByStatus([b2])).get(b2)).toMatchObject({ pending: 0, cancelled: 1, total: 3 });
  });
});
