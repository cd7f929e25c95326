import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cancelRoute from '@/app/api/experiments/[id]/cancel/route';
import * as experimentRoute from '@/app/api/experiments/[id]/route';
import * as applyRoute from '@/app/api/experiments/[id]/variants/[name]/apply/route';
import * as exportRoute from '@/app/api/experiments/[id]/variants/[name]/export/route';
import * as experimentsRoute from '@/app/api/experiments/route';
import * as batchRoute from '@/app/api/batches/[id]/route';
import * as summaryRoute from '@/app/api/metrics/summary/route';
import * as runRoute from '@/app/api/test-runs/[id]/route';
import * as runsRoute from '@/app/api/test-runs/route';
import { sql } from 'drizzle-orm';
import { all, dialectSql, get } from '@/db/sql';
import type { ExperimentDto } from '@/lib/experiments/dto';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { call } from './helpers/api';
import { waitForBatch } from './helpers/wait-batch';
import { startDemoServers } from './helpers/demo-server';
import { respondByDescription, startDescriptionModel } from './helpers/description-model';
import { startLlmServer, type LlmServer, type ScriptedReply } from './helpers/llm-server';
import { applyJsonPatch } from './helpers/similarity-json-patch';

/*
 * Two confusable tools on a static server, and the description-sensitive scripted model (it
 * picks the tool whose name + description shares the most words with the query, ties to the
 * tool offered first). search_notes claims "documents" too, so every query about a document
 * ties on that one word and goes to search_notes: the baseline misses all 12 document cases.
 * Dropping "documents" from its description separates the two.
 */
const SENTINEL_KEY = 'sk-SENTINEL-experiments-7c0ffee5';
const HEADERS = { 'x-openai-api-key': SENTINEL_KEY };
const schema = { type: 'object', properties: { query: { type: 'string' } } };
const TOOLS = [
  { name: 'search_notes', description: 'Search notes and documents by keyword.', inputSchema: schema },
  { name: 'open_document', description: 'Open a file.', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } },
];
const NOTE_QUERIES = ['search my notes for budget', 'search notes about the offsite', 'search the notes mentioning Alice', 'search notes from last week', 'search notes tagged urgent', 'search notes on hiring'];
const DOCUMENT_QUERIES = [
  'the document titled budget plan',
  'the quarterly revenue document',
  'the onboarding document for new hires',
  'the signed contract document',
  'the roadmap document of 2026',
  'the design review document',
  'the security policy document',
  'the travel expense document',
  'the incident postmortem document',
  'the brand guidelines document',
  'the API reference document',
  'the release checklist document',
];
const NONE_QUERIES = ['what is the weather in Oslo', 'translate hello into French'];

const REWRITE = { name: 'rewrite', changes: [{ server: 'notes', tool: 'search_notes', description: 'Search notes by keyword.' }] };
const NEUTRAL = { name: 'neutral', changes: [{ server: 'notes', tool: 'open_document', description: 'Open one file.' }] };
const RENAME = { name: 'rename', changes: [{ server: 'notes', tool: 'search_notes', name: 'search_notes_by_keyword' }] };
/** Wins four document cases (budget, revenue, contract, roadmap) and loses four note cases (budget, offsite, urgent, hiring). */
const MIXED = { name: 'mixed', changes: [{ server: 'notes', tool: 'open_document', description: 'Open a document titled budget, revenue, contract or roadmap; search notes on hiring, urgent items or the offsite.' }] };

let llm: LlmServer;
const caseIds: Record<string, string> = {};
let experiment: ExperimentDto;

function model() {
  return { provider: 'openai', model: 'description-model', baseUrl: llm.openaiBaseUrl, timeout: 5, maxRetries: 0, temperature: 0 };
}

async function finish(id: string): Promise<ExperimentDto> {
  const started = await call<ExperimentDto>(experimentRoute.GET, 'GET', `/api/experiments/${id}`, { params: { id } });
  await Promise.all(started.body.variants.map((v) => (v.batchId ? waitForBatch(v.batchId) : undefined)));
  const done = await call<ExperimentDto>(experimentRoute.GET, 'GET', `/api/experiments/${id}`, { params: { id } });
  expect(done.status).toBe(200);
  return done.body;
}

