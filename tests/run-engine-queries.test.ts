import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { insertBatchWithRuns } from '@/db/queries/batches';
import { countBatchRunsByModel, selectRunLabel } from '@/db/queries/batch-progress';
import { INTERRUPTED_ASSESSMENT, recordAssessment, recordAssessmentSoon, recoverPendingAssessments, type AssessmentWrite } from '@/db/queries/run-confidence';
import {
  cancelPendingRuns,
  claimNextRun,
  completeRun,
  countRunsByStatus,
  failRun,
  getEvaluation,
  getRun,
  markStoppedJobsInterrupted,
  recoverInterruptedRuns,
  type CompletedRunValues,
} from '@/db/queries/runs';
import { all, get, run } from '@/db/sql';
import { FAKE_MODEL, seedCase, seedServer } from './helpers/eval-seed';

/**
 * The run engine's queries (issue 20) on whichever database the project runs them on: the
 * default project on SQLite, the postgres project on Postgres. What must hold on both: a run
 * is claimed by one worker and ended once, the deferred confidence patches the stored raw
 * response, start-up recovery and shutdown marking, the live progress per model in write order.
 */

const server = await seedServer('engine-queries');
const caseA = await seedCase({ query: 'look something up', servers: [server], expected: { server: 'engine-queries', tool: 'lookup' } });
const caseB = await seedCase({ query: 'nothing fits', servers: [server], expected: null });

const snapshot = [{ serverName: 'engine-queries', serverUrl: null, name: 'lookup', exposedName: 'lookup', description: 'Look a thing up.', inputSchema: { type: 'object' } }];
const values = (extra: Partial<CompletedRunValues> = {}): CompletedRunValues => ({
  llmResponseRaw: { samples: [], assessment: null, assessmentPending: true },
  selectedServer: 'engine-queries',
  selectedTool: 'lookup',
  extractedParameters: { q: 'x' },
  confidenceScore: null,
  confidenceCategory: null,
  confidenceSource: null,
  classification: 'TP',
  executionTimeMs: 12,
  inputTokens: 100,
  outputTokens: 10,
  failureReasons: [],
  ...extra,
});
const evaluation = { classification: 'TP' as const, toolCorrect: true, failureReasons: [], passK: null, reasoning: 'fits', recommendations: [] };

async function batchOf(testCaseIds: string[], models = [FAKE_MODEL]) {
  const { batchId, runIds } = await insertBatchWithRuns({ name: 'q', models, samples: 1, concurrency: 4, testCaseIds, withBatchRow: true });
  return { batchId: batchId as string, runIds };
}

function assessment(confidence: number, error: string | null = null): AssessmentWrite {
  return {
    confidenceScore: error ? null : confidence,
    confidenceCategory: error ? null : 'robust',
    confidenceSource: error ? null : 'self_assessment',
    reasoning: 'rated',
    recommendations: [{ type: 'none' }],
    assessment: error ? null : { confidence, reasoning: 'sure', response: { id: 'r' } },
    assessmentError: error,
    usage: { inputTokens: 7, outputTokens: 3 },
  };
}

describe('claims and endings', () => {
  it('hands each pending run to one claimer, in the order the batch wrote them', async () => {
    const { batchId, runIds } = await batchOf([caseA, caseB, caseA, caseB, caseA, caseB, caseA]);
    expect(await claimNextRun(batchId)).toEqual({ id: runIds[0], testCaseId: caseA, modelSettingsId: expect.any(String), samples: 1 });
    expect((await claimNextRun(batchId))?.id).toBe(runIds[1]);
    // Concurrent claimers (on Postgres, several pooled connections at once) never share a run.
    const claims = await Promise.all(Array.from({ length: 8 }, () => claimNextRun(batchId)));
    const claimed = claims.filter((c) => c !== undefined).map((c) => c.id);
    expect(claimed).toHaveLength(5);
    expect(new Set(claimed)).toEqual(new Set(runIds.slice(2)));
    expect(claims.filter((c) => c === undefined)).toHaveLength(3);
    expect((await countRunsByStatus([batchId])).get(batchId)).toMatchObject({ total: 7, pending: 0, running: 7 });
  });

  it('completes a run once: a second completion or a late failure changes nothing', async () => {
    const { batchId, runIds } = await batchOf([caseA]);
    const id = runIds[0] as string;
    await claimNextRun(batchId);
    expect(await completeRun(id, snapshot, values({ llmResponseRaw: { samples: [] } }), evaluation)).toBe(true);
    expect(await completeRun(id, snapshot, values({ classification: 'FN', selectedTool: null }), { ...evaluation, classification: 'FN' })).toBe(false);
    await failRun(id, 'cancelled', 'too late');
    const run = await getRun(id);
    expect(run).toMatchObject({ status: 'completed', classification: 'TP', selectedTool: 'lookup', errorMessage: null, extractedParameters: { q: 'x' }, failureReasons: [] });
    expect(await getEvaluation(id)).toMatchObject({ classification: 'TP', toolCorrect: true, passK: null, recommendations: [] });
    const evaluations = await get<{ n: number }>(sql`select count(*) as n from evaluation_results where test_run_id = ${id}`);
    expect(evaluations?.n).toBe(1);
  });

  it('a run marked interrupted by a shutdown stays so when its worker reports late', async () => {
    const { batchId, runIds } = await batchOf([caseA, caseB]);
    await claimNextRun(batchId);
    expect(await markStoppedJobsInterrupted([batchId])).toEqual({ runs: 2, batches: 1 });
    expect(await completeRun(runIds[0] as string, snapshot, values(), evaluation)).toBe(false);
    const rows = await all<{ status: string; e: string }>(sql`select status, error_message as e from test_runs where batch_id = ${batchId}`);
    expect(rows.map((r) => r.status)).toEqual(['failed', 'failed']);
    expect(rows.every((r) => r.e.startsWith('interrupted'))).toBe(true);
  });

  it('start-up recovery fails what was pending or running and interrupts its batch; cancel takes only pending runs', async () => {
    const { batchId, runIds } = await batchOf([caseA, caseB, caseA]);
    await claimNextRun(batchId);
    expect(await cancelPendingRuns(batchId, 'stop')).toBe(2);
    const second = await batchOf([caseB]);
    const recovered = await recoverInterruptedRuns();
    expect(recovered.runs).toBeGreaterThanOrEqual(2);
    expect((await getRun(runIds[0] as string))?.status).toBe('failed');
    expect((await getRun(second.runIds[0] as string))?.errorMessage).toMatch(/^interrupted/);
    expect((await get<{ status: string }>(sql`select status from run_batches where id = ${second.batchId}`))?.status).toBe('interrupted');
    expect((await getRun(runIds[1] as string))?.status).toBe('cancelled');
  });

  it('a batch is written whole or not at all', async () => {
    await expect(insertBatchWithRuns({ name: 'broken', models: [FAKE_MODEL], samples: 1, concurrency: 1, testCaseIds: [caseA, 'no-such-case'], withBatchRow: true })).rejects.toThrow();
    expect((await get<{ n: number }>(sql`select count(*) as n from run_batches where name = 'broken'`))?.n).toBe(0);
  });
});

