import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as batchesRoute from '@/app/api/batches/route';
import * as checkRoute from '@/app/api/servers/[id]/check/route';
import * as serverRoute from '@/app/api/servers/[id]/route';
import * as snapshotRoute from '@/app/api/servers/[id]/snapshot/route';
import * as callRoute from '@/app/api/servers/[id]/tools/[name]/call/route';
import * as toolsRoute from '@/app/api/servers/[id]/tools/route';
import * as exportRoute from '@/app/api/servers/export/route';
import * as serversRoute from '@/app/api/servers/route';
import * as runRoute from '@/app/api/test-runs/[id]/route';
import * as runsRoute from '@/app/api/test-runs/route';
import { sql } from 'drizzle-orm';
import { get } from '@/db/sql';
import { createTestCase } from '@/lib/test-cases/service';
import { call } from './helpers/api';
import { waitForBatch } from './helpers/wait-batch';
import { freePort, startEverything } from './helpers/everything';

type Server = { id: string; name: string; transport: string; status: string; toolCount?: number; url?: string; sourceServerId?: string };
type Tool = { name: string; description?: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown>; annotations?: Record<string, unknown> };
type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

let everything: Awaited<ReturnType<typeof startEverything>>;

beforeAll(async () => {
  everything = await startEverything('streamableHttp');
});
afterAll(async () => {
  await everything?.close();
});

async function create(body: unknown) {
  return call<Server & ErrorBody>(serversRoute.POST, 'POST', '/api/servers', { body });
}

async function toolsOf(id: string): Promise<Tool[]> {
  const res = await call<{ items: Tool[]; total: number }>(toolsRoute.GET, 'GET', `/api/servers/${id}/tools`, { params: { id } });
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(res.body.items.length);
  return res.body.items;
}

const SEARCH_SCHEMA = { type: 'object', properties: { query: { type: 'string', description: 'What to look for' } }, required: ['query'] };

