import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as batchRoute from '@/app/api/batches/[id]/route';
import * as cancelRoute from '@/app/api/batches/[id]/cancel/route';
import * as eventsRoute from '@/app/api/batches/[id]/events/route';
import * as batchesRoute from '@/app/api/batches/route';
import * as caseRunsRoute from '@/app/api/test-cases/[id]/runs/route';
import * as runRoute from '@/app/api/test-runs/[id]/route';
import * as runsRoute from '@/app/api/test-runs/route';
import { sql } from 'drizzle-orm';
import { databaseFile } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { recoverInterruptedRuns } from '@/db/queries/runs';
import { all, get, run } from '@/db/sql';
import { waitForJob } from '@/lib/eval/run/jobs';
import { setLogSink } from '@/lib/log';
import { runStartup } from '@/lib/startup';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { call } from './helpers/api';
import { startDemoServers } from './helpers/demo-server';
import { freePort } from './helpers/everything';
import { useSharedWordVectors } from './helpers/shared-word-vectors';
import { storedAnywhere } from './helpers/stored-anywhere';
import { waitForBatch } from './helpers/wait-batch';
import { startLlmServer, type LlmServer, type ScriptRule } from './helpers/llm-server';

type Run = { id: string; status: string; classification: string | null; selectedServer: string | null; selectedTool: string | null; confidenceScore: number | null; confidenceCategory: string | null; failureReasons: string[]; errorMessage: string | null; extractedParameters: Record<string, unknown> | null; inputTokens: number | null };
type RunDetail = Run & { tools: { server: string; name: string; exposedName: string }[]; llmResponseRaw: { samples: unknown[] }; evaluation: { failureReasons: string[]; parameterCompleteness: number | null; parameterCorrectness: number | null; typeConformance: number | null; passK: boolean | null; reasoning: string; recommendations: { type: string }[]; hallucinatedParameters: string[] } | null };
type Batch = { id: string; status: string; counts: { total: number; pending: number; running: number; completed: number; failed: number; cancelled: number } };

// The local provider's hybrid router reads the real word vectors, converted once for all test files.
useSharedWordVectors();

const SENTINEL_KEY = 'sk-SENTINEL-eval-5be1c0ffee';
const ASSESS: ScriptRule = { match: /^Rate your confidence/, replies: [{ text: '{"confidence": 0.9, "reasoning": "The query names the operation directly."}' }] };

let demo: Awaited<ReturnType<typeof startDemoServers>>;
let llm: LlmServer;
const server: Record<string, string> = {};
const logLines: string[] = [];

async function countRows(from: ReturnType<typeof sql>): Promise<number> {
  return (await get<{ n: number }>(sql`select count(*) as n from ${from}`))?.n ?? 0;
}

function rule(query: string, ...replies: ScriptRule['replies']): ScriptRule {
  return { match: query, replies };
}