function variant(dto: ExperimentDto, name: string) {
  const v = dto.variants.find((x) => x.name === name);
  if (!v) throw new Error(`no variant ${name}`);
  return v;
}

beforeAll(async () => {
  llm = await startDescriptionModel();
  const notes = await createServer({ name: 'notes', transport: 'static', tools: TOOLS });
  const other = await createServer({ name: 'other', transport: 'static', tools: [{ name: 'get_weather', description: 'Weather forecast for a city.', inputSchema: schema }] });
  const add = async (name: string, query: string, expectedTool: string | null) => {
    caseIds[name] = (await createTestCase({ name, query, serverIds: [notes.id], expectedServer: expectedTool ? 'notes' : null, expectedTool, expectedParameters: null })).id;
  };
  for (const [i, q] of NOTE_QUERIES.entries()) await add(`note ${i + 1}`, q, 'search_notes');
  for (const [i, q] of DOCUMENT_QUERIES.entries()) await add(`document ${i + 1}`, q, 'open_document');
  for (const [i, q] of NONE_QUERIES.entries()) await add(`none ${i + 1}`, q, null);
  // A case of another server: not a default case of an experiment on "notes".
  await createTestCase({ name: 'weather', query: 'weather in Oslo', serverIds: [other.id], expectedServer: 'other', expectedTool: 'get_weather', expectedParameters: null });

  const res = await call<ExperimentDto>(experimentsRoute.POST, 'POST', '/api/experiments', {
    headers: HEADERS,
    body: { name: 'Separate search from documents', models: [model()], variants: [REWRITE, NEUTRAL, RENAME, MIXED] },
  });
  expect(res.status, res.text).toBe(202);
  expect(res.text).not.toContain(SENTINEL_KEY);
  experiment = await finish(res.body.id);
});

afterAll(async () => {
  await llm?.close();
});

