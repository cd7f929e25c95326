import { beforeAll, describe, expect, it } from 'vitest';
import * as summaryRoute from '@/app/api/metrics/summary/route';
import type { MetricsSummary } from '@/lib/metrics/summary';
import { call } from './helpers/api';
import { createRunWriter, type RunRecord, type Tool } from './helpers/synthetic-runs';

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

const getSummary = async (query: Record<string, string> = {}) => {
  const res = await call<MetricsSummary>(summaryRoute.GET, 'GET', '/api/metrics/summary', { query });
  expect(res.status).toBe(200);
  return res.body;
};

const alphaSearch: Tool = { server: 'alpha', name: 'search' };
const alphaGet: Tool = { server: 'alpha', name: 'get' };
// Same tool name on another server: a tool is identified by server AND name.
const betaSearch: Tool = { server: 'beta', name: 'search' };

const ids = { b1: '', b2: '', c1: '', c2: '', c3: '', c4: '' };

/**
 * Fifteen runs with hand-computed answers. Run k has k*10 input and k output tokens.
 * Evaluated: 1-6 (batch 1, 2025-03-01), 10-14 (batch 2, 2025-03-02), 15 (no batch, 03-03);
 * 7 failed, 8 cancelled, 9 pending. openai/gpt-4o-mini = m1, anthropic/claude-x = m2.
 */
beforeAll(async () => {
  const w = createRunWriter();
  ids.c1 = w.testCase({ name: 'find docs', expected: alphaSearch });
  ids.c2 = w.testCase({ name: 'get item', expected: alphaGet });
  ids.c3 = w.testCase({ name: 'beta search', expected: betaSearch });
  ids.c4 = w.testCase({ name: 'chit-chat', expected: null, servers: ['alpha'] });
  const m1 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  const m2 = w.modelSettings({ provider: 'anthropic', model: 'claude-x' });
  ids.b1 = w.batch({ name: 'batch 1' });
  ids.b2 = w.batch({ name: 'batch 2' });
  const at = (day: string, minute: number) => `2025-03-${day}T10:${String(minute).padStart(2, '0')}:00.000Z`;
  const runs: [number, RunRecord][] = [
    [1, { testCaseId: ids.c1, batchId: ids.b1, modelSettingsId: m1, selected: alphaSearch, completeness: 1, correctness: 0.5, conformance: 1, confidence: 0.875, category: 'robust', executionTimeMs: 100 }],
    [2, { testCaseId: ids.c2, batchId: ids.b1, modelSettingsId: m1, selected: alphaSearch, confidence: 0.75, category: 'misleading', executionTimeMs: 200 }],
    [3, { testCaseId: ids.c3, batchId: ids.b1, modelSettingsId: m1, selected: alphaSearch, confidence: 0.5, category: 'needs_clarity', executionTimeMs: 300 }],
    [4, { testCaseId: ids.c4, batchId: ids.b1, modelSettingsId: m1, selected: null, executionTimeMs: 400 }],
    [5, { testCaseId: ids.c4, batchId: ids.b1, modelSettingsId: m2, selected: betaSearch, confidence: 0.75, category: 'misleading', executionTimeMs: 500 }],
    [6, { testCaseId: ids.c1, batchId: ids.b1, modelSettingsId: m2, selected: null, samples: 3, passK: false, confidence: 0.25, category: 'needs_clarity', executionTimeMs: 600 }],
    [7, { testCaseId: ids.c2, batchId: ids.b1, modelSettingsId: m2, status: 'failed', errorMessage: 'timeout', executionTimeMs: 99_999 }],
    [8, { testCaseId: ids.c3, batchId: ids.b1, modelSettingsId: m1, status: 'cancelled', executionTimeMs: 99_999 }],
    [9, { testCaseId: ids.c1, batchId: ids.b1, modelSettingsId: m1, status: 'pending', completedAt: null }],
    [10, { testCaseId: ids.c1, batchId: ids.b2, modelSettingsId: m1, selected: alphaSearch, completeness: 0.5, correctness: null, conformance: 1, samples: 3, passK: true, confidence: 0.75, category: 'robust', executionTimeMs: 700 }],
    [11, { testCaseId: ids.c2, batchId: ids.b2, modelSettingsId: m1, selected: alphaGet, completeness: 1, correctness: 1, conformance: 0, samples: 3, passK: true, executionTimeMs: 800 }],
    [12, { testCaseId: ids.c3, batchId: ids.b2, modelSettingsId: m1, selected: betaSearch, confidence: 1, category: 'robust', executionTimeMs: 900 }],
    [13, { testCaseId: ids.c4, batchId: ids.b2, modelSettingsId: m1, selected: null, confidence: 0.625, category: 'needs_clarity', executionTimeMs: null }],
    [14, { testCaseId: ids.c2, batchId: ids.b2, modelSettingsId: m2, selected: null, executionTimeMs: 1000 }],
    [15, { testCaseId: ids.c1, batchId: null, modelSettingsId: m2, selected: alphaSearch, completeness: 0.25, correctness: 0.25, conformance: 0.25, executionTimeMs: 50, createdAt: '2025-03-03T08:00:00.000Z' }],
  ];
  for (const [k, run] of runs) {
    const day = k <= 9 ? '01' : '02';
    w.run({ createdAt: at(day, k), inputTokens: k === 7 ? 999 : k * 10, outputTokens: k, ...run });
  }
  await w.flush();
});

