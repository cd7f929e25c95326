/**
 * The self-assessment of a samples = 1 batch run arrives after its verdict (issue 19): the
 * verdict is stored and announced first, the confidence, its category and the
 * confidence-dependent reasoning follow in a second transaction, and the batch ends only once
 * every assessment is in or has failed. Real SQLite, the demo MCP servers and the real
 * openai SDK against the scripted LLM server.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { INTERRUPTED_ASSESSMENT, recordAssessmentSoon, recoverPendingAssessments } from '@/db/queries/run-confidence';
import { getEvaluation, getRun, listRuns, markStoppedJobsInterrupted } from '@/db/queries/runs';
import { cancelBatch, createBatch, createSingleRun, getBatchDto } from '@/lib/eval/run/batch';
import { stopAllJobs, subscribeJob, waitForJob } from '@/lib/eval/run/jobs';
import { setLogSink } from '@/lib/log';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { toRunDto, type JobEvent } from '@/lib/eval/api/dto';
import { BatchInputSchema, SingleRunInputSchema } from '@/lib/eval/api/schemas';
import { startDemoServers } from './helpers/demo-server';
import { startLlmServer, type LlmServer, type ScriptedReply, type ScriptedRequest } from './helpers/llm-server';

const SENTINEL_KEY = 'sk-SENTINEL-deferred-7c0ffee5';
const SELECTION_MS = 60;
const ASSESSMENT_MS = 250;

let demo: Awaited<ReturnType<typeof startDemoServers>>;
let llm: LlmServer;
let rag = '';
const logLines: string[] = [];

/** The case's own query, from the first user message of an assessment request. */
function originalQuery(req: ScriptedRequest): string {
  const messages = (req.body as { messages?: { role: string; content: unknown }[] }).messages ?? [];
  const first = messages.find((m) => m.role === 'user');
  return typeof first?.content === 'string' ? first.content : '';
}

function assessmentReply(query: string): ScriptedReply {
  if (query.includes('unsure')) return { text: '{"confidence": 0.3, "reasoning": "Several tools could fit."}', delayMs: ASSESSMENT_MS, usage: { inputTokens: 40, outputTokens: 12 } };
  if (query.includes('broken assessment')) return { status: 500, body: { error: { message: 'assessment backend down' } }, delayMs: ASSESSMENT_MS };
  if (query.includes('hanging assessment')) return { hang: true };
  return { text: '{"confidence": 0.9, "reasoning": "The query names the operation directly."}', delayMs: ASSESSMENT_MS, usage: { inputTokens: 40, outputTokens: 12 } };
}

beforeAll(async () => {
  process.env.LOG_LEVEL = 'info';
  setLogSink((line) => logLines.push(line));
  demo = await startDemoServers();
  llm = await startLlmServer({
    respond: (req) => {
      if (req.query?.startsWith('Rate your confidence')) return assessmentReply(originalQuery(req));
      // "wrong ..." queries pick the other tool: a confident wrong choice is misleading.
      const tool = req.query?.startsWith('wrong') ? 'rag_retrieve_context' : 'rag_search';
      return { toolCalls: [{ name: tool, arguments: { query: 'vector search' } }], delayMs: SELECTION_MS, usage: { inputTokens: 100, outputTokens: 20 } };
    },
  });
  rag = (await createServer({ name: 'rag', transport: 'streamable-http', url: `${demo.baseUrl}/demo/rag/mcp` })).id;
});

afterAll(async () => {
  setLogSink(null);
  process.env.LOG_LEVEL = 'silent';
  await Promise.all([demo?.close(), llm?.close()]);
});

const model = () => ({ provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, timeout: 5, maxRetries: 0, temperature: 0 });

let named = 0;
/** Test case names are unique: each takes a number before its query. */
async function cases(...queries: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const query of queries) ids.push((await createTestCase({ name: `${++named} ${query}`, query, serverIds: [rag], expectedServer: 'rag', expectedTool: 'rag_search', expectedParameters: null })).id);
  return ids;
}

type RawResponse = { assessment: { confidence: number; reasoning: string } | null; assessmentError?: string; assessmentPending?: boolean };

/** Starts a batch; `onRun` sees each run's row at the moment its verdict is announced. */
async function startBatch(testCaseIds: string[], extra: { samples?: number; concurrency?: number } = {}) {
  const batch = await createBatch(BatchInputSchema.parse({ testCaseIds, models: [model()], concurrency: extra.concurrency ?? 4, samples: extra.samples ?? 1 }), { openai: SENTINEL_KEY });
  // The read starts as the verdict is announced; the rows are awaited after the batch.
  const atVerdict = new Map<string, ReturnType<typeof getRun>>();
  const events: JobEvent[] = [];
  subscribeJob(batch.id, (e) => {
    events.push(e);
    if (e.type === 'run') atVerdict.set(e.runId, getRun(e.runId));
  });
  return { batch, atVerdict, events };
}