describe('creating static servers from each input format', () => {
  it('MCP tools/list items, with output schema and annotations, listed back in order', async () => {
    const res = await create({
      name: 'design-mcp',
      transport: 'static',
      tools: [
        { name: 'search_docs', description: 'Search the docs', inputSchema: SEARCH_SCHEMA, annotations: { readOnlyHint: true, title: 'Search' } },
        { name: 'delete_doc', inputSchema: { type: 'object', properties: { id: { type: 'string' } } }, outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ transport: 'static', status: 'active', toolCount: 2 });
    expect(res.body.url).toBeUndefined();
    const tools = await toolsOf(res.body.id);
    expect(tools.map((t) => t.name)).toEqual(['search_docs', 'delete_doc']);
    expect(tools[0]).toEqual({ name: 'search_docs', description: 'Search the docs', inputSchema: SEARCH_SCHEMA, annotations: { readOnlyHint: true, title: 'Search' } });
    // MCP leaves description optional; stored, it is an empty string.
    expect(tools[1]?.description).toBe('');
    expect(tools[1]?.outputSchema).toEqual({ type: 'object', properties: { ok: { type: 'boolean' } } });
  });

  it('OpenAI function definitions, wrapped and bare', async () => {
    const res = await create({
      name: 'design-openai',
      transport: 'static',
      tools: [
        { type: 'function', function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
        { name: 'get_time', description: 'Current time', parameters: { type: 'object', properties: { tz: { type: 'string' } } } },
        { type: 'function', function: { name: 'ping', description: 'No parameters at all' } },
      ],
    });
    expect(res.status).toBe(201);
    const tools = await toolsOf(res.body.id);
    expect(tools).toEqual([
      { name: 'get_weather', description: 'Weather for a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
      { name: 'get_time', description: 'Current time', inputSchema: { type: 'object', properties: { tz: { type: 'string' } } } },
      { name: 'ping', description: 'No parameters at all', inputSchema: { type: 'object', properties: {} } },
    ]);
  });

  it('Anthropic tool definitions', async () => {
    const res = await create({ name: 'design-anthropic', transport: 'static', tools: [{ name: 'lookup', description: 'Look a word up', input_schema: SEARCH_SCHEMA }] });
    expect(res.status).toBe(201);
    expect(await toolsOf(res.body.id)).toEqual([{ name: 'lookup', description: 'Look a word up', inputSchema: SEARCH_SCHEMA }]);
  });

  it("the shared data file's format (informal parameter types)", async () => {
    const res = await create({
      name: 'design-data-file',
      transport: 'static',
      tools: [
        { name: 'fetch_url', description: 'Fetch a web page', parameter: { url: '(string) The URL', max_length: '(int) Characters to return', raw: 'Return HTML as is' } },
        { name: 'list_all', description: 'No parameters', parameter: null },
      ],
    });
    expect(res.status).toBe(201);
    const tools = await toolsOf(res.body.id);
    expect(tools[0]?.inputSchema).toEqual({
      type: 'object',
      properties: { url: { type: 'string', description: 'The URL' }, max_length: { type: 'integer', description: 'Characters to return' }, raw: { description: 'Return HTML as is' } },
    });
    expect(tools[1]?.inputSchema).toEqual({ type: 'object', properties: {} });
  });

  it('a name that is taken is 409, whatever the transport', async () => {
    const res = await create({ name: 'DESIGN-MCP', transport: 'static', tools: [] });
    expect(res.status).toBe(409);
  });
});

describe('bad tool definitions are a 400 naming the tool and the field', () => {
  async function refused(tools: unknown[]) {
    const res = await create({ name: `bad-${Math.random().toString(36).slice(2, 8)}`, transport: 'static', tools });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    return res.body.error;
  }

  it('an inputSchema that is not an object, not of type object, or not JSON Schema', async () => {
    const error = await refused([
      { name: 'ok_tool', description: '', inputSchema: { type: 'object' } },
      { name: 'array_schema', description: '', inputSchema: [] },
      { name: 'string_schema', description: '', inputSchema: { type: 'string' } },
      { name: 'broken_schema', description: '', inputSchema: { type: 'object', properties: { a: { type: 'no-such-type' } } } },
    ]);
    expect(error.details?.map((d) => d.path)).toEqual(['tools.1.inputSchema', 'tools.2.inputSchema', 'tools.3.inputSchema']);
    expect(error.details?.[0]?.message).toMatch(/tool 1 \("array_schema"\): inputSchema must be a JSON Schema object/);
    expect(error.details?.[1]?.message).toMatch(/tool 2 \("string_schema"\): inputSchema must have type "object"/);
    expect(error.details?.[2]?.message).toMatch(/tool 3 \("broken_schema"\): inputSchema is not valid JSON Schema/);
    expect(error.message).toContain('tools.1.inputSchema');
    expect(error.message).toContain('array_schema');
  });

  it('duplicate names and invalid names', async () => {
    const error = await refused([
      { name: 'search', description: 'a', inputSchema: { type: 'object' } },
      { name: 'search', description: 'b', inputSchema: { type: 'object' } },
      { name: 'has space', description: '', inputSchema: { type: 'object' } },
      { name: 'x'.repeat(129), description: '', inputSchema: { type: 'object' } },
      { description: 'no name', inputSchema: { type: 'object' } },
    ]);
    expect(error.details?.map((d) => d.path)).toEqual(['tools.1.name', 'tools.2.name', 'tools.3.name', 'tools.4.name']);
    expect(error.details?.[0]?.message).toBe('tool 1 ("search"): duplicate name, already used by tool 0');
    expect(error.details?.[1]?.message).toMatch(/^tool 2 \("has space"\): name must be 1-128 characters/);
    expect(error.details?.[3]?.message).toBe('tool 4: name is required');
  });

  it('a description that is not a string, bad annotations, a bad output schema, an unknown format', async () => {
    const error = await refused([
      { name: 'a', description: 42, inputSchema: { type: 'object' } },
      { name: 'b', description: '', inputSchema: { type: 'object' }, annotations: { readOnlyHint: 'yes' } },
      { name: 'c', description: '', inputSchema: { type: 'object' }, outputSchema: { type: 'array' } },
      'not a tool',
    ]);
    expect(error.details?.map((d) => d.path)).toEqual(['tools.0.description', 'tools.1.annotations.readOnlyHint', 'tools.2.outputSchema', 'tools.3']);
    expect(error.details?.[0]?.message).toMatch(/^tool 0 \("a"\): description/);
    expect(error.details?.[1]?.message).toMatch(/^tool 1 \("b"\): annotations.readOnlyHint/);
  });

  it('static servers take no url, command or auth, and live servers take no tools', async () => {
    const a = await create({ name: 'bad-static-url', transport: 'static', tools: [], url: 'http://127.0.0.1:1/mcp' });
    expect(a.status).toBe(400);
    expect(a.body.error.details?.[0]?.path).toBe('url');
    const b = await create({ name: 'bad-static-none', transport: 'static' });
    expect(b.body.error.details?.[0]?.path).toBe('tools');
    const c = await create({ name: 'bad-live-tools', transport: 'streamable-http', url: everything.url, tools: [] });
    expect(c.status).toBe(400);
    expect(c.body.error.details?.[0]?.path).toBe('tools');
  });
});

describe('editing a static server', () => {
  it('PATCH with tools replaces the list, without keeps it; a rename keeps the tools', async () => {
    const { body: s } = await create({ name: 'editable', transport: 'static', tools: [{ name: 'one', description: 'first', inputSchema: { type: 'object' } }] });
    const patch = async (body: unknown) => call<Server & ErrorBody>(serverRoute.PATCH, 'PATCH', `/api/servers/${s.id}`, { params: { id: s.id }, body });

    const replaced = await patch({ tools: [{ name: 'two', description: 'second', input_schema: { type: 'object' } }, { name: 'one', description: 'first, edited', inputSchema: { type: 'object' } }] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.toolCount).toBe(2);
    expect((await toolsOf(s.id)).map((t) => `${t.name}:${t.description}`)).toEqual(['two:second', 'one:first, edited']);

    const renamed = await patch({ name: 'edited' });
    expect(renamed.body).toMatchObject({ name: 'edited', transport: 'static', status: 'active', toolCount: 2 });
    expect((await toolsOf(s.id)).map((t) => t.name)).toEqual(['two', 'one']);

    const bad = await patch({ tools: [{ name: 'x', description: '', inputSchema: { type: 'object' } }, { name: 'x', description: '', inputSchema: { type: 'object' } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.path).toBe('tools.1.name');
    expect((await toolsOf(s.id)).length).toBe(2);

    expect((await patch({ url: 'http://127.0.0.1:1/mcp' })).status).toBe(400);
  });

  it('a static server turned live forgets its tools; a live one turned static needs tools', async () => {
    const { body: s } = await create({ name: 'shifting', transport: 'static', tools: [{ name: 'one', description: '', inputSchema: { type: 'object' } }] });
    const live = await call<Server>(serverRoute.PATCH, 'PATCH', `/api/servers/${s.id}`, { params: { id: s.id }, body: { transport: 'streamable-http', url: everything.url } });
    expect(live.body).toMatchObject({ transport: 'streamable-http', status: 'active' });
    expect(await get(sql`select count(*) as "n" from static_tools where server_id = ${s.id}`)).toEqual({ n: 0 });
    expect((await toolsOf(s.id)).map((t) => t.name)).toContain('echo');

    const noTools = await call<ErrorBody>(serverRoute.PATCH, 'PATCH', `/api/servers/${s.id}`, { params: { id: s.id }, body: { transport: 'static' } });
    expect(noTools.status).toBe(400);
    const back = await call<Server>(serverRoute.PATCH, 'PATCH', `/api/servers/${s.id}`, { params: { id: s.id }, body: { transport: 'static', tools: [{ name: 'again', description: '', inputSchema: { type: 'object' } }] } });
    expect(back.body).toMatchObject({ transport: 'static', toolCount: 1 });
  });

  it('check is always active, the playground validates then refuses with 422, mcp.json export leaves it out', async () => {
    const list = await call<{ items: Server[] }>(serversRoute.GET, 'GET', '/api/servers', { query: { transport: 'static', search: 'design-anthropic' } });
    const id = list.body.items[0]?.id ?? '';
    const check = await call<Server & { check: { ok: boolean } }>(checkRoute.POST, 'POST', `/api/servers/${id}/check`, { params: { id } });
    expect(check.body.status).toBe('active');
    expect(check.body.check.ok).toBe(true);

    const invalid = await call<ErrorBody>(callRoute.POST, 'POST', '/x', { params: { id, name: 'lookup' }, body: { arguments: {} } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.code).toBe('invalid_arguments');
    const valid = await call<ErrorBody>(callRoute.POST, 'POST', '/x', { params: { id, name: 'lookup' }, body: { arguments: { query: 'x' } } });
    expect(valid.status).toBe(422);
    expect(valid.body.error.code).toBe('static_tool_not_executable');
    expect(await get(sql`select count(*) as "n" from tool_executions where server_id = ${id}`)).toEqual({ n: 0 });

    const exported = await call<{ mcpServers: Record<string, unknown> }>(exportRoute.GET, 'GET', '/api/servers/export', { query: { format: 'mcp' } });
    expect(exported.status).toBe(200);
    expect(Object.keys(exported.body.mcpServers)).not.toContain('design-anthropic');
  });
});

describe('snapshot of a live server', () => {
  let live: Server;
  beforeAll(async () => {
    live = (await create({ name: 'everything', transport: 'streamable-http', url: everything.url })).body;
  });

  it('freezes every tool the live server lists into a new static server', async () => {
    const liveTools = await toolsOf(live.id);
    expect(liveTools.length).toBeGreaterThanOrEqual(10);
    const res = await call<Server & ErrorBody>(snapshotRoute.POST, 'POST', `/api/servers/${live.id}/snapshot`, { params: { id: live.id }, body: { name: 'everything-frozen' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'everything-frozen', transport: 'static', status: 'active', toolCount: liveTools.length, sourceServerId: live.id });
    const frozen = await toolsOf(res.body.id);
    expect(frozen.map((t) => t.name)).toEqual(liveTools.map((t) => t.name));
    const echo = (list: Tool[]) => list.find((t) => t.name === 'echo');
    expect(echo(frozen)?.description).toBe(echo(liveTools)?.description);
    expect(echo(frozen)?.inputSchema).toEqual(echo(liveTools)?.inputSchema);
  });

  it('409 on a taken name, 404 on an unknown server, 502 when the live server fails', async () => {
    const taken = await call<ErrorBody>(snapshotRoute.POST, 'POST', '/x', { params: { id: live.id }, body: { name: 'everything' } });
    expect(taken.status).toBe(409);
    const unknown = await call<ErrorBody>(snapshotRoute.POST, 'POST', '/x', { params: { id: 'nope' }, body: { name: 'x1' } });
    expect(unknown.status).toBe(404);
    const port = await freePort();
    const down = (await create({ name: 'down', transport: 'streamable-http', url: `http://127.0.0.1:${port}/mcp` })).body;
    const failed = await call<ErrorBody>(snapshotRoute.POST, 'POST', '/x', { params: { id: down.id }, body: { name: 'down-frozen' } });
    expect(failed.status).toBe(502);
    expect(await get(sql`select count(*) as "n" from mcp_servers where name = 'down-frozen'`)).toEqual({ n: 0 });
  });
});

describe('a batch on a static server', () => {
  it('the local provider runs against the stored tools, and the run snapshot is the list at run time', { timeout: 60_000 }, async () => {
    const { body: s } = await create({
      name: 'library',
      transport: 'static',
      tools: [
        { type: 'function', function: { name: 'borrow_book', description: 'Borrow a library book by its title for the reader', parameters: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } } },
        { type: 'function', function: { name: 'renew_loan', description: 'Extend the due date of a borrowed loan', parameters: { type: 'object', properties: { loanId: { type: 'string' } } } } },
      ],
    });
    const ids = [
      (await createTestCase({ name: 'lib borrow', query: 'borrow the book Dune', serverIds: [s.id], expectedServer: 'library', expectedTool: 'borrow_book', expectedParameters: null })).id,
      (await createTestCase({ name: 'lib renew', query: 'extend the due date of my loan', serverIds: [s.id], expectedServer: 'library', expectedTool: 'renew_loan', expectedParameters: null })).id,
    ];
    const res = await call<{ id: string }>(batchesRoute.POST, 'POST', '/api/batches', { body: { testCaseIds: ids, models: [{ provider: 'local', model: 'lexical' }] } });
    expect(res.status).toBe(202);
    await waitForBatch(res.body.id);
    const runs = await call<{ items: { id: string; status: string; classification: string | null; selectedTool: string | null }[] }>(runsRoute.GET, 'GET', '/api/test-runs', { query: { batchId: res.body.id } });
    expect(runs.body.items).toHaveLength(2);
    expect(runs.body.items.every((r) => r.status === 'completed')).toBe(true);
    expect(runs.body.items.map((r) => `${r.selectedTool}:${r.classification}`).sort()).toEqual(['borrow_book:TP', 'renew_loan:TP']);
    const first = runs.body.items[0]?.id ?? '';
    const detail = await call<{ tools: { server: string; name: string }[] }>(runRoute.GET, 'GET', `/api/test-runs/${first}`, { params: { id: first } });
    expect(detail.body.tools.map((t) => `${t.server}/${t.name}`).sort()).toEqual(['library/borrow_book', 'library/renew_loan']);
  });
});