describe('GET /api/metrics/summary over every completed run', () => {
  let s: MetricsSummary;
  beforeAll(async () => {
    s = await getSummary();
  });

  it('counts classifications and derives the headline rates', () => {
    expect(s.counts).toEqual({ tp: 5, fp: 1, tn: 2, fn: 4, total: 12 });
    expect(s.precision).toBe(5 / 6);
    expect(s.recall).toBe(5 / 9);
    expect(s.f1).toBe(2 / 3);
    expect(s.accuracy).toBe(7 / 12);
    expect(s.specificity).toBe(2 / 3);
  });

  it('averages parameter scores over the runs where they were measured', () => {
    // Completeness 1, 0.5, 1, 0.25; correctness 0.5, 1, 0.25 (run 10 has none); run 12 has no scores at all.
    expect(s.parameters).toEqual({ completeness: 0.6875, correctness: 1.75 / 3, typeConformance: 0.5625, measuredRuns: 4 });
  });

  it('counts confidence categories and averages the rated scores', () => {
    expect(s.confidence).toEqual({ robust: 3, misleading: 2, needsClarity: 3, unrated: 4, average: 0.6875 });
  });

  it('reports pass^k only over runs with samples > 1', () => {
    expect(s.passK).toEqual({ runs: 3, passed: 2, rate: 2 / 3 });
  });

  it('takes nearest-rank latency percentiles of evaluated runs only', () => {
    // 11 latencies (run 13 has none; failed and cancelled runs are excluded): 50, 100, ..., 900, 1000.
    expect(s.latency).toEqual({ p50: 500, p95: 1000, mean: 5550 / 11 });
  });

  it('sums tokens of evaluated runs and counts runs of every status', () => {
    expect(s.tokens).toEqual({ input: 960, output: 96, total: 1056 });
    expect(s.runs).toEqual({ completed: 12, failed: 2, total: 15 });
  });

  it('builds the confusion matrix with "none" last', () => {
    expect(s.confusionMatrix.labels).toEqual(['alpha/get', 'alpha/search', 'beta/search', 'none']);
    expect(s.confusionMatrix.cells).toEqual([
      { expected: 'alpha/get', selected: 'alpha/get', count: 1 },
      { expected: 'alpha/get', selected: 'alpha/search', count: 1 },
      { expected: 'alpha/get', selected: 'none', count: 1 },
      { expected: 'alpha/search', selected: 'alpha/search', count: 3 },
      { expected: 'alpha/search', selected: 'none', count: 1 },
      { expected: 'beta/search', selected: 'alpha/search', count: 1 },
      { expected: 'beta/search', selected: 'beta/search', count: 1 },
      { expected: 'none', selected: 'beta/search', count: 1 },
      { expected: 'none', selected: 'none', count: 2 },
    ]);
  });

  it('scores each tool one-vs-rest: a wrong pick is an fn of the expected tool and an fp of the chosen one', () => {
    expect(s.byTool).toEqual([
      { tool: 'alpha/get', server: 'alpha', name: 'get', tp: 1, fp: 0, fn: 2, support: 3, precision: 1, recall: 1 / 3, f1: 0.5 },
      { tool: 'alpha/search', server: 'alpha', name: 'search', tp: 3, fp: 2, fn: 1, support: 4, precision: 0.6, recall: 0.75, f1: 2 / 3 },
      { tool: 'beta/search', server: 'beta', name: 'search', tp: 1, fp: 1, fn: 1, support: 2, precision: 0.5, recall: 0.5, f1: 0.5 },
    ]);
  });

  it('breaks down by model', () => {
    expect(s.byModel).toEqual([
      {
        provider: 'anthropic', model: 'claude-x', counts: { tp: 1, fp: 1, tn: 0, fn: 2, total: 4 },
        precision: 0.5, recall: 1 / 3, f1: 0.4, accuracy: 0.25, specificity: 0,
        meanLatencyMs: 537.5, tokens: { input: 400, output: 40, total: 440 },
      },
      {
        provider: 'openai', model: 'gpt-4o-mini', counts: { tp: 4, fp: 0, tn: 2, fn: 2, total: 8 },
        precision: 1, recall: 4 / 6, f1: 0.8, accuracy: 0.75, specificity: 1,
        meanLatencyMs: 3400 / 7, tokens: { input: 560, output: 56, total: 616 },
      },
    ]);
  });

  it('breaks down by UTC day', () => {
    expect(s.byDay).toEqual([
      { date: '2025-03-01', counts: { tp: 1, fp: 1, tn: 1, fn: 3, total: 6 }, accuracy: 1 / 3, f1: 1 / 3 },
      { date: '2025-03-02', counts: { tp: 3, fp: 0, tn: 1, fn: 1, total: 5 }, accuracy: 0.8, f1: 6 / 7 },
      { date: '2025-03-03', counts: { tp: 1, fp: 0, tn: 0, fn: 0, total: 1 }, accuracy: 1, f1: 1 },
    ]);
  });
});

