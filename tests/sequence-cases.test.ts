import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as caseRoute from '@/app/api/test-cases/[id]/route';
import * as exportRoute from '@/app/api/test-cases/export/route';
import * as importRoute from '@/app/api/test-cases/import/route';
import * as casesRoute from '@/app/api/test-cases/route';
import * as serversRoute from '@/app/api/servers/route';
import type { TestCaseDto } from '@/lib/test-cases/dto';
import { insertBatchWithRuns } from '@/db/queries/batches';
import { getRun } from '@/db/queries/runs';
import { executeRun, type RunToExecute } from '@/lib/eval/run/runner';
import type { ToolOverride } from '@/lib/eval/run/tool-overrides';
import { call } from './helpers/api';
import { startDemoServers } from './helpers/demo-server';
import { storeRunTools } from '@/db/queries/tool-snapshots';
import { withTransaction } from '@/db/transaction';
import { FAKE_MODEL, seedRun } from './helpers/eval-seed';
import { sequenceContext } from './helpers/sequence-seed';

/**
 * The sequence fields of a test case (issue 17) through the API: every bad input is a 400 that
 * names its field, the fields come back from GET, and export/import (JSON, JSONL, CSV) carry
 * them. Tools are checked against a static server's own list; a live server's only by name.
 * A selection case takes `context` (sent before the query) but none of the loop's own fields.
 */

type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
type ImportReport = { total: number; created: number; failed: number; results: { row: number; status: string; errors?: { path: string; message: string }[] }[] };

const ids: Record<string, string> = {};
const id = { type: 'object', properties: { id: { type: 'integer' }, status: { type: 'string' } }, required: ['id'] };

beforeAll(async () => {
  const todo = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', {
    body: {
      name: 'todo',
      transport: 'static',
      tools: [
        { name: 'search_todos', inputSchema: { type: 'object', properties: { query: { type: 'string' } } }, annotations: { readOnlyHint: true } },
        { name: 'update_todo', inputSchema: id },
        { name: 'delete_todo', inputSchema: id, annotations: { destructiveHint: true } },
      ],
    },
  });
  ids.todo = todo.body.id;
  const live = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'live', transport: 'streamable-http', url: 'http://127.0.0.1:9/mcp' } });
  ids.live = live.body.id;
});