describe('an experiment on two confusable tools with the description-sensitive model', () => {
  it('runs every variant on the default cases (those of the changed tools\' server) as one batch each', () => {
    expect(experiment.status).toBe('completed');
    expect(experiment.variants.map((v) => v.name)).toEqual(['original', 'rewrite', 'neutral', 'rename', 'mixed']);
    expect([...experiment.testCaseIds].sort()).toEqual(Object.values(caseIds).sort());
    expect(experiment.progress).toMatchObject({ total: 100, completed: 100, failed: 0 });
    expect(experiment.completedAt).not.toBeNull();
    expect(experiment.variants[0]).toMatchObject({ name: 'original', changes: [], tools: [], comparison: null });
  });

  it('baseline: every document case goes to search_notes; metrics are those of the metrics summary, with intervals', async () => {
    const original = variant(experiment, 'original');
    expect(original.metrics?.counts).toEqual({ tp: 6, fp: 0, tn: 2, fn: 12, total: 20 });
    expect(original.metrics?.f1.value).toBeCloseTo(0.5, 10);
    const summary = await call<{ counts: unknown; f1: number; precision: number }>(summaryRoute.GET, 'GET', '/api/metrics/summary', { query: { batchId: original.batchId as string } });
    expect(summary.body.counts).toEqual(original.metrics?.counts);
    expect(summary.body.f1).toBeCloseTo(original.metrics?.f1.value as number, 12);
    // Wilson for proportions: recall 6/18 has a proper interval around it.
    const recall = original.metrics!.recall;
    expect(recall.value).toBeCloseTo(6 / 18, 12);
    expect(recall.low!).toBeLessThan(recall.value!);
    expect(recall.high!).toBeGreaterThan(recall.value!);
    expect(recall.method).toMatch(/Wilson/);
    expect(original.metrics!.f1.method).toMatch(/bootstrap/);
    expect(original.confusion).toEqual([{ expected: { server: 'notes', tool: 'open_document' }, selected: { server: 'notes', tool: 'search_notes' }, count: 12 }]);
  });

  it('the rewrite lifts F1, significantly, and lists the 12 fixed cases by name', () => {
    const rewrite = variant(experiment, 'rewrite');
    expect(rewrite.metrics?.counts).toEqual({ tp: 18, fp: 0, tn: 2, fn: 0, total: 20 });
    expect(rewrite.metrics!.f1.value!).toBeGreaterThan(variant(experiment, 'original').metrics!.f1.value!);
    const f1 = rewrite.comparison!.metrics.f1;
    expect(f1.delta).toBeCloseTo(0.5, 10);
    expect(f1.outcome).toBe('improved');
    expect(f1.pValue!).toBeLessThan(0.05);
    expect(f1.low!).toBeGreaterThan(0);
    expect(rewrite.comparison!.metrics.accuracy).toMatchObject({ outcome: 'improved' });
    // The two no-tool cases stay untouched: specificity 1 on both sides; two units are too few to tell anyway.
    expect(rewrite.metrics!.specificity.value).toBe(1);
    expect(rewrite.comparison!.metrics.specificity).toMatchObject({ delta: 0, outcome: 'too_few_cases' });
    expect(rewrite.comparison!.flipped.regressed).toEqual([]);
    const fixed = rewrite.comparison!.flipped.fixed;
    expect(fixed.map((f) => f.testCaseName).sort()).toEqual(DOCUMENT_QUERIES.map((_, i) => `document ${i + 1}`).sort());
    expect(fixed[0]).toMatchObject({ model: 'openai/description-model', before: 'FN', after: 'TP' });
    expect(rewrite.tools).toEqual([{ server: 'notes', name: 'search_notes', originalName: 'search_notes', description: 'Search notes by keyword.', originalDescription: 'Search notes and documents by keyword.' }]);
    expect(rewrite.confusion).toEqual([]);
  });

  it('a neutral rewrite changes no answer: no significant change, nothing flipped', () => {
    const neutral = variant(experiment, 'neutral');
    expect(neutral.metrics?.counts).toEqual(variant(experiment, 'original').metrics?.counts);
    expect(neutral.comparison!.metrics.f1).toMatchObject({ delta: 0, outcome: 'no_significant_change' });
    expect(neutral.comparison!.metrics.accuracy.outcome).toBe('no_significant_change');
    expect(neutral.comparison!.flipped).toEqual({ fixed: [], regressed: [] });
  });

  it('a rewrite that fixes four cases and breaks four others is no significant change, with both lists', () => {
    const mixed = variant(experiment, 'mixed');
    expect(mixed.metrics?.counts).toEqual(variant(experiment, 'original').metrics?.counts);
    const { fixed, regressed } = mixed.comparison!.flipped;
    expect(fixed.map((f) => f.testCaseName).sort()).toEqual(['document 1', 'document 2', 'document 4', 'document 5']);
    expect(regressed.map((f) => f.testCaseName).sort()).toEqual(['note 1', 'note 2', 'note 5', 'note 6']);
    expect(regressed[0]).toMatchObject({ before: 'TP', after: 'FN' });
    for (const metric of ['accuracy', 'f1', 'recall'] as const) {
      expect(mixed.comparison!.metrics[metric].outcome, metric).toBe('no_significant_change');
      expect(mixed.comparison!.metrics[metric].pValue!, metric).toBeGreaterThan(0.05);
    }
  });

  it('a renamed tool keeps its cases: the model sees the new name and the judge expects it', async () => {
    const rename = variant(experiment, 'rename');
    expect(rename.metrics?.counts).toEqual({ tp: 6, fp: 0, tn: 2, fn: 12, total: 20 });
    expect(rename.comparison!.flipped).toEqual({ fixed: [], regressed: [] });
    expect(rename.confusion).toEqual([{ expected: { server: 'notes', tool: 'open_document' }, selected: { server: 'notes', tool: 'search_notes_by_keyword' }, count: 12 }]);
    const runs = await call<{ items: { id: string; testCaseId: string; selectedTool: string; classification: string }[] }>(runsRoute.GET, 'GET', '/api/test-runs', { query: { batchId: rename.batchId as string, limit: '100' } });
    const noteRun = runs.body.items.find((r) => r.testCaseId === caseIds['note 1']);
    expect(noteRun).toMatchObject({ selectedTool: 'search_notes_by_keyword', classification: 'TP' });
    // The run's snapshot is what the model saw: the tools as changed.
    const detail = await call<{ tools: { name: string; description: string }[] }>(runRoute.GET, 'GET', `/api/test-runs/${noteRun!.id}`, { params: { id: noteRun!.id } });
    expect(detail.body.tools.map((t) => t.name).sort()).toEqual(['open_document', 'search_notes_by_keyword']);
  });

  it('each variant is an ordinary batch named "<experiment> · <variant>", its snapshots hold the changed descriptions', async () => {
    const rewrite = variant(experiment, 'rewrite');
    const batch = await call<{ name: string; status: string; counts: { total: number } }>(batchRoute.GET, 'GET', `/api/batches/${rewrite.batchId}`, { params: { id: rewrite.batchId as string } });
    expect(batch.body).toMatchObject({ name: 'Separate search from documents · rewrite', status: 'completed', counts: { total: 20 } });
    // The batch names its experiment and variant (the batch and run pages link to the experiment).
    expect(batch.body).toMatchObject({ experiment: { id: experiment.id, name: 'Separate search from documents', variant: 'rewrite' } });
    const shown = await all<{ description: string }>(
      sql`select distinct d.description from tool_definitions d join test_runs r on r.id = d.test_run_id where r.batch_id = ${rewrite.batchId} and d.name = 'search_notes'`,
    );
    expect(shown).toEqual([{ description: 'Search notes by keyword.' }]);
    // The server itself is untouched.
    const original = await get<{ description: string }>(sql`select description from static_tools where name = 'search_notes'`);
    expect(original?.description).toBe('Search notes and documents by keyword.');
  });

  it('lists experiments', async () => {
    const list = await call<{ items: ExperimentDto[]; total: number }>(experimentsRoute.GET, 'GET', '/api/experiments');
    expect(list.status).toBe(200);
    expect(list.body.total).toBeGreaterThanOrEqual(1);
    expect(list.body.items.find((e) => e.id === experiment.id)).toMatchObject({ status: 'completed', variants: expect.arrayContaining([expect.objectContaining({ name: 'rewrite' })]) });
  });

  it('exports a variant as a JSON Patch over tools/list and as edited tool lists', async () => {
    const params = { id: experiment.id, name: 'rename' };
    const patch = await call<{ server: string; operations: { op: string; path: string; value: unknown }[] }[]>(exportRoute.GET, 'GET', `/api/experiments/${experiment.id}/variants/rename/export`, { params, query: { format: 'patch' } });
    expect(patch.body).toEqual([{ server: 'notes', operations: [{ op: 'replace', path: '/0/name', value: 'search_notes_by_keyword' }] }]);
    const tools = await call<{ servers: { name: string; tools: { name: string; description: string }[] }[] }>(exportRoute.GET, 'GET', `/api/experiments/${experiment.id}/variants/rename/export`, { params, query: { format: 'tools' } });
    expect(tools.body.servers.map((s) => [s.name, s.tools.map((t) => t.name)])).toEqual([['notes', ['search_notes_by_keyword', 'open_document']]]);
    // The patch applied to the baseline listing gives exactly the edited list.
    const baseline = TOOLS.map((t) => ({ ...t }));
    expect(applyJsonPatch(baseline, patch.body[0]!.operations).map((t) => t.name)).toEqual(tools.body.servers[0]!.tools.map((t) => t.name));
    const missing = await call(exportRoute.GET, 'GET', `/api/experiments/${experiment.id}/variants/nope/export`, { params: { id: experiment.id, name: 'nope' } });
    expect(missing.status).toBe(404);
  });

  it('never stores the key sent in the header', async () => {
    const tables = await all<{ name: string }>(
      dialectSql({
        sqlite: sql`select name from sqlite_master where type = 'table'`,
        postgres: sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      }),
    );
    expect(tables.map((t) => t.name)).toContain('experiments');
    for (const { name } of tables) {
      const rows = await all(sql`select * from ${sql.identifier(name)}`);
      expect(JSON.stringify(rows), name).not.toContain(SENTINEL_KEY);
    }
  });
});

