import { beforeAll, describe, expect, it } from 'vitest';
import * as reportRoute from '@/app/api/batches/[id]/report/route';
import * as runsRoute from '@/app/api/test-runs/route';
import { completeSequenceRun } from '@/db/queries/sequence-runs';
import type { BatchReportData } from '@/lib/batch-reports/types';
import type { TestRunListItemDto } from '@/lib/eval/api/dto';
import { judgeSequence } from '@/lib/eval/judge/sequence/judge';
import { toSequenceRunRecord } from '@/lib/eval/judge/sequence/record';
import type { ExpectedCall, Trajectory, TrajectoryCall } from '@/lib/eval/sequence/types';
import { CSV_COLUMNS } from '@/lib/batch-reports/csv';
import { call } from './helpers/api';
import { createRunWriter } from './helpers/synthetic-runs';

/**
 * Per-call figures outside the dashboard (issue 17 W4): each sequence run's TP/FP/FN call counts on its row of
 * GET /api/test-runs, and per-call figures with steps in the batch reports; selection runs carry none.
 */

const inputSchema = { type: 'object', properties: { query: { type: 'string' }, id: { type: 'integer' } } };
const snapshot = ['search_todos', 'update_todo', 'delete_todo'].map((name) => ({ serverName: 'todo', serverUrl: null, name, exposedName: name, description: name, inputSchema }));
const SEARCH: ExpectedCall = { server: 'todo', tool: 'search_todos', arguments: { query: 'milk' } };
const UPDATE: ExpectedCall = { server: 'todo', tool: 'update_todo', arguments: { id: 42 } };

const callOf = (step: number, tool: string, args: Record<string, unknown>): TrajectoryCall => ({
  step, exposedName: tool, server: 'todo', tool, arguments: args, source: 'mock', result: { text: '{}', isError: false, json: {} }, durationMs: 1,
});

function trajectoryOf(calls: TrajectoryCall[]): Trajectory {
  const steps = [...new Set(calls.map((c) => c.step)), calls.length].map((step) => ({ step, text: null, callCount: calls.filter((c) => c.step === step).length, inputTokens: 10, outputTokens: 1, latencyMs: 1 }));
  return { steps, calls, finalText: 'done', stop: 'answered' };
}

const ids = { batch: '', good: '', partial: '', selection: '' };

beforeAll(async () => {
  const w = createRunWriter();
  const caseId = w.testCase({ name: 'milk', expected: { server: 'todo', name: 'search_todos' } });
  const model = w.modelSettings({ provider: 'openai', model: 'gpt-test' });
  ids.batch = w.batch({ name: 'per-call rows' });
  ids.selection = w.run({ testCaseId: caseId, batchId: ids.batch, modelSettingsId: model, selected: { server: 'todo', name: 'search_todos' }, confidence: 0.8 });
  ids.good = w.run({ testCaseId: caseId, batchId: ids.batch, modelSettingsId: model, status: 'running' });
  ids.partial = w.run({ testCaseId: caseId, batchId: ids.batch, modelSettingsId: model, status: 'running' });
  await w.flush();
  const store = async (runId: string, trajectory: Trajectory, forbidden: { server: string; tool: string }[] = []) => {
    const verdict = judgeSequence({ testCase: { expectedCalls: [SEARCH, UPDATE], callOrder: 'exact', forbiddenTools: forbidden }, trajectory, snapshot });
    await completeSequenceRun(runId, snapshot, toSequenceRunRecord({ verdict, expectedCalls: [SEARCH, UPDATE], trajectory, argumentMatching: 'strict', executionTimeMs: 10 }));
  };
  await store(ids.good, trajectoryOf([callOf(0, 'search_todos', { query: 'milk' }), callOf(1, 'update_todo', { id: 42 })]));
  // The update is missed and a forbidden delete made: 1 TP, 1 FN, 1 FP.
  await store(ids.partial, trajectoryOf([callOf(0, 'search_todos', { query: 'milk' }), callOf(1, 'delete_todo', { id: 42 })]), [{ server: 'todo', tool: 'delete_todo' }]);
});

describe('per-call figures of sequence runs outside the dashboard', () => {
  it("GET /api/test-runs gives each sequence run's call counts and a selection run none", async () => {
    const res = await call<{ items: TestRunListItemDto[] }>(runsRoute.GET, 'GET', '/api/test-runs', { query: { batchId: ids.batch } });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.items.map((r) => [r.id, r]));
    expect(byId.get(ids.good)?.calls).toEqual({ tp: 2, fp: 0, fn: 0 });
    expect(byId.get(ids.partial)?.calls).toEqual({ tp: 1, fp: 1, fn: 1 });
    expect(byId.get(ids.selection)?.calls).toBeNull();
  });

  it('the batch reports carry per-call counts and steps per run, and the per-call figures of the batch', async () => {
    const json = await call<BatchReportData>(reportRoute.GET, 'GET', `/api/batches/${ids.batch}/report`, { params: { id: ids.batch }, query: { format: 'json' } });
    expect(json.status).toBe(200);
    const run = (id: string) => json.body.runs.find((r) => r.runId === id);
    expect(run(ids.good)).toMatchObject({ steps: 3, calls: { tp: 2, fp: 0, fn: 0 } });
    expect(run(ids.partial)).toMatchObject({ steps: 3, calls: { tp: 1, fp: 1, fn: 1 } });
    expect(run(ids.selection)).toMatchObject({ steps: null, calls: null, confidence: 0.8, confidenceSource: 'self_assessment' });
    expect(json.body.summary.calls?.counts).toEqual({ tp: 3, fp: 1, fn: 1 });

    const csv = (await call(reportRoute.GET, 'GET', `/api/batches/${ids.batch}/report`, { params: { id: ids.batch }, query: { format: 'csv' } })).text.trimEnd().split('\r\n');
    const at = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    const partialRow = csv.find((l) => l.startsWith(`${ids.partial},`))?.split(',');
    expect([partialRow?.[at('steps')], partialRow?.[at('callTP')], partialRow?.[at('callFP')], partialRow?.[at('callFN')]]).toEqual(['3', '1', '1', '1']);

    const md = (await call(reportRoute.GET, 'GET', `/api/batches/${ids.batch}/report`, { params: { id: ids.batch }, query: { format: 'md' } })).text;
    expect(md).toContain('## Sequence runs');
    expect(md).toContain('2 sequence runs, per call: precision 75.0%, recall 75.0%');
    expect(md).toContain('| 1/2 calls, 1 extra, 3 steps |');
    const html = (await call(reportRoute.GET, 'GET', `/api/batches/${ids.batch}/report`, { params: { id: ids.batch }, query: { format: 'html' } })).text;
    expect(html).toContain('<td class="num">2/2 calls, 3 steps</td>');
    expect(html).toContain('80.0% (self-reported)');
  });
});
