/**
 * recoverPendingAssessments limited to given batches (issue 20): on Postgres shutdown passes
 * only this process's batches and start-up none, so another live process's deferred
 * self-assessments are not declared interrupted. Both databases.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertBatchWithRuns } from '@/db/queries/batches';
import { INTERRUPTED_ASSESSMENT, recoverPendingAssessments } from '@/db/queries/run-confidence';
import { getRun } from '@/db/queries/runs';
import { getDb } from '@/db/client';
import { testRuns } from '@/db/tables';
import { seedCase, seedServer } from './helpers/eval-seed';

async function pendingBatch(testCaseId: string): Promise<{ batchId: string; runId: string }> {
  const { batchId, runIds } = await insertBatchWithRuns({ name: 'a', models: [{ provider: 'local', model: 'hybrid', timeout: 30, temperature: 0, maxRetries: 0 }], samples: 1, concurrency: 1, testCaseIds: [testCaseId], withBatchRow: true });
  const runId = runIds[0] as string;
  await getDb().update(testRuns).set({ status: 'completed', llmResponseRaw: { samples: [], assessmentPending: true } }).where(eq(testRuns.id, runId));
  return { batchId: batchId as string, runId };
}

describe('recoverPendingAssessments with a batch scope', () => {
  it('unrates only the given batches\' pending runs; an empty scope touches nothing; no scope sweeps all', async () => {
    const server = await seedServer('assessment-scope');
    const tc = await seedCase({ query: 'look something up', servers: [server], expected: { server: 'assessment-scope', tool: 'lookup' } });
    const mine = await pendingBatch(tc);
    const other = await pendingBatch(tc);
    expect(await recoverPendingAssessments([])).toBe(0);
    expect(await recoverPendingAssessments([mine.batchId])).toBe(1);
    expect((await getRun(mine.runId))?.llmResponseRaw).toMatchObject({ assessmentError: INTERRUPTED_ASSESSMENT });
    expect((await getRun(other.runId))?.llmResponseRaw).toMatchObject({ assessmentPending: true });
    expect(await recoverPendingAssessments()).toBe(1);
    expect((await getRun(other.runId))?.llmResponseRaw).toMatchObject({ assessmentError: INTERRUPTED_ASSESSMENT });
  });
});