describe('validation', () => {
  const post = (body: Record<string, unknown>, headers: Record<string, string> = HEADERS) => call<{ error: { code: string; message: string; details?: unknown } }>(experimentsRoute.POST, 'POST', '/api/experiments', { headers, body });

  it('an unknown tool or server is 422 naming it', async () => {
    const tool = await post({ models: [model()], variants: [{ name: 'x', changes: [{ server: 'notes', tool: 'delete_everything', description: 'y' }] }] });
    expect(tool.status).toBe(422);
    expect(tool.body.error.code).toBe('unknown_tool');
    expect(tool.body.error.message).toContain('delete_everything');
    const server = await post({ models: [model()], variants: [{ name: 'x', changes: [{ server: 'nowhere', tool: 'search_notes', description: 'y' }] }] });
    expect(server.status).toBe(422);
    expect(server.body.error).toMatchObject({ code: 'unknown_server' });
    expect(server.body.error.message).toContain('nowhere');
  });

  it('bad variants are 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: 'original', changes: REWRITE.changes }, /variants\.0\.name/],
      [{ name: '', changes: REWRITE.changes }, /variants\.0\.name/],
      [{ name: 'x'.repeat(61), changes: REWRITE.changes }, /variants\.0\.name/],
      [{ name: 'empty', changes: [] }, /variants\.0\.changes/],
      [{ name: 'nothing', changes: [{ server: 'notes', tool: 'search_notes' }] }, /variants\.0\.changes\.0/],
      [{ name: 'bad name', changes: [{ server: 'notes', tool: 'search_notes', name: 'has space' }] }, /variants\.0\.changes\.0\.name/],
      [{ name: 'clash', changes: [{ server: 'notes', tool: 'search_notes', name: 'open_document' }] }, /variants\.0\.changes\.0\.name/],
      [{ name: 'schema', changes: [{ server: 'notes', tool: 'search_notes', inputSchema: { type: 'string' } }] }, /variants\.0\.changes\.0\.inputSchema/],
      // Annotations are checked as a static server's are, at creation rather than at apply.
      [{ name: 'annotations', changes: [{ server: 'notes', tool: 'search_notes', description: 'y', annotations: { foo: 1 } }] }, /variants\.0\.changes\.0\.annotations/],
      [{ name: 'hint type', changes: [{ server: 'notes', tool: 'search_notes', description: 'y', annotations: { readOnlyHint: 'yes' } }] }, /variants\.0\.changes\.0\.annotations\.readOnlyHint/],
      // Models are never shown annotations: such a variant would run the baseline again.
      [{ name: 'hints only', changes: [{ server: 'notes', tool: 'search_notes', annotations: { readOnlyHint: true } }] }, /variants\.0\.changes: .*never shown/],
    ];
    for (const [v, field] of cases) {
      const res = await post({ models: [model()], variants: [v] });
      expect(res.status, JSON.stringify(v)).toBe(400);
      expect(res.body.error.message, JSON.stringify(v)).toMatch(field);
    }
    const twice = await post({ models: [model()], variants: [REWRITE, { ...NEUTRAL, name: 'Rewrite' }] });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toMatch(/unique/);
  });

  it('a cloud model without a key is 400 missing_api_key before anything is written', async () => {
    const countExperiments = async () => (await get<{ n: number }>(sql`select count(*) as n from experiments`))?.n;
    const before = await countExperiments();
    const res = await post({ models: [model()], variants: [REWRITE] }, {});
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('missing_api_key');
    expect(await countExperiments()).toBe(before);
  });

  it('an unknown experiment is 404', async () => {
    const res = await call<{ error: { code: string } }>(experimentRoute.GET, 'GET', '/api/experiments/nope', { params: { id: 'nope' } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });
});

