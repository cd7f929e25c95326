import { describe, expect, it } from 'vitest';
import * as summaryRoute from '@/app/api/metrics/summary/route';
import * as callFiguresRoute from '@/app/api/test-runs/call-figures/route';
import * as runRoute from '@/app/api/test-runs/[id]/route';
import { getSqlite } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { getEvaluation, getRun } from '@/db/queries/runs';
import { sequenceRunsFrom } from '@/db/queries/metrics-calls';
import { completeSequenceRun, getCallResults } from '@/db/queries/sequence-runs';
import { judgeSequence } from '@/lib/eval/judge/sequence/judge';
import { toSequenceRunRecord } from '@/lib/eval/judge/sequence/record';
import type { ExpectedCall, Trajectory, TrajectoryCall } from '@/lib/eval/sequence/types';
import type { RunDetailDto } from '@/lib/eval/api/dto';
import type { MetricsSummary } from '@/lib/metrics/summary';
import { call } from './helpers/api';
import { createRunWriter } from './helpers/synthetic-runs';

/**
 * The write side of a sequence run and the per-call metrics: a judged trajectory lands as the
 * run's verdict, its evaluation row, its trajectory and its per-call rows, and
 * GET /api/metrics/summary reports per-call precision/recall/F1 and per-case steps, tokens
 * and latency beside the per-case figures.
 */

