import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { selectBatchRunOutcomes, selectCaseOutcomePairs, type BatchRunOutcome, type CaseOutcomePair } from '@/db/queries/metrics-compare';
import { selectBatchRunOutcomesFromRuns, selectCaseOutcomePairsFromRuns } from '@/db/queries/metrics-compare-runs';
import { createRunWriter } from './helpers/synthetic-runs';
import { openSqliteAtMigration } from './helpers/migrations';

/**
 * Migration 0018 adds metrics_compare_rollup: its backfill must give, for the runs 0017 left, the batch comparison
 * the per-run reads give (db/queries/metrics-compare-runs.ts), and its triggers keep it so afterwards.
 */

const alpha = (name: string) => ({ server: 'alpha', name });
const at = (day: number, hour: number) => `2025-03-0${day}T${String(hour).padStart(2, '0')}:00:00.000Z`;

/** Three batches, four cases, two model settings (and a twin of the first: the same unit); every kind of run. */
function writeDatabaseAt0017(file: string): string[] {
  const sqlite = openSqliteAtMigration(file, 17, { foreignKeys: true });
  try {
    let n = 0;
    const write = createRunWriter(() => `id-${String(++n).padStart(3, '0')}`, sqlite);
    const cases = [
      write.testCase({ name: 'c1', expected: alpha('search') }),
      write.testCase({ name: 'c2', expected: alpha('get') }),
      write.testCase({ name: 'c3', expected: null }),
      write.testCase({ name: 'c4', expected: alpha('list') }),
    ];
    const m1 = write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const m2 = write.modelSettings({ provider: 'anthropic', model: 'claude-3-5-haiku' });
    const twin = write.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
    const batches = ['b1', 'b2', 'b3'].map((name) => write.batch({ name }));
    const [c1, c2, c3, c4] = cases as [string, string, string, string];
    const [b1, b2, b3] = batches as [string, string, string];
    for (const [i, batchId] of batches.entries()) {
      for (const modelSettingsId of [m1, m2]) {
        // Right, wrong and no tool; later samples of a unit, a failed and a pending one after its latest completed.
        write.run({ testCaseId: c1, batchId, modelSettingsId, selected: i === 1 ? alpha('get') : alpha('search'), createdAt: at(1, 1) });
        write.run({ testCaseId: c1, batchId, modelSettingsId, selected: alpha('search'), createdAt: at(1, 2 + i) });
        write.run({ testCaseId: c2, batchId, modelSettingsId, selected: modelSettingsId === m2 ? null : alpha('get'), createdAt: at(2, 1) });
        write.run({ testCaseId: c2, batchId, modelSettingsId, status: 'failed', createdAt: at(2, 5) });
        write.run({ testCaseId: c3, batchId, modelSettingsId, selected: i === 2 ? alpha('search') : null, createdAt: at(3, 1) });
        write.run({ testCaseId: c4, batchId, modelSettingsId, status: 'pending', createdAt: at(3, 2) });
      }
      // Completed without a classification (not judged) and the same times as another unit's run (the id decides).
      write.run({ testCaseId: c4, batchId, modelSettingsId: m1, selected: alpha('list'), classification: null, createdAt: at(1, 1) });
    }
    // The twin settings row of m1 in b1: the same (case, provider, model) unit, a later run.
    write.run({ testCaseId: c3, batchId: b1, modelSettingsId: twin, selected: alpha('get'), createdAt: at(3, 9) });
    // Only in b3: a case the others lack; runs outside any batch and without settings.
    write.run({ testCaseId: c4, batchId: b3, modelSettingsId: m2, selected: alpha('list'), createdAt: at(3, 3) });
    write.run({ testCaseId: c1, batchId: null, modelSettingsId: m1, selected: alpha('search'), createdAt: at(1, 9) });
    write.run({ testCaseId: c2, batchId: b2, modelSettingsId: null, selected: alpha('get'), createdAt: at(2, 9) });
    return [b1, b2, b3];
  } finally {
    sqlite.close();
  }
}

const pairKey = (p: CaseOutcomePair) => JSON.stringify([p.testCaseId, p.provider, p.model]);
const sortPairs = (pairs: CaseOutcomePair[]) => [...pairs].sort((x, y) => pairKey(x).localeCompare(pairKey(y)));
const outcomeKey = (o: BatchRunOutcome) => JSON.stringify([o.testCaseId, o.provider, o.model, o.classification]);
const sortOutcomes = (rows: BatchRunOutcome[]) => [...rows].map((o) => ({ ...o, runs: Number(o.runs) })).sort((x, y) => outcomeKey(x).localeCompare(outcomeKey(y)));

async function expectRollupMatchesRuns(batches: string[], step: string): Promise<void> {
  for (const a of batches) {
    const outcomes = sortOutcomes(await selectBatchRunOutcomes(a));
    expect(outcomes.length, `${step} / ${a} has outcomes`).toBeGreaterThan(0);
    expect(outcomes, `${step} / outcomes of ${a}`).toEqual(sortOutcomes(await selectBatchRunOutcomesFromRuns(a)));
    for (const b of batches) {
      const pairs = sortPairs(await selectCaseOutcomePairs(a, b));
      expect(pairs.length, `${step} / ${a} vs ${b} has pairs`).toBeGreaterThan(0);
      expect(pairs, `${step} / ${a} vs ${b}`).toEqual(sortPairs(await selectCaseOutcomePairsFromRuns(a, b)));
    }
  }
}

describe('migration 0018 (batch comparison rollup)', () => {
  it('backfills the comparison of the runs 0017 left as the per-run reads give it, and the triggers keep it', async () => {
    const batches = writeDatabaseAt0017(databaseFile());
    const sqlite = getSqlite();
    const rollupRows = sqlite.prepare<[], { n: number }>('select count(*) as n from metrics_compare_rollup').get()?.n ?? 0;
    expect(rollupRows).toBeGreaterThan(0);
    await expectRollupMatchesRuns(batches, 'after the migration');

    // Writes after it: a unit's latest run fails, one is re-classified, a pending one completes, a run goes.
    sqlite.prepare(`update test_runs set status = 'failed' where id = (select id from test_runs where status = 'completed' and batch_id = ? order by created_at desc, id desc limit 1)`).run(batches[0]);
    sqlite.prepare(`update test_runs set classification = 'FP' where id = (select id from test_runs where classification = 'TP' and batch_id = ? order by id limit 1)`).run(batches[1]);
    sqlite.prepare(`update test_runs set status = 'completed', classification = 'TN' where id = (select id from test_runs where status = 'pending' and batch_id = ? order by id limit 1)`).run(batches[2]);
    sqlite.prepare(`delete from test_runs where id = (select id from test_runs where classification = 'FN' and batch_id = ? order by id limit 1)`).run(batches[2]);
    await expectRollupMatchesRuns(batches, 'after later writes');
  });
});