beforeAll(async () => {
  process.env.LOG_LEVEL = 'info';
  setLogSink((line) => logLines.push(line));
  demo = await startDemoServers();
  llm = await startLlmServer({
    rules: [
      ASSESS,
      rule('find passages about vector search', { toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search', topK: 3 } }], usage: { inputTokens: 100, outputTokens: 20 } }),
      rule('give me context about sqlite', { toolCalls: [{ name: 'rag_retrieve_context', arguments: { query: 'sqlite' } }] }),
      rule('what is the meaning of life', { text: 'I cannot help with that using these tools.' }),
      rule('say hello', { toolCalls: [{ name: 'create_todo', arguments: { title: 'hello' } }] }),
      rule('tell me a joke', { text: 'Why did the tool cross the road?' }),
      rule('add a todo to buy milk', { toolCalls: [{ name: 'create_todo', arguments: { title: 'Buy milk', priority: 'urgent', color: 'red' } }] }),
      rule('add a todo without a title', { toolCalls: [{ name: 'create_todo', arguments: '{"priority": ' }] }),
      rule('search three times', { toolCalls: [{ name: 'rag_search', arguments: { query: 'x' } }] }, { toolCalls: [{ name: 'rag_search', arguments: { query: 'x' } }] }, { toolCalls: [{ name: 'rag_retrieve_context', arguments: { query: 'x' } }] }),
      rule('search the copy', { toolCalls: [{ name: 'rag-copy__rag_search', arguments: { query: 'copy' } }, { name: 'rag__rag_search', arguments: { query: 'second' } }] }),
      rule('rate limited search', { status: 429, headers: { 'retry-after-ms': '200' } }, { toolCalls: [{ name: 'rag_search', arguments: { query: 'after 429' } }] }),
      rule('slow search', { hang: true }),
      rule('slow batch item', { toolCalls: [{ name: 'rag_search', arguments: { query: 'slow' } }], delayMs: 700 }),
    ],
  });
  const base = demo.baseUrl;
  for (const [name, path] of [['rag', '/demo/rag/mcp'], ['rag-copy', '/demo/rag/mcp?copy'], ['todo', '/demo/todo/mcp']] as const) {
    server[name] = (await createServer({ name, transport: 'streamable-http', url: `${base}${path}` })).id;
  }
  const port = await freePort();
  server.down = (await createServer({ name: 'down', transport: 'streamable-http', url: `http://127.0.0.1:${port}/mcp` })).id;
});

afterAll(async () => {
  setLogSink(null);
  process.env.LOG_LEVEL = 'silent';
  await Promise.all([demo?.close(), llm?.close()]);
});

function openaiModel(extra: Record<string, unknown> = {}) {
  return { provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, timeout: 5, maxRetries: 0, temperature: 0.1, ...extra };
}

async function newCase(name: string, query: string, servers: string[], expected: { server: string; tool: string; parameters?: Record<string, unknown> } | null): Promise<string> {
  const created = await createTestCase({
    name,
    query,
    serverIds: servers.map((s) => server[s] as string),
    expectedServer: expected?.server ?? null,
    expectedTool: expected?.tool ?? null,
    expectedParameters: expected?.parameters ?? null,
  });
  return created.id;
}

async function runOne(testCaseId: string, body: Record<string, unknown>, headers: Record<string, string> = { 'x-openai-api-key': SENTINEL_KEY }): Promise<RunDetail> {
  const res = await call<Run>(caseRunsRoute.POST, 'POST', `/api/test-cases/${testCaseId}/runs`, { params: { id: testCaseId }, body, headers });
  expect(res.status).toBe(202);
  expect(res.text).not.toContain(SENTINEL_KEY);
  await waitForJob(res.body.id);
  const detail = await call<RunDetail>(runRoute.GET, 'GET', `/api/test-runs/${res.body.id}`, { params: { id: res.body.id } });
  expect(detail.text).not.toContain(SENTINEL_KEY);
  return detail.body;
}

describe('a single run through the real openai SDK', () => {
  it('TP: snapshot, selection, scored arguments, self-assessed confidence, reasoning', async () => {
    const id = await newCase('tp', 'find passages about vector search', ['rag', 'todo'], { server: 'rag', tool: 'rag_search', parameters: { query: { $contains: 'VECTOR' }, topK: { $approx: 3.2, $tolerance: 0.5 }, minScore: { $absent: true } } });
    const run = await runOne(id, { model: openaiModel() });
    expect(run).toMatchObject({ status: 'completed', classification: 'TP', selectedServer: 'rag', selectedTool: 'rag_search', confidenceScore: 0.9, confidenceCategory: 'robust', failureReasons: [] });
    expect(run.extractedParameters).toEqual({ query: 'vector search', topK: 3 });
    expect(run.tools.map((t) => t.exposedName).sort()).toEqual([...run.tools.map((t) => t.name)].sort());
    expect(run.tools).toHaveLength(11);
    expect(run.evaluation).toMatchObject({ parameterCompleteness: 1, parameterCorrectness: 1, typeConformance: 1, passK: null });
    expect(run.evaluation?.reasoning).toMatch(/^The model called rag\/rag_search, the expected tool \(TP\)\./);
    expect(run.inputTokens).toBeGreaterThanOrEqual(100);
    // Exactly the snapshot was shown to the model, with the run's settings.
    const sent = llm.requests.find((r) => r.query === 'find passages about vector search')?.body as { tools: { function: { name: string } }[]; temperature: number };
    expect(sent.tools.map((t) => t.function.name).sort()).toEqual(run.tools.map((t) => t.exposedName).sort());
    expect(sent.temperature).toBe(0.1);
  });

  it('FN wrong tool, FN no tool, FP and TN', async () => {
    const wrong = await runOne(await newCase('wrong', 'give me context about sqlite', ['rag'], { server: 'rag', tool: 'rag_search' }), { model: openaiModel() });
    expect(wrong).toMatchObject({ classification: 'FN', selectedTool: 'rag_retrieve_context', failureReasons: ['wrong_tool'] });
    expect(wrong.evaluation?.parameterCorrectness).toBeNull();
    expect(wrong.evaluation?.recommendations.map((r) => r.type)).toContain('tool_confusion');
    const none = await runOne(await newCase('none', 'what is the meaning of life', ['rag'], { server: 'rag', tool: 'rag_answer_question' }), { model: openaiModel() });
    expect(none).toMatchObject({ classification: 'FN', selectedTool: null, failureReasons: ['no_tool_called'] });
    const fp = await runOne(await newCase('fp', 'say hello', ['todo'], null), { model: openaiModel() });
    expect(fp).toMatchObject({ classification: 'FP', selectedTool: 'create_todo', failureReasons: ['unexpected_tool_call'] });
    const tn = await runOne(await newCase('tn', 'tell me a joke', ['todo'], null), { model: openaiModel() });
    expect(tn).toMatchObject({ classification: 'TN', selectedTool: null, failureReasons: [], confidenceCategory: 'robust' });
  });

  it('types every argument failure', async () => {
    const run = await runOne(
      await newCase('args', 'add a todo to buy milk', ['todo'], { server: 'todo', tool: 'create_todo', parameters: { title: { $regex: '^Buy' }, priority: { $oneOf: ['high', 'medium'] }, dueDate: { $any: true } } }),
      { model: openaiModel() },
    );
    expect(run.classification).toBe('TP');
    expect(run.failureReasons).toEqual(expect.arrayContaining(['unexpected_param:color', 'type_error:priority', 'value_mismatch:priority', 'value_mismatch:dueDate']));
    expect(run.evaluation?.hallucinatedParameters).toEqual(['color']);
    expect(run.evaluation?.parameterCorrectness).toBeCloseTo(1 / 3);
    const bad = await runOne(await newCase('bad args', 'add a todo without a title', ['todo'], { server: 'todo', tool: 'create_todo' }), { model: openaiModel() });
    expect(bad.failureReasons).toEqual(['invalid_arguments']);
    expect(bad.evaluation?.parameterCompleteness).toBe(0);
  });

  it('samples >= 2: modal selection, agreement as confidence, pass^k', async () => {
    const run = await runOne(await newCase('samples', 'search three times', ['rag'], { server: 'rag', tool: 'rag_search' }), { model: openaiModel(), samples: 3 });
    expect(run).toMatchObject({ classification: 'TP', selectedTool: 'rag_search', confidenceCategory: 'needs_clarity' });
    expect(run.confidenceScore).toBeCloseTo(2 / 3);
    expect(run.evaluation?.passK).toBe(false);
    expect(run.llmResponseRaw.samples).toHaveLength(3);
  });

  it('prefixes tools whose names collide across servers and maps the call back', async () => {
    const run = await runOne(await newCase('collision', 'search the copy', ['rag', 'rag-copy'], { server: 'rag-copy', tool: 'rag_search' }), { model: openaiModel() });
    expect(run.tools.map((t) => t.exposedName)).toContain('rag-copy__rag_search');
    expect(run).toMatchObject({ classification: 'TP', selectedServer: 'rag-copy', selectedTool: 'rag_search' });
    expect(run.extractedParameters).toEqual({ query: 'copy' });
  });

  it('a 429 with Retry-After is retried; a hang times out; a dead server fails the run with its reason', async () => {
    const retried = await runOne(await newCase('429', 'rate limited search', ['rag'], { server: 'rag', tool: 'rag_search' }), { model: openaiModel({ maxRetries: 2 }) });
    expect(retried).toMatchObject({ status: 'completed', classification: 'TP' });
    const started = Date.now();
    const slow = await runOne(await newCase('hang', 'slow search', ['rag'], { server: 'rag', tool: 'rag_search' }), { model: openaiModel({ timeout: 1 }) });
    expect(slow.status).toBe('failed');
    expect(slow.errorMessage).toMatch(/timeout/i);
    expect(Date.now() - started).toBeLessThan(5000);
    const down = await runOne(await newCase('down', 'find passages about vector search', ['rag', 'down'], { server: 'rag', tool: 'rag_search' }), { model: openaiModel() });
    expect(down.status).toBe('failed');
    expect(down.errorMessage).toMatch(/down.*refused/i);
    expect(down.tools).toEqual([]);
  });

  it('runs through the anthropic SDK too', async () => {
    const run = await runOne(await newCase('anthropic', 'find passages about vector search', ['rag'], { server: 'rag', tool: 'rag_search' }), { model: { provider: 'anthropic', model: 'claude-test', baseUrl: llm.anthropicBaseUrl, maxRetries: 0 } }, { 'x-anthropic-api-key': SENTINEL_KEY });
    expect(run).toMatchObject({ status: 'completed', classification: 'TP', confidenceScore: 0.9 });
    expect(llm.requests.some((r) => r.api === 'anthropic' && `${r.headers['x-api-key']} ${r.headers.authorization}`.includes(SENTINEL_KEY))).toBe(true);
  });
});

describe('batches', () => {
  it('refuses a cloud model without a key with 400 missing_api_key, writing nothing', async () => {
    const before = await countRows(sql`run_batches`);
    const res = await call<{ error: { code: string } }>(batchesRoute.POST, 'POST', '/api/batches', { body: { models: [openaiModel()] } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('missing_api_key');
    expect(await countRows(sql`run_batches`)).toBe(before);
  });

  it('runs cases x models with bounded concurrency and streams progress', async () => {
    const ids = [await newCase('b1', 'find passages about vector search', ['rag'], { server: 'rag', tool: 'rag_search' }), await newCase('b2', 'tell me a joke', ['todo'], null)];
    const res = await call<Batch>(batchesRoute.POST, 'POST', '/api/batches', {
      body: { name: 'matrix', testCaseIds: ids, models: [openaiModel(), openaiModel({ model: 'gpt-other' })], concurrency: 2 },
      headers: { 'x-model-api-key': SENTINEL_KEY },
    });
    expect(res.status).toBe(202);
    expect(res.body.counts.total).toBe(4);
    const events = await call(eventsRoute.GET, 'GET', `/api/batches/${res.body.id}/events`, { params: { id: res.body.id } });
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    expect(events.text.match(/^event: run$/gm)).toHaveLength(4);
    expect(events.text).toMatch(/event: done\ndata: \{"status":"completed"/);
    const batch = await call<Batch>(batchRoute.GET, 'GET', `/api/batches/${res.body.id}`, { params: { id: res.body.id } });
    expect(batch.body).toMatchObject({ status: 'completed', counts: { total: 4, completed: 4, failed: 0 } });
    const runs = await call<{ items: Run[]; total: number }>(runsRoute.GET, 'GET', '/api/test-runs', { query: { batchId: res.body.id, model: 'gpt-other' } });
    expect(runs.body.total).toBe(2);
    const tn = await call<{ total: number }>(runsRoute.GET, 'GET', '/api/test-runs', { query: { batchId: res.body.id, classification: 'TN' } });
    expect(tn.body.total).toBe(2);
    // Replaying the stream of a finished batch ends at once.
    const replay = await call(eventsRoute.GET, 'GET', `/api/batches/${res.body.id}/events`, { params: { id: res.body.id } });
    expect(replay.text).toContain('event: done');
  });

  it('cancel stops new work at once and settles in-flight runs', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await newCase(`slow ${i}`, 'slow batch item', ['rag'], { server: 'rag', tool: 'rag_search' }));
    const res = await call<Batch>(batchesRoute.POST, 'POST', '/api/batches', { body: { testCaseIds: ids, models: [openaiModel()], concurrency: 1 }, headers: { 'x-openai-api-key': SENTINEL_KEY } });
    await new Promise((r) => setTimeout(r, 300));
    const cancelled = await call<Batch>(cancelRoute.POST, 'POST', `/api/batches/${res.body.id}/cancel`, { params: { id: res.body.id } });
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.counts.pending + cancelled.body.counts.running).toBe(0);
    expect(cancelled.body.counts.cancelled).toBeGreaterThanOrEqual(5);
  });

  it.each(['hybrid', 'lexical'])('the local provider (%s) evaluates offline, with no key', { timeout: 60_000 }, async (model) => {
    const ids = [await newCase(`local ${model} 1`, 'delete the todo with id 3', ['rag', 'todo'], { server: 'todo', tool: 'delete_todo' }), await newCase(`local ${model} 2`, 'tell me a joke about penguins', ['todo'], null)];
    const res = await call<Batch>(batchesRoute.POST, 'POST', '/api/batches', { body: { testCaseIds: ids, models: [{ provider: 'local', model }] } });
    expect(res.status).toBe(202);
    await waitForBatch(res.body.id);
    const runs = await call<{ items: Run[] }>(runsRoute.GET, 'GET', '/api/test-runs', { query: { batchId: res.body.id } });
    expect(runs.body.items.every((r) => r.status === 'completed')).toBe(true);
    expect(runs.body.items.map((r) => `${r.selectedTool}:${r.classification}`).sort()).toEqual(['delete_todo:TP', 'null:TN']);
  });

  it('refuses a local model it does not know with 400 before creating anything', async () => {
    const before = await countRows(sql`run_batches`);
    const res = await call<{ error: { code: string; message: string } }>(batchesRoute.POST, 'POST', '/api/batches', { body: { models: [{ provider: 'local', model: 'gpt-4o' }] } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('hybrid, lexical');
    expect(await countRows(sql`run_batches`)).toBe(before);
  });

  it('deletes a finished run with its snapshot, refuses one in progress, 404 for unknown', async () => {
    const runs = await call<{ items: Run[] }>(runsRoute.GET, 'GET', '/api/test-runs', { query: { status: 'completed', limit: '1' } });
    const id = runs.body.items[0]?.id as string;
    expect(await countRows(sql`tool_definitions where test_run_id = ${id}`)).toBeGreaterThan(0);
    const del = await call(runRoute.DELETE, 'DELETE', `/api/test-runs/${id}`, { params: { id } });
    expect(del.status).toBe(200);
    expect(await countRows(sql`tool_definitions where test_run_id = ${id}`)).toBe(0);
    const missing = await call(runRoute.GET, 'GET', '/api/test-runs/nope', { params: { id: 'nope' } });
    expect(missing.status).toBe(404);
  });
});

describe('crash recovery and secrets', () => {
  it('start-up marks runs left pending/running as failed "interrupted" and their batch interrupted; completed work stays', async () => {
    const tc = (await get<{ id: string }>(sql`select id from test_cases limit 1`))?.id;
    const ms = (await get<{ id: string }>(sql`select id from model_settings limit 1`))?.id;
    await run(sql`insert into run_batches (id, name, status, models, total_runs) values ('crashed', 'crashed', 'running', '[]', 3)`);
    for (const [id, status, classification] of [['c-pending', 'pending', null], ['c-running', 'running', null], ['c-done', 'completed', 'TP']] as const) {
      await run(sql`insert into test_runs (id, test_case_id, batch_id, model_settings_id, status, classification) values (${id}, ${tc}, 'crashed', ${ms}, ${status}, ${classification})`);
    }
    // SQLite: the app's start-up does it. Postgres: other processes may be working runs, so start-up
    // leaves them to the queue's reaper; the same recovery still runs there (a single-process restart).
    if (isPostgres()) await recoverInterruptedRuns();
    else await runStartup();
    type Row = { id: string; status: string; e: string | null };
    const rows = await all<Row>(sql`select id, status, error_message as e from test_runs where batch_id = 'crashed' order by id`);
    expect(rows.map((r) => `${r.id}:${r.status}`)).toEqual(['c-done:completed', 'c-pending:failed', 'c-running:failed']);
    expect(rows[1]?.e).toMatch(/^interrupted/);
    expect((await get<{ status: string }>(sql`select status from run_batches where id = 'crashed'`))?.status).toBe('interrupted');
  });

  it('the sentinel API key is nowhere: not in the database, its WAL, the logs or any response', async () => {
    const listed = await call(runsRoute.GET, 'GET', '/api/test-runs', { query: { limit: '200' } });
    expect(listed.text).not.toContain(SENTINEL_KEY);
    const batches = await call(batchesRoute.GET, 'GET', '/api/batches');
    expect(batches.text).not.toContain(SENTINEL_KEY);
    expect(logLines.length).toBeGreaterThan(10);
    expect(logLines.join('\n')).not.toContain(SENTINEL_KEY);
    if (!isPostgres()) {
      for (const file of [databaseFile(), `${databaseFile()}-wal`]) {
        if (fs.existsSync(file)) expect(fs.readFileSync(file).includes(SENTINEL_KEY)).toBe(false);
      }
    }
    expect(await storedAnywhere(SENTINEL_KEY)).toBe(false);
    // The key did reach the provider, so the search above was meaningful.
    expect(llm.requests.some((r) => r.headers.authorization === `Bearer ${SENTINEL_KEY}`)).toBe(true);
  });
});