describe('cancel', () => {
  it('cancels every variant batch and reports the experiment cancelled', async () => {
    const answer = respondByDescription();
    const slow = await startLlmServer({ respond: (request) => ({ ...(answer(request) as ScriptedReply & { text: string }), delayMs: 300 }) });
    try {
      const res = await call<ExperimentDto>(experimentsRoute.POST, 'POST', '/api/experiments', {
        headers: HEADERS,
        body: { models: [{ ...model(), baseUrl: slow.openaiBaseUrl }], concurrency: 2, variants: [REWRITE] },
      });
      expect(res.status).toBe(202);
      const cancelled = await call<ExperimentDto>(cancelRoute.POST, 'POST', `/api/experiments/${res.body.id}/cancel`, { params: { id: res.body.id } });
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
      expect(cancelled.body.variants.map((v) => v.status)).toEqual(['cancelled', 'cancelled']);
      expect(cancelled.body.progress.cancelled).toBeGreaterThan(0);
      expect(cancelled.body.progress.pending + cancelled.body.progress.running).toBe(0);
    } finally {
      await slow.close();
    }
  });
});

describe('a live server', () => {
  let demo: Awaited<ReturnType<typeof startDemoServers>>;
  beforeAll(async () => {
    demo = await startDemoServers();
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('shows the model the changed tools without touching the server; one flipped case is too few to tell; apply is 409 not_static', async () => {
    const todo = await createServer({ name: 'todo', transport: 'streamable-http', url: `${demo.baseUrl}/demo/todo/mcp` });
    const id = (await createTestCase({ name: 'milk', query: 'add a todo to buy milk', serverIds: [todo.id], expectedServer: 'todo', expectedTool: 'create_todo', expectedParameters: null })).id;
    const lure = { name: 'lure', changes: [{ server: 'todo', tool: 'list_todos', description: 'Add a todo to buy milk, eggs or bread.' }] };
    const res = await call<ExperimentDto>(experimentsRoute.POST, 'POST', '/api/experiments', { headers: HEADERS, body: { models: [model()], variants: [lure] } });
    expect(res.status, res.text).toBe(202);
    expect(res.body.testCaseIds).toEqual([id]);
    const done = await finish(res.body.id);
    const v = variant(done, 'lure');
    expect(variant(done, 'original').metrics?.counts).toMatchObject({ tp: 1 });
    expect(v.comparison?.flipped.regressed).toEqual([{ testCaseId: id, testCaseName: 'milk', model: 'openai/description-model', before: 'TP', after: 'FN' }]);
    expect(v.comparison?.metrics.f1.outcome).toBe('too_few_cases');
    expect(v.confusion).toEqual([{ expected: { server: 'todo', tool: 'create_todo' }, selected: { server: 'todo', tool: 'list_todos' }, count: 1 }]);
    const applied = await call<{ error: { code: string; message: string } }>(applyRoute.POST, 'POST', 'x', { params: { id: done.id, name: 'lure' }, body: {} });
    expect(applied.status).toBe(409);
    expect(applied.body.error.code).toBe('not_static');
    expect(applied.body.error.message).toContain('todo');
  });
});

describe('apply', () => {
  it('writes the variant into the static server, which later runs then list', async () => {
    const res = await call<{ applied: { server: string; tools: string[] }[] }>(applyRoute.POST, 'POST', 'x', { params: { id: experiment.id, name: 'rewrite' } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.applied).toEqual([{ serverId: expect.any(String), server: 'notes', tools: ['search_notes'] }]);
    const stored = await all(sql`select name, description from static_tools where name in ('search_notes', 'open_document') order by ordinal`);
    expect(stored).toEqual([
      { name: 'search_notes', description: 'Search notes by keyword.' },
      { name: 'open_document', description: 'Open a file.' },
    ]);
    const missing = await call(applyRoute.POST, 'POST', 'x', { params: { id: experiment.id, name: 'nope' } });
    expect(missing.status).toBe(404);
  });
});