const create = (body: unknown) => call<TestCaseDto & ErrorBody>(casesRoute.POST, 'POST', '/api/test-cases', { body });
const get = (caseId: string) => call<TestCaseDto>(caseRoute.GET, 'GET', `/api/test-cases/${caseId}`, { params: { id: caseId } });
const patch = (caseId: string, body: unknown) => call<TestCaseDto & ErrorBody>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${caseId}`, { params: { id: caseId }, body });

const SEARCH = { server: 'todo', tool: 'search_todos', arguments: { query: 'milk' } };
const UPDATE = { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.items[0].id' } }, status: 'done' } };

let counter = 0;
const sequenceCase = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: `milk ${++counter}`,
  query: 'Find the todo about milk and mark it done',
  serverIds: [ids.todo],
  mode: 'sequence',
  expectedCalls: [SEARCH, UPDATE],
  ...over,
});

describe('sequence fields: create and read', () => {
  it('a search-then-update case keeps every field; the pair mirrors the first call', async () => {
    const body = sequenceCase({
      callOrder: 'exact',
      maxSteps: 4,
      forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }],
      execute: { allow: [{ server: 'todo', tool: 'search_todos' }] },
      mockResults: [{ server: 'todo', tool: 'update_todo', result: { text: '{"ok":true}' } }],
      context: [
        { role: 'user', content: 'I keep a todo list.' },
        { role: 'assistant', toolCalls: [{ id: 'c1', server: 'todo', tool: 'search_todos', arguments: { query: 'bread' } }] },
        { role: 'tool', callId: 'c1', content: '{"items":[]}' },
        { role: 'assistant', content: 'No bread todo.' },
      ],
    });
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      expectedServer: 'todo',
      expectedTool: 'search_todos',
      expectedParameters: { query: 'milk' },
      expectedCalls: [SEARCH, UPDATE],
      mode: 'sequence',
      callOrder: 'exact',
      maxSteps: 4,
      forbiddenTools: body.forbiddenTools,
      execute: body.execute,
      mockResults: body.mockResults,
      context: body.context,
    });
    const again = await get(res.body.id);
    expect(again.body).toEqual(res.body);
  });

  it('today\'s cases read with the defaults and their pair as the one expected call', async () => {
    const res = await create({ name: 'plain', query: 'q', serverIds: [ids.todo], expectedServer: 'todo', expectedTool: 'search_todos', expectedParameters: { query: 'x' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mode: 'selection', callOrder: 'exact', maxSteps: 5, execute: 'none', context: null, forbiddenTools: null, mockResults: null, expectedCalls: [{ server: 'todo', tool: 'search_todos', arguments: { query: 'x' } }] });
    const negative = await create({ name: 'chat', query: 'hi', serverIds: [ids.todo] });
    expect(negative.body.expectedCalls).toEqual([]);
  });

  it('expectedCalls of one call in selection mode is the same as the pair', async () => {
    const res = await create({ name: 'one call', query: 'q', serverIds: [ids.todo], expectedCalls: [SEARCH] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ mode: 'selection', expectedServer: 'todo', expectedTool: 'search_todos', expectedParameters: { query: 'milk' } });
  });

  it('a live server no run has listed yet is checked by name only', async () => {
    const res = await create(sequenceCase({ serverIds: [ids.live], expectedCalls: [{ server: 'live', tool: 'anything' }, { server: 'live', tool: 'else' }] }));
    expect(res.status).toBe(201);
  });
});

describe('sequence fields: every bad input is a 400 naming the field', () => {
  it.each([
    ['unknown tool of a static server', { expectedCalls: [SEARCH, { server: 'todo', tool: 'rename_todo' }] }, 'expectedCalls.1.tool'],
    ['a server that is not the case\'s', { expectedCalls: [SEARCH, { server: 'live', tool: 'x' }] }, 'expectedCalls.1.server'],
    ['$fromResult pointing past the calls', { expectedCalls: [SEARCH, { ...UPDATE, arguments: { id: { $fromResult: { call: 2, path: '$.id' } } } }] }, 'expectedCalls.1.arguments.id.$fromResult.call'],
    ['$fromResult pointing at its own call', { expectedCalls: [SEARCH, { ...UPDATE, arguments: { id: { $fromResult: { call: 1, path: '$.id' } } } }] }, 'expectedCalls.1.arguments.id.$fromResult.call'],
    ['$fromResult with a bad JSONPath', { expectedCalls: [SEARCH, { ...UPDATE, arguments: { id: { $fromResult: { call: 0, path: '$..id' } } } }] }, 'expectedCalls.1.arguments.id.$fromResult.path'],
    ['$fromResult with another key', { expectedCalls: [SEARCH, { ...UPDATE, arguments: { id: { $fromResult: { call: 0, path: '$.id' }, $any: true } } }] }, 'expectedCalls.1.arguments.id'],
    ['a bad matcher in an expected call', { expectedCalls: [SEARCH, { ...UPDATE, arguments: { id: { $regx: 'a' } } }] }, 'expectedCalls.1.arguments.id'],
    ['maxSteps above 20', { maxSteps: 21 }, 'maxSteps'],
    ['maxSteps of 0', { maxSteps: 0 }, 'maxSteps'],
    ['maxSteps not whole', { maxSteps: 2.5 }, 'maxSteps'],
    ['an unknown mode', { mode: 'agent' }, 'mode'],
    ['an unknown call order', { callOrder: 'sorted' }, 'callOrder'],
    ['several calls in selection mode', { mode: 'selection' }, 'expectedCalls'],
    ['a forbidden tool that is expected', { forbiddenTools: [{ server: 'todo', tool: 'update_todo' }] }, 'forbiddenTools.0'],
    ['a forbidden tool the server lacks', { forbiddenTools: [{ server: 'todo', tool: 'drop_all' }] }, 'forbiddenTools.0.tool'],
    ['an execute policy word it does not know', { execute: 'all' }, 'execute'],
    ['an allowed tool the server lacks', { execute: { allow: [{ server: 'todo', tool: 'nope' }] } }, 'execute.allow.0.tool'],
    ['a mock for another server', { mockResults: [{ server: 'other', tool: 'x', result: { text: '' } }] }, 'mockResults.0.server'],
    ['a tool turn answering no call', { context: [{ role: 'tool', callId: 'c9', content: 'x' }] }, 'context.0.callId'],
    ['a turn with an unknown role', { context: [{ role: 'system', content: 'x' }] }, 'context.0.role'],
    ['an empty assistant turn', { context: [{ role: 'assistant' }] }, 'context.0'],
    ['a pair that differs from the first call', { expectedServer: 'todo', expectedTool: 'update_todo' }, 'expectedCalls'],
    ['forbiddenTools on a selection case', { mode: 'selection', expectedCalls: [SEARCH], forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }] }, 'forbiddenTools'],
    ['maxSteps on a selection case', { mode: 'selection', expectedCalls: [SEARCH], maxSteps: 3 }, 'maxSteps'],
    ['execute on a selection case', { mode: 'selection', expectedCalls: [SEARCH], execute: 'read-only' }, 'execute'],
    ['mockResults on a selection case', { mode: 'selection', expectedCalls: [SEARCH], mockResults: [{ server: 'todo', tool: 'update_todo', result: { text: 'ok' } }] }, 'mockResults'],
    ['execute on a case that leaves mode to its default', { mode: undefined, expectedCalls: undefined, expectedServer: 'todo', expectedTool: 'search_todos', execute: { allow: [{ server: 'todo', tool: 'search_todos' }] } }, 'execute'],
  ])('%s', async (_label, over, field) => {
    const res = await create(sequenceCase(over));
    expect(res.status).toBe(400);
    expect(res.body.error.details?.map((d) => d.path)).toContain(field);
  });

  it('a selection case refuses each loop-only field with a message that asks for mode "sequence"', async () => {
    const res = await create(sequenceCase({ mode: 'selection', expectedCalls: [SEARCH], forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }], maxSteps: 3, execute: 'read-only', mockResults: [{ server: 'todo', tool: 'update_todo', result: { text: 'ok' } }] }));
    expect(res.status).toBe(400);
    const details = res.body.error.details ?? [];
    expect(details.map((d) => d.path).sort()).toEqual(['execute', 'forbiddenTools', 'maxSteps', 'mockResults']);
    for (const d of details) expect(d.message).toContain('needs mode "sequence"');
    // Their defaults (what the editor or an export of a selection case may send) are accepted, and so is context.
    const ok = await create(sequenceCase({ mode: 'selection', expectedCalls: [SEARCH], forbiddenTools: [], maxSteps: 5, execute: 'none', mockResults: null, context: [{ role: 'user', content: 'I keep a todo list.' }] }));
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ mode: 'selection', context: [{ role: 'user', content: 'I keep a todo list.' }] });
  });

  it('PATCH to selection mode puts the loop-only fields it does not give back to their defaults; given ones are refused', async () => {
    const created = await create(sequenceCase({ maxSteps: 4, execute: 'read-only', forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }], mockResults: [{ server: 'todo', tool: 'update_todo', result: { text: 'ok' } }], context: [{ role: 'user', content: 'earlier' }] }));
    expect(created.status).toBe(201);
    const refused = await patch(created.body.id, { mode: 'selection', expectedCalls: [SEARCH], maxSteps: 4 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.map((d) => d.path)).toEqual(['maxSteps']);
    // What the editor sends when its sequence switch is turned off.
    const back = await patch(created.body.id, { mode: 'selection', expectedCalls: null, expectedServer: 'todo', expectedTool: 'search_todos', expectedParameters: { query: 'milk' } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ mode: 'selection', maxSteps: 5, execute: 'none', forbiddenTools: null, mockResults: null, context: [{ role: 'user', content: 'earlier' }] });
  });

  it('PATCH applies the same rules to the merged case', async () => {
    const created = await create(sequenceCase());
    const res = await patch(created.body.id, { maxSteps: 99 });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.map((d) => d.path)).toEqual(['maxSteps']);
    const mode = await patch(created.body.id, { mode: 'selection' });
    expect(mode.status).toBe(400);
    expect(mode.body.error.details?.map((d) => d.path)).toEqual(['expectedCalls']);
  });
});

describe('sequence fields: PATCH', () => {
  it('a form that sends the whole case back (the pair, {} for no arguments) saves a multi-call case unchanged', async () => {
    const created = await create(sequenceCase({ expectedCalls: [{ server: 'todo', tool: 'search_todos' }, UPDATE] }));
    const { expectedServer, expectedTool, name, query, serverIds } = created.body;
    const res = await patch(created.body.id, { name, query, serverIds, expectedServer, expectedTool, expectedParameters: {}, maxSteps: 6 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ maxSteps: 6, expectedCalls: [{ server: 'todo', tool: 'search_todos' }, UPDATE] });
    const changed = await patch(created.body.id, { expectedTool: 'update_todo' });
    expect(changed.status).toBe(400);
    expect(changed.body.error.details?.map((d) => d.path)).toEqual(['expectedCalls']);
  });

  it('patching expectedCalls replaces the pair, patching the pair of a one-call case replaces the call', async () => {
    const created = await create({ name: 'patchable', query: 'q', serverIds: [ids.todo], expectedServer: 'todo', expectedTool: 'search_todos' });
    const seq = await patch(created.body.id, { mode: 'sequence', expectedCalls: [SEARCH, UPDATE], callOrder: 'any' });
    expect(seq.status).toBe(200);
    expect(seq.body).toMatchObject({ expectedTool: 'search_todos', expectedParameters: { query: 'milk' }, expectedCalls: [SEARCH, UPDATE], callOrder: 'any' });
    const back = await patch(created.body.id, { mode: 'selection', expectedCalls: null, expectedServer: 'todo', expectedTool: 'update_todo', expectedParameters: { id: 1 } });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ expectedTool: 'update_todo', expectedCalls: [{ server: 'todo', tool: 'update_todo', arguments: { id: 1 } }] });
    const pairOnly = await patch(created.body.id, { expectedTool: 'search_todos', expectedParameters: null });
    expect(pairOnly.status).toBe(200);
    expect(pairOnly.body.expectedCalls).toEqual([{ server: 'todo', tool: 'search_todos' }]);
  });
});

describe('sequence fields: export and import', () => {
  it.each(['json', 'jsonl', 'csv'])('%s round trip keeps every field', async (format) => {
    const name = `round trip ${format}`;
    const body = sequenceCase({
      name,
      callOrder: 'any',
      maxSteps: 7,
      forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }],
      execute: 'read-only',
      mockResults: [{ server: 'todo', tool: 'update_todo', match: { id: 42 }, result: { text: 'updated', isError: false } }],
      context: [{ role: 'user', content: 'earlier, with "quotes", commas\nand a line break' }],
    });
    const created = await create(body);
    expect(created.status).toBe(201);
    const exported = await call(exportRoute.GET, 'GET', `/api/test-cases/export?format=${format}&search=${encodeURIComponent(name)}`);
    expect(exported.status).toBe(200);
    expect(exported.text).toContain('$fromResult');
    const renamed = exported.text.replaceAll(name, `${name} copy`);
    const imported = await call<ImportReport>(importRoute.POST, 'POST', `/api/test-cases/import?format=${format}`, { rawBody: renamed });
    expect(imported.body).toMatchObject({ created: 1, failed: 0 });
    const copyId = (imported.body.results[0] as unknown as { id: string }).id;
    const copy = await get(copyId);
    const pick = ({ expectedCalls, callOrder, maxSteps, mode, forbiddenTools, execute, mockResults, context, expectedServer, expectedTool, expectedParameters }: TestCaseDto) =>
      ({ expectedCalls, callOrder, maxSteps, mode, forbiddenTools, execute, mockResults, context, expectedServer, expectedTool, expectedParameters });
    expect(pick(copy.body)).toEqual(pick(created.body));
  });

  it('an imported row with a bad sequence field fails alone, naming the field', async () => {
    const rows = [
      { ...sequenceCase({ name: 'good import' }), servers: ['todo'], serverIds: undefined },
      { ...sequenceCase({ name: 'bad import', maxSteps: 50 }), servers: ['todo'], serverIds: undefined },
    ];
    const res = await call<ImportReport>(importRoute.POST, 'POST', '/api/test-cases/import?format=json', { rawBody: JSON.stringify(rows) });
    expect(res.body).toMatchObject({ created: 1, failed: 1 });
    expect(res.body.results[1]?.errors?.map((e) => e.path)).toEqual(['maxSteps']);
  });
});

describe('sequence fields: a live server is checked against its latest listing', () => {
  let demo: { baseUrl: string; close(): Promise<void> };
  let demoId = '';
  beforeAll(async () => {
    demo = await startDemoServers();
    const server = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'demo-todo', transport: 'streamable-http', url: `${demo.baseUrl}/demo/todo/mcp` } });
    demoId = server.body.id;
  });
  afterAll(async () => {
    await demo.close();
  });

  const liveCase = (over: Record<string, unknown> = {}) =>
    sequenceCase({ serverIds: [demoId], expectedCalls: [{ server: 'demo-todo', tool: 'search_todos' }, { server: 'demo-todo', tool: 'update_todo' }], ...over });

  /** One run of a case on the live server (the offline router), which stores the listing it saw; overrides make it an experiment variant's. */
  async function runOnce(overrides?: ToolOverride[]) {
    const created = await create({ name: `lister ${++counter}`, query: 'Show my todos', serverIds: [demoId] });
    const { runIds } = await insertBatchWithRuns({ name: 'listing', models: [{ ...FAKE_MODEL, model: 'lexical' }], samples: 1, concurrency: 1, testCaseIds: [created.body.id], withBatchRow: true, ...(overrides ? { toolOverrides: overrides } : {}) });
    const run = await getRun(runIds[0] as string);
    if (!run) throw new Error('seeded run vanished');
    const toRun: RunToExecute = { id: run.id, testCaseId: run.testCaseId, samples: run.samples, settings: run.settings };
    const outcome = await executeRun(toRun, { ...sequenceContext(), ...(overrides ? { overrides } : {}) }, new AbortController().signal);
    expect(outcome.status).toBe('completed');
  }

  it('before any run the listing is unknown: an unknown tool is accepted (the run will show it missing)', async () => {
    const res = await create(liveCase({ forbiddenTools: [{ server: 'demo-todo', tool: 'drop_everything' }] }));
    expect(res.status).toBe(201);
  });

  it('an experiment variant\'s renamed listing does not count as the server\'s', async () => {
    await runOnce([{ server: 'demo-todo', tool: 'delete_todo', name: 'remove_todo' }]);
    const res = await create(liveCase({ forbiddenTools: [{ server: 'demo-todo', tool: 'delete_todo' }] }));
    expect(res.status).toBe(201);
  });

  it('once a run listed it, a tool the listing lacks is a 400 naming the path, in each field', async () => {
    await runOnce();
    const ok = await create(liveCase({ forbiddenTools: [{ server: 'demo-todo', tool: 'delete_todo' }], execute: { allow: [{ server: 'demo-todo', tool: 'search_todos' }] } }));
    expect(ok.status).toBe(201);
    const cases: [Record<string, unknown>, string][] = [
      [{ expectedCalls: [{ server: 'demo-todo', tool: 'search_todos' }, { server: 'demo-todo', tool: 'rename_todo' }] }, 'expectedCalls.1.tool'],
      [{ forbiddenTools: [{ server: 'demo-todo', tool: 'drop_everything' }] }, 'forbiddenTools.0.tool'],
      [{ execute: { allow: [{ server: 'demo-todo', tool: 'run_shell' }] } }, 'execute.allow.0.tool'],
      [{ mockResults: [{ server: 'demo-todo', tool: 'archive_todo', result: { text: 'ok' } }] }, 'mockResults.0.tool'],
    ];
    for (const [over, path] of cases) {
      const res = await create(liveCase(over));
      expect(res.status, path).toBe(400);
      const detail = res.body.error.details?.find((d) => d.path === path);
      // The stored listing lacks it, so the server was asked again: its listing of now rules.
      expect(detail?.message).toMatch(/is not a tool of demo-todo \(as it lists its tools now: .*search_todos/);
    }
  });

  /** A run whose stored listing of `server` is just `tools` (as an older run of a server that has changed since). */
  async function storeListing(server: { name: string; url: string }, tools: string[]) {
    const created = await create({ name: `old lister ${++counter}`, query: 'q', serverIds: [server.name === 'demo-todo' ? demoId : ids.live] });
    const run = await seedRun(created.body.id);
    await withTransaction(() => storeRunTools(run.id, tools.map((name) => ({ serverName: server.name, serverUrl: server.url, name, exposedName: name, inputSchema: { type: 'object' } }))));
  }

  it('a stored listing that predates a tool: the server is listed again and the tool it has now is accepted', async () => {
    await storeListing({ name: 'demo-todo', url: `${demo.baseUrl}/demo/todo/mcp` }, ['search_todos']);
    const res = await create(liveCase({ forbiddenTools: [{ server: 'demo-todo', tool: 'delete_todo' }] }));
    expect(res.status).toBe(201);
  });

  it('a server that cannot be listed now is held to its stored listing', async () => {
    await storeListing({ name: 'live', url: 'http://127.0.0.1:9/mcp' }, ['ping']);
    const known = await create(sequenceCase({ serverIds: [ids.live], expectedCalls: [{ server: 'live', tool: 'ping' }, { server: 'live', tool: 'ping' }] }));
    expect(known.status).toBe(201);
    const res = await create(sequenceCase({ serverIds: [ids.live], expectedCalls: [{ server: 'live', tool: 'ping' }, { server: 'live', tool: 'pong' }] }));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'expectedCalls.1.tool', message: expect.stringMatching(/'pong' is not a tool of live in its latest listing \(a run of .*: ping\)/) }]);
  });
});