describe('the deferred confidence', () => {
  it('replaces the pending mark with the assessment, counts its tokens, and rewrites the evaluation', async () => {
    const { runIds } = await batchOf([caseA, caseB]);
    const [ok, broken] = runIds as [string, string];
    for (const id of runIds) await completeRun(id, snapshot, values(), evaluation);
    const results = await Promise.all([recordAssessmentSoon(ok, assessment(0.75)), recordAssessmentSoon(broken, assessment(0, 'the model said nothing useful')), recordAssessmentSoon('no-such-run', assessment(0.5))]);
    expect(results).toEqual([true, true, false]);
    const rated = await getRun(ok);
    expect(rated).toMatchObject({ confidenceScore: 0.75, confidenceCategory: 'robust', confidenceSource: 'self_assessment', inputTokens: 107, outputTokens: 13 });
    expect(rated?.llmResponseRaw).toEqual({ samples: [], assessment: { confidence: 0.75, reasoning: 'sure', response: { id: 'r' } } });
    expect(await getEvaluation(ok)).toMatchObject({ confidenceScore: 0.75, confidenceCategory: 'robust', reasoning: 'rated', recommendations: [{ type: 'none' }] });
    const unrated = await getRun(broken);
    expect(unrated).toMatchObject({ confidenceScore: null, confidenceSource: null });
    expect(unrated?.llmResponseRaw).toEqual({ samples: [], assessment: null, assessmentError: 'the model said nothing useful' });
    // A later success clears the error.
    expect(await recordAssessment(broken, assessment(0.6))).toBe(true);
    expect((await getRun(broken))?.llmResponseRaw).toEqual({ samples: [], assessment: { confidence: 0.6, reasoning: 'sure', response: { id: 'r' } } });
  });

  it('after a stop, runs of unfinished batches still pending their assessment are unrated with the reason', async () => {
    const { runIds } = await batchOf([caseA, caseB]);
    for (const id of runIds) await completeRun(id, snapshot, values(), evaluation);
    await recordAssessment(runIds[1] as string, assessment(0.9));
    // A finished batch's runs are not looked at.
    const finished = await batchOf([caseA]);
    await completeRun(finished.runIds[0] as string, snapshot, values(), evaluation);
    await run(sql`update run_batches set status = 'completed' where id = ${finished.batchId}`);
    expect(await recoverPendingAssessments()).toBe(1);
    expect((await getRun(runIds[0] as string))?.llmResponseRaw).toEqual({ samples: [], assessment: null, assessmentError: INTERRUPTED_ASSESSMENT });
    expect((await getRun(runIds[1] as string))?.llmResponseRaw).toMatchObject({ assessment: { confidence: 0.9 } });
    expect((await getRun(finished.runIds[0] as string))?.llmResponseRaw).toMatchObject({ assessmentPending: true });
    expect(await recoverPendingAssessments()).toBe(0);
  });
});

describe('live progress', () => {
  it('counts a batch per model, models in the order the batch wrote them, and names a run', async () => {
    const models = [
      { ...FAKE_MODEL, model: 'lexical' },
      { ...FAKE_MODEL, provider: 'openai' as const, model: 'gpt-test' },
      { ...FAKE_MODEL, model: 'hybrid' },
    ];
    const { batchId, runIds } = await batchOf([caseA, caseB], models);
    const first = await claimNextRun(batchId);
    await completeRun(first?.id as string, snapshot, values(), evaluation);
    await claimNextRun(batchId);
    await failRun(runIds[2] as string, 'failed', 'boom');
    const progress = await countBatchRunsByModel(batchId);
    expect(progress.map(({ modelSettingsId: _id, ...rest }) => rest)).toEqual([
      { provider: 'local', model: 'lexical', total: 2, pending: 1, running: 0, completed: 1, failed: 0, cancelled: 0 },
      { provider: 'openai', model: 'gpt-test', total: 2, pending: 1, running: 1, completed: 0, failed: 0, cancelled: 0 },
      { provider: 'local', model: 'hybrid', total: 2, pending: 1, running: 0, completed: 0, failed: 1, cancelled: 0 },
    ]);
    expect(await selectRunLabel(runIds[1] as string)).toEqual({ testCaseName: 'look something up', provider: 'openai', model: 'gpt-test' });
    expect(await selectRunLabel('no-such-run')).toBeUndefined();
  });
});