const inputSchema = { type: 'object', properties: { query: { type: 'string' }, id: { type: 'integer' } } };
const snapshot = ['search_todos', 'update_todo', 'delete_todo'].map((name) => ({ serverName: 'todo', serverUrl: null, name, exposedName: name, description: name, inputSchema }));
const SEARCH: ExpectedCall = { server: 'todo', tool: 'search_todos', arguments: { query: 'milk' } };
const UPDATE: ExpectedCall = { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.items[0].id' } } } };

function callOf(step: number, tool: string, args: Record<string, unknown>, json: unknown = { items: [{ id: 42 }] }): TrajectoryCall {
  return { step, exposedName: tool, server: 'todo', tool, arguments: args, source: 'mock', result: { text: JSON.stringify(json), isError: false, json }, durationMs: 2 };
}

function trajectoryOf(calls: TrajectoryCall[], stop: Trajectory['stop'] = 'answered'): Trajectory {
  const steps = [...new Set(calls.map((c) => c.step)), calls.length].map((step) => ({ step, text: null, callCount: calls.filter((c) => c.step === step).length, inputTokens: 100, outputTokens: 10, latencyMs: 5 }));
  return { steps, calls, finalText: 'done', stop };
}

async function store(runId: string, expectedCalls: ExpectedCall[], trajectory: Trajectory, forbidden: { server: string; tool: string }[] = []) {
  const verdict = judgeSequence({ testCase: { expectedCalls, callOrder: 'exact', forbiddenTools: forbidden }, trajectory, snapshot });
  await completeSequenceRun(runId, snapshot, toSequenceRunRecord({ verdict, expectedCalls, trajectory, argumentMatching: 'strict', executionTimeMs: 120 }));
  return verdict;
}

describe('sequence runs: store and per-call metrics', () => {
  const w = createRunWriter();
  const caseId = w.testCase({ name: 'milk', expected: { server: 'todo', name: 'search_todos' } });
  const negativeId = w.testCase({ name: 'chat', expected: null, servers: ['todo'] });
  const model = w.modelSettings({ provider: 'openai', model: 'gpt-test' });
  const otherModel = w.modelSettings({ provider: 'anthropic', model: 'claude-test' });
  /** A running run, stored (the writer queues rows on Postgres until flushed). */
  const pending = async (testCaseId: string, modelSettingsId = model) => {
    const runId = w.run({ testCaseId, modelSettingsId, status: 'running' });
    await w.flush();
    return runId;
  };

  it('has no calls figures before any sequence run', async () => {
    w.run({ testCaseId: caseId, modelSettingsId: model, selected: { server: 'todo', name: 'search_todos' }, executionTimeMs: 50 });
    await w.flush();
    const res = await call<MetricsSummary>(summaryRoute.GET, 'GET', '/api/metrics/summary');
    expect(res.status).toBe(200);
    expect(res.body.calls).toBeNull();
  });

  let storedRun = '';
  it('stores the verdict, trajectory, evaluation and per-call rows in one go', async () => {
    const runId = await pending(caseId);
    storedRun = runId;
    const trajectory = trajectoryOf([callOf(0, 'search_todos', { query: 'milk' }), callOf(1, 'update_todo', { id: 42 })]);
    await store(runId, [SEARCH, UPDATE], trajectory);
    const run = await getRun(runId);
    expect(run).toMatchObject({ status: 'completed', classification: 'TP', steps: 3, inputTokens: 300, outputTokens: 30, executionTimeMs: 120, selectedServer: 'todo', selectedTool: 'search_todos' });
    expect(run?.trajectory?.calls.map((c) => c.tool)).toEqual(['search_todos', 'update_todo']);
    expect(await getEvaluation(runId)).toMatchObject({ classification: 'TP', expectedTool: 'search_todos', selectedTool: 'search_todos', toolCorrect: true, parameterCorrectness: 1, failureReasons: [] });
    expect((await getCallResults(runId)).map((r) => [r.expectedIndex, r.callIndex, r.outcome, r.tool, r.argumentCorrectness])).toEqual([
      [0, 0, 'TP', 'search_todos', 1],
      [1, 1, 'TP', 'update_todo', 1],
    ]);
  });

  it('GET /api/test-runs/{id} serves the steps, the trajectory and the per-call verdicts', async () => {
    const res = await call<RunDetailDto>(runRoute.GET, 'GET', `/api/test-runs/${storedRun}`, { params: { id: storedRun } });
    expect(res.status).toBe(200);
    expect(res.body.steps).toBe(3);
    expect(res.body.trajectory?.calls.map((c) => [c.tool, c.source, c.result.json])).toEqual([
      ['search_todos', 'mock', { items: [{ id: 42 }] }],
      ['update_todo', 'mock', { items: [{ id: 42 }] }],
    ]);
    expect(res.body.calls).toEqual([
      { expectedIndex: 0, callIndex: 0, outcome: 'TP', server: 'todo', tool: 'search_todos', argumentCorrectness: 1, failureReasons: [] },
      { expectedIndex: 1, callIndex: 1, outcome: 'TP', server: 'todo', tool: 'update_todo', argumentCorrectness: 1, failureReasons: [] },
    ]);
  });

  it('a failed write leaves nothing behind (one transaction)', async () => {
    const runId = await pending(caseId);
    const trajectory = trajectoryOf([callOf(0, 'search_todos', { query: 'milk' })]);
    const verdict = judgeSequence({ testCase: { expectedCalls: [SEARCH], callOrder: 'exact', forbiddenTools: null }, trajectory, snapshot });
    const record = toSequenceRunRecord({ verdict, expectedCalls: [SEARCH], trajectory, argumentMatching: 'strict', executionTimeMs: 5 });
    // An out-of-range correctness breaks call_results' CHECK after the run row was written.
    record.calls[0] = { ...record.calls[0]!, argumentCorrectness: 2 };
    // SQLite says "CHECK constraint failed"; Postgres "violates check constraint" (drizzle's error carries it as its cause).
    const failure = await completeSequenceRun(runId, snapshot, record).then(() => null, (err: unknown) => err);
    const text = (e: unknown): string => (e instanceof Error ? `${e.message} ${text(e.cause)}` : '');
    expect(text(failure)).toMatch(/CHECK constraint failed|violates check constraint "ck_call_results_correctness"/);
    expect(await getRun(runId)).toMatchObject({ status: 'running', classification: null, trajectory: null });
    expect(await getEvaluation(runId)).toBeUndefined();
    expect(await getCallResults(runId)).toEqual([]);
  });

  it('reports per-call precision/recall/F1 and per-case steps, tokens and latency', async () => {
    // A missing call and a forbidden one: 1 TP + 1 FN, 1 FP.
    await store(await pending(caseId), [SEARCH, UPDATE], trajectoryOf([callOf(0, 'search_todos', { query: 'milk' }), callOf(1, 'delete_todo', { id: 42 })]), [{ server: 'todo', tool: 'delete_todo' }]);
    // A negative case answered without a call: TN, no per-call rows.
    await store(await pending(negativeId, otherModel), [], trajectoryOf([]));
    const res = await call<MetricsSummary>(summaryRoute.GET, 'GET', '/api/metrics/summary');
    expect(res.body.calls).toEqual({
      runs: 3,
      counts: { tp: 3, fp: 1, fn: 1 },
      precision: 0.75,
      recall: 0.75,
      f1: 0.75,
      argumentCorrectness: 1,
      perCase: expect.objectContaining({
        counts: { tp: 1, fp: 0, tn: 1, fn: 1, total: 3 },
        accuracy: 2 / 3,
        steps: { mean: 7 / 3, max: 3 },
        tokensMean: (330 + 330 + 110) / 3,
        latencyMeanMs: 120,
      }),
      byModel: [
        { provider: 'anthropic', model: 'claude-test', runs: 1, counts: { tp: 0, fp: 0, fn: 0 }, precision: null, recall: null, f1: null, argumentCorrectness: null, stepsMean: 1 },
        { provider: 'openai', model: 'gpt-test', runs: 2, counts: { tp: 3, fp: 1, fn: 1 }, precision: 0.75, recall: 0.75, f1: 0.75, argumentCorrectness: 1, stepsMean: 3 },
      ],
    });
    // The per-case figures still count every run, selection and sequence.
    expect(res.body.counts.total).toBe(4);
    // Filters apply: the negative case alone has no calls but one sequence run.
    const one = await call<MetricsSummary>(summaryRoute.GET, 'GET', `/api/metrics/summary?testCaseId=${negativeId}`);
    expect(one.body.calls).toMatchObject({ runs: 1, counts: { tp: 0, fp: 0, fn: 0 }, precision: null, recall: null, f1: null });
    // The runs page's line reads the same figures alone (GET /api/test-runs/call-figures), for the filters it has.
    for (const query of ['', '?provider=openai', '?model=claude-test', '?provider=anthropic&model=claude-test', '?provider=local']) {
      const figures = await call<{ calls: MetricsSummary['calls'] }>(callFiguresRoute.GET, 'GET', `/api/test-runs/call-figures${query}`);
      expect(figures.status, query).toBe(200);
      expect(figures.body.calls, query).toEqual((await call<MetricsSummary>(summaryRoute.GET, 'GET', `/api/metrics/summary${query}`)).body.calls);
    }
    expect((await call(callFiguresRoute.GET, 'GET', '/api/test-runs/call-figures?testCaseId=x')).status).toBe(400);
  });

  // SQLite's plans; Postgres chooses by its own statistics.
  it.skipIf(isPostgres())('reads the per-call rows and the sequence runs through their own indexes, not a scan of every run (SQLite)', () => {
    const plan = (sql: string) => (getSqlite().prepare(`explain query plan ${sql}`).all() as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(plan(`select outcome, argument_correctness from call_results where test_run_id = 'x'`)).toMatch(/COVERING INDEX idx_call_results_run_outcome/);
    // 100k runs with 2% sequence runs: 274 ms per summary's calls figures without it, 16 ms with it.
    expect(plan(`select total(r.steps), total(r.input_tokens) from test_runs r join evaluation_results e on e.test_run_id = r.id where r.steps is not null`)).toMatch(/COVERING INDEX idx_test_runs_sequence/);
    // With a batch, model, date or tool filter the sequence runs still drive (not the evaluations of that filter,
    // one run probe each: at 1M runs without any sequence run 130-980 ms of a summary).
    const { from, params } = sequenceRunsFrom({ batchId: 'b', provider: 'openai', createdFrom: '2025-01-01T00:00:00.000Z', serverName: 's', toolName: 't' });
    const filtered = (getSqlite().prepare(`explain query plan select count(*) ${from}`).all(params) as { detail: string }[]).map((p) => p.detail).join(' ');
    expect(filtered).toMatch(/^SCAN r USING COVERING INDEX idx_test_runs_sequence SEARCH e USING INDEX uq_evaluation_results_run/);
  });
});