describe('summary filters', () => {
  it('filters by batch, counting its failed and pending runs', async () => {
    const s = await getSummary({ batchId: ids.b1 });
    expect(s.counts).toEqual({ tp: 1, fp: 1, tn: 1, fn: 3, total: 6 });
    expect(s.runs).toEqual({ completed: 6, failed: 2, total: 9 });
    expect(s.passK).toEqual({ runs: 1, passed: 0, rate: 0 });
    expect(s.latency).toEqual({ p50: 300, p95: 600, mean: 350 });
  });

  it('filters by test case; recall is null without positives', async () => {
    const s = await getSummary({ testCaseId: ids.c4 });
    expect(s.counts).toEqual({ tp: 0, fp: 1, tn: 2, fn: 0, total: 3 });
    expect(s).toMatchObject({ precision: 0, recall: null, f1: 0, accuracy: 2 / 3, specificity: 2 / 3 });
    expect(s.passK).toBeNull();
    expect(s.parameters).toEqual({ completeness: null, correctness: null, typeConformance: null, measuredRuns: 0 });
  });

  it('filters by provider and model; precision and specificity are null without predictions or negatives', async () => {
    const s = await getSummary({ testCaseId: ids.c2, provider: 'anthropic', model: 'claude-x' });
    expect(s.counts).toEqual({ tp: 0, fp: 0, tn: 0, fn: 1, total: 1 });
    expect(s).toMatchObject({ precision: null, recall: 0, f1: 0, accuracy: 0, specificity: null });
    expect(s.runs).toEqual({ completed: 1, failed: 1, total: 2 });
    const openai = await getSummary({ provider: 'openai' });
    expect(openai.counts).toEqual({ tp: 4, fp: 0, tn: 2, fn: 2, total: 8 });
    expect(openai.byModel.map((m) => m.model)).toEqual(['gpt-4o-mini']);
    const byModel = await getSummary({ model: 'claude-x' });
    expect(byModel.counts).toEqual({ tp: 1, fp: 1, tn: 0, fn: 2, total: 4 });
    expect(byModel.latency).toEqual({ p50: 500, p95: 1000, mean: 537.5 });
  });

  it('filters by server name on the expected or the selected tool', async () => {
    const s = await getSummary({ serverName: 'beta' });
    // Runs 3 (expected beta), 5 (selected beta), 12 (both); the cancelled run 8 expected beta.
    expect(s.counts).toEqual({ tp: 1, fp: 1, tn: 0, fn: 1, total: 3 });
    expect(s.runs).toEqual({ completed: 3, failed: 1, total: 4 });
    expect(s.confusionMatrix.labels).toEqual(['alpha/search', 'beta/search', 'none']);
  });

  it('filters by tool name across servers', async () => {
    const s = await getSummary({ toolName: 'search' });
    expect(s.counts).toEqual({ tp: 4, fp: 1, tn: 0, fn: 3, total: 8 });
    // Run 8 (cancelled, expected beta/search) and run 9 (pending, expected alpha/search) count as runs.
    expect(s.runs).toEqual({ completed: 8, failed: 1, total: 10 });
    const get = await getSummary({ toolName: 'get' });
    expect(get.counts).toEqual({ tp: 1, fp: 0, tn: 0, fn: 2, total: 3 });
  });

  it('filters by date: a date "to" includes that whole UTC day, a date-time is inclusive', async () => {
    expect((await getSummary({ from: '2025-03-02' })).counts.total).toBe(6);
    expect((await getSummary({ to: '2025-03-02' })).counts.total).toBe(11);
    expect((await getSummary({ from: '2025-03-02', to: '2025-03-02' })).counts.total).toBe(5);
    expect((await getSummary({ to: '2025-03-01T10:01:00Z' })).counts.total).toBe(1);
    expect((await getSummary({ from: '2025-03-02T12:11:00+02:00', to: '2025-03-02T10:12:00.000Z' })).counts.total).toBe(2);
    const day = await getSummary({ from: '2025-03-03', to: '2025-03-03' });
    expect(day.byDay.map((d) => d.date)).toEqual(['2025-03-03']);
  });

  it('treats empty parameters as absent', async () => {
    expect((await getSummary({ batchId: '', provider: '' })).counts.total).toBe(12);
  });

  it('answers an empty selection with zeros and nulls, never NaN', async () => {
    const s = await getSummary({ batchId: 'no-such-batch' });
    expect(s).toMatchObject({
      counts: { tp: 0, fp: 0, tn: 0, fn: 0, total: 0 },
      precision: null, recall: null, f1: null, accuracy: null, specificity: null,
      parameters: { completeness: null, correctness: null, typeConformance: null, measuredRuns: 0 },
      confidence: { robust: 0, misleading: 0, needsClarity: 0, unrated: 0, average: null },
      passK: null,
      latency: { p50: null, p95: null, mean: null },
      tokens: { input: 0, output: 0, total: 0 },
      runs: { completed: 0, failed: 0, total: 0 },
      byTool: [], byModel: [], byDay: [],
      confusionMatrix: { labels: ['none'], cells: [] },
    });
  });

  it.each([
    [{ provider: 'gpt' }, 'provider'],
    [{ from: '2025-13-01' }, 'from'],
    [{ from: 'yesterday' }, 'from'],
    [{ to: '2025-03-01T10:00:00' }, 'to'],
    [{ from: '2025-03-02', to: '2025-03-01' }, 'to'],
    [{ batch: 'x' }, 'batch'],
    [{ toolName: 'x'.repeat(201) }, 'toolName'],
  ])('answers 400 for %j', async (query, mention) => {
    const res = await call<ErrorBody>(summaryRoute.GET, 'GET', '/api/metrics/summary', { query });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(JSON.stringify(res.body.error)).toContain(mention);
  });
});