async function runsOf(batchId: string) {
  return (await listRuns({ batchId, limit: 100, offset: 0 })).rows;
}

describe('deferred self-assessment (samples = 1)', () => {
  it('stores the verdict first, then the confidence, category, source and reasoning; the batch ends after the last assessment', async () => {
    const ids = await cases('find passages about vector search', 'unsure: find passages', 'wrong: find passages');
    const { batch, atVerdict, events } = await startBatch(ids);
    await waitForJob(batch.id);

    // At the verdict: completed, classified, unrated for now, the assessment marked pending.
    expect(atVerdict.size).toBe(3);
    for (const row of await Promise.all(atVerdict.values())) {
      expect(row).toMatchObject({ status: 'completed', confidenceScore: null, confidenceCategory: null, confidenceSource: null });
      expect(row?.classification).toMatch(/^(TP|FN)$/);
      expect((row?.llmResponseRaw as RawResponse).assessmentPending).toBe(true);
      expect(row && toRunDto(row).confidencePending).toBe(true);
    }
    expect(events.at(-1)).toEqual({ type: 'done', status: 'completed' });

    // Once the batch is done: every confidence in, its category computed against the verdict.
    const byQuery = new Map((await runsOf(batch.id)).map((r) => [r.testCaseName.replace(/^\d+ /, ''), r]));
    const expected: Record<string, [number, string, string]> = {
      'find passages about vector search': [0.9, 'robust', 'TP'],
      'unsure: find passages': [0.3, 'needs_clarity', 'TP'],
      'wrong: find passages': [0.9, 'misleading', 'FN'],
    };
    for (const [query, [confidence, category, classification]] of Object.entries(expected)) {
      const run = byQuery.get(query);
      expect(run).toMatchObject({ status: 'completed', classification, confidenceScore: confidence, confidenceCategory: category, confidenceSource: 'self_assessment' });
      const raw = run?.llmResponseRaw as RawResponse;
      expect(raw.assessmentPending).toBeUndefined();
      expect(raw.assessment?.confidence).toBe(confidence);
      const evaluation = await getEvaluation(run?.id ?? '');
      expect(evaluation).toMatchObject({ confidenceScore: confidence, confidenceCategory: category });
    }
    // The model's own reasoning reaches the evaluation's explanation, as when it was asked inline.
    expect((await getEvaluation(byQuery.get('unsure: find passages')?.id ?? ''))?.reasoning).toContain('Several tools could fit.');
    // Tokens: the selection's plus the assessment's.
    expect(byQuery.get('find passages about vector search')?.inputTokens).toBe(140);
    expect(await getBatchDto(batch.id)).toMatchObject({ status: 'completed', counts: { total: 3, completed: 3 } });
  });

  it('writes exactly what the inline assessment of a single run writes', async () => {
    const [single] = await cases('unsure: compare inline and deferred');
    const [deferred] = await cases('unsure: compare inline and deferred');
    const created = await createSingleRun(single as string, SingleRunInputSchema.parse({ model: model() }), { openai: SENTINEL_KEY });
    await waitForJob(created.id);
    const { batch } = await startBatch([deferred as string]);
    await waitForJob(batch.id);
    const inline = await getRun(created.id);
    const later = (await runsOf(batch.id))[0];
    const pick = async (id: string) => {
      const e = await getEvaluation(id);
      return { confidence: e?.confidenceScore, category: e?.confidenceCategory, reasoning: e?.reasoning, recommendations: e?.recommendations, classification: e?.classification };
    };
    expect(inline).toMatchObject({ confidenceScore: 0.3, confidenceCategory: 'needs_clarity', confidenceSource: 'self_assessment', inputTokens: 140 });
    expect(later).toMatchObject({ confidenceScore: 0.3, confidenceCategory: 'needs_clarity', confidenceSource: 'self_assessment', inputTokens: 140 });
    expect(await pick(later?.id ?? '')).toEqual(await pick(created.id));
    const rated = (raw: unknown) => {
      const a = (raw as RawResponse).assessment;
      return { confidence: a?.confidence, reasoning: a?.reasoning };
    };
    expect(rated(later?.llmResponseRaw)).toEqual(rated(inline?.llmResponseRaw));
    expect(rated(later?.llmResponseRaw)).toEqual({ confidence: 0.3, reasoning: 'Several tools could fit.' });
  });

  it('concurrency bounds the runs in flight and, apart, the assessments in flight (at most 2 x concurrency calls)', async () => {
    const since = llm.requests.length;
    const { batch } = await startBatch(await cases(...Array.from({ length: 8 }, (_, i) => `find passages in parallel ${i}`)), { concurrency: 2 });
    await waitForJob(batch.id);
    const mine = llm.requests.slice(since);
    /** Most requests of a kind in flight at once, each taken as in flight for its scripted delay. */
    const peak = (assessment: boolean, ms: number) => {
      const starts = mine.filter((r) => (r.query?.startsWith('Rate your confidence') ?? false) === assessment).map((r) => r.receivedAt);
      return Math.max(...starts.map((t) => starts.filter((u) => u <= t && t < u + ms).length));
    };
    expect(mine).toHaveLength(16);
    expect(peak(false, SELECTION_MS)).toBeLessThanOrEqual(2);
    expect(peak(true, ASSESSMENT_MS - 20)).toBe(2);
    expect((await runsOf(batch.id)).every((r) => r.confidenceScore === 0.9)).toBe(true);
  });

  it('a failed assessment leaves the verdict and marks the confidence unrated, with the reason', async () => {
    const ids = await cases('broken assessment: find passages', 'find passages about vector search again');
    const { batch } = await startBatch(ids);
    await waitForJob(batch.id);
    const [broken, fine] = [...(await runsOf(batch.id))].sort((a, b) => a.testCaseName.replace(/^\d+ /, '').localeCompare(b.testCaseName.replace(/^\d+ /, '')));
    expect(broken).toMatchObject({ status: 'completed', classification: 'TP', selectedTool: 'rag_search', confidenceScore: null, confidenceCategory: null, confidenceSource: null, inputTokens: 100 });
    const raw = broken?.llmResponseRaw as RawResponse;
    expect(raw.assessment).toBeNull();
    expect(raw.assessmentPending).toBeUndefined();
    expect(raw.assessmentError).toMatch(/HTTP 500/);
    expect(await getEvaluation(broken?.id ?? '')).toMatchObject({ classification: 'TP', confidenceScore: null, confidenceCategory: null });
    expect(fine).toMatchObject({ confidenceScore: 0.9, confidenceCategory: 'robust' });
    expect((await getBatchDto(batch.id)).status).toBe('completed');
  });

  it('samples >= 2: confidence is the samples\u2019 agreement, with no assessment call', async () => {
    const before = llm.requests.filter((r) => r.query?.startsWith('Rate your confidence')).length;
    const { batch } = await startBatch(await cases('find passages three times'), { samples: 3 });
    await waitForJob(batch.id);
    expect((await runsOf(batch.id))[0]).toMatchObject({ confidenceScore: 1, confidenceCategory: 'robust', confidenceSource: 'sample_agreement' });
    expect(llm.requests.filter((r) => r.query?.startsWith('Rate your confidence')).length).toBe(before);
  });

  it('cancel: runs keep their verdicts, pending assessments end unrated, none stays pending', async () => {
    const ids = await cases(...Array.from({ length: 6 }, (_, i) => `hanging assessment ${i}`));
    const { batch, atVerdict } = await startBatch(ids, { concurrency: 2 });
    // Wait until at least two verdicts are in and their assessments hang.
    for (let i = 0; i < 100 && atVerdict.size < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect(atVerdict.size).toBeGreaterThanOrEqual(2);
    const cancelled = await cancelBatch(batch.id);
    expect(cancelled.status).toBe('cancelled');
    const runs = await runsOf(batch.id);
    const completed = runs.filter((r) => r.status === 'completed');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    for (const run of completed) {
      expect(run).toMatchObject({ classification: 'TP', confidenceScore: null, confidenceCategory: null, confidenceSource: null });
      const raw = run.llmResponseRaw as RawResponse;
      expect(raw.assessmentPending).toBeUndefined();
      expect(raw.assessmentError).toBe('cancelled before the self-assessment finished');
    }
    expect(runs.length).toBeGreaterThan(0);
    expect(runs.every((r) => r.status === 'completed' || r.status === 'cancelled')).toBe(true);
  });

  it('never stores or logs the API key', () => {
    for (const table of ['test_runs', 'evaluation_results', 'model_settings', 'run_batches']) {
      const rows = getSqlite().prepare(`select * from ${table}`).all();
      expect(JSON.stringify(rows)).not.toContain(SENTINEL_KEY);
    }
    expect(logLines.join('\n')).not.toContain(SENTINEL_KEY);
    getSqlite().pragma('wal_checkpoint(TRUNCATE)');
    expect(fs.readFileSync(databaseFile()).includes(SENTINEL_KEY)).toBe(false);
    // The key did reach the model server, so the search above had something to find.
    expect(llm.requests.some((r) => `${r.headers.authorization}`.includes(SENTINEL_KEY))).toBe(true);
  });

  it('assessments written in the same turn share a transaction, and one bad write does not cost the others theirs', async () => {
    const { batch } = await startBatch(await cases('find passages group one', 'find passages group two'));
    await waitForJob(batch.id);
    const [one, two] = await runsOf(batch.id);
    const write = (confidenceScore: number) => ({ confidenceScore, confidenceCategory: 'robust' as const, confidenceSource: 'self_assessment' as const, reasoning: 'r', recommendations: [], assessment: { confidence: confidenceScore }, assessmentError: null, usage: { inputTokens: 0, outputTokens: 0 } });
    // 1.5 breaks the confidence CHECK: that write fails alone.
    const results = await Promise.allSettled([recordAssessmentSoon(one?.id ?? '', write(0.75)), recordAssessmentSoon(two?.id ?? '', write(1.5)), recordAssessmentSoon('no-such-run', write(0.5))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toEqual({ status: 'fulfilled', value: true });
    expect(results[2]).toEqual({ status: 'fulfilled', value: false });
    expect((await getRun(one?.id ?? ''))?.confidenceScore).toBe(0.75);
    expect((await getEvaluation(one?.id ?? ''))?.confidenceScore).toBe(0.75);
    expect((await getRun(two?.id ?? ''))?.confidenceScore).toBe(0.9);
  });

  it('after a hard stop, runs still marked pending are told apart at the next start: unrated, with the reason', async () => {
    const { batch } = await startBatch(await cases('find passages before a crash'));
    await waitForJob(batch.id);
    const [run] = await runsOf(batch.id);
    // As a crash between the verdict and the assessment leaves it: pending, unrated, batch running.
    getSqlite().prepare(`update test_runs set confidence_score = null, confidence_category = null, confidence_source = null, llm_response_raw = json_set(llm_response_raw, '$.assessment', json('null'), '$.assessmentPending', json('true')) where id = ?`).run(run?.id);
    getSqlite().prepare(`update run_batches set status = 'running' where id = ?`).run(batch.id);
    expect(toRunDto((await getRun(run?.id ?? ''))!).confidencePending).toBe(true);
    expect(await recoverPendingAssessments()).toBe(1);
    const after = await getRun(run?.id ?? '');
    expect((after?.llmResponseRaw as RawResponse).assessmentPending).toBeUndefined();
    expect((after?.llmResponseRaw as RawResponse).assessmentError).toBe(INTERRUPTED_ASSESSMENT);
    expect(toRunDto(after!)).toMatchObject({ status: 'completed', classification: 'TP', confidenceScore: null, confidenceSource: null, confidencePending: false });
    expect(await recoverPendingAssessments()).toBe(0);
  });

  // Last: stopping the jobs is final for this process.
  it('shutdown: assessments in flight end unrated and the finished runs keep their verdicts', async () => {
    const ids = await cases(...Array.from({ length: 4 }, (_, i) => `hanging assessment at shutdown ${i}`));
    const { batch, atVerdict } = await startBatch(ids, { concurrency: 2 });
    for (let i = 0; i < 100 && atVerdict.size < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const { ids: stopped, settled } = stopAllJobs(new Error('shutting down'));
    expect(stopped).toContain(batch.id);
    await settled;
    await markStoppedJobsInterrupted(stopped);
    const runs = await runsOf(batch.id);
    const completed = runs.filter((r) => r.status === 'completed');
    expect(completed.length).toBeGreaterThanOrEqual(2);
    for (const run of completed) {
      expect((run.llmResponseRaw as RawResponse).assessmentPending).toBeUndefined();
      expect(run).toMatchObject({ classification: 'TP', confidenceScore: null, confidenceSource: null });
    }
    // The rest were interrupted, not left pending or running.
    expect(runs.filter((r) => r.status !== 'completed').length).toBeGreaterThan(0);
    expect(runs.filter((r) => r.status !== 'completed').every((r) => r.status === 'failed' && /interrupted/.test(r.errorMessage ?? ''))).toBe(true);
    expect((await getBatchDto(batch.id)).status).toBe('interrupted');
  });
});
