import { beforeAll, describe, expect, it } from 'vitest';
import * as caseRoute from '@/app/api/test-cases/[id]/route';
import * as exportRoute from '@/app/api/test-cases/export/route';
import * as importRoute from '@/app/api/test-cases/import/route';
import * as casesRoute from '@/app/api/test-cases/route';
import * as serversRoute from '@/app/api/servers/route';
import { sql } from 'drizzle-orm';
import { get } from '@/db/sql';
import { call } from './helpers/api';

type TestCase = { id: string; name: string; query: string; serverIds: string[]; expectedServer: string | null; expectedTool: string | null; expectedParameters: Record<string, unknown> | null; updatedAt: string };
type ErrorBody = { error: { code: string; message: string; details?: { path: string; message: string }[] } };
type ImportReport = { total: number; created: number; failed: number; results: { row: number; status: string; errors?: { path: string; message: string }[] }[] };

const ids: Record<string, string> = {};
const countRows = async (table: string) => (await get<{ n: number }>(sql`select count(*) as n from ${sql.identifier(table)}`))?.n ?? 0;

beforeAll(async () => {
  // Servers on a closed port: registration works, they are just marked failed.
  for (const [i, name] of ['alpha', 'beta', 'gamma'].entries()) {
    const res = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { name, transport: 'streamable-http', url: `http://127.0.0.1:9/${i}` } });
    ids[name] = res.body.id;
  }
});

const create = (body: unknown) => call<TestCase & ErrorBody>(casesRoute.POST, 'POST', '/api/test-cases', { body });

describe('test case CRUD', () => {
  it('creates positive and negative cases', async () => {
    const pos = await create({ name: 'weather', query: 'Weather in Paris?', serverIds: [ids.alpha, ids.beta], expectedServer: 'beta', expectedTool: 'get_weather', expectedParameters: { city: { $regex: '^paris$' }, days: { $approx: 3, $tolerance: 1 } } });
    expect(pos.status).toBe(201);
    expect(pos.body).toMatchObject({ serverIds: [ids.alpha, ids.beta], expectedServer: 'beta', expectedTool: 'get_weather' });
    const neg = await create({ name: 'chit-chat', query: 'How are you?', serverIds: [ids.alpha] });
    expect(neg.status).toBe(201);
    expect(neg.body).toMatchObject({ expectedServer: null, expectedTool: null, expectedParameters: null });
  });

  it.each([
    [{ name: 'q', query: '', serverIds: ['x'] }, 'query'],
    [{ name: 'q', query: '   ', serverIds: ['x'] }, 'query'],
    [{ name: 'q', query: 'x'.repeat(8001), serverIds: ['x'] }, 'query'],
    [{ name: 'q', query: 'ok', serverIds: [] }, 'serverIds'],
    [{ name: 'q', query: 'ok', serverIds: ['a', 'a'] }, 'serverIds'],
    [{ name: 'q', query: 'ok', serverIds: ['a'], expectedServer: 'alpha' }, 'expectedTool'],
    [{ name: 'q', query: 'ok', serverIds: ['a'], expectedTool: 'x' }, 'expectedServer'],
    [{ name: 'q', query: 'ok', serverIds: ['a'], expectedParameters: { a: 1 } }, 'expectedParameters'],
    [{ name: 'q', query: 'ok', serverIds: ['a'], expectedServer: 'alpha', expectedTool: 't', expectedParameters: [1] }, 'expectedParameters'],
    [{ name: 'q', query: 'ok', serverIds: ['a'], expectedServer: 'alpha', expectedTool: 't', expectedParameters: '{}' }, 'expectedParameters'],
    [{ name: 'q', query: 'ok', serverIds: ['a'], expectedServer: 'alpha', expectedTool: 't', expectedParameters: { a: { $regx: 'x' } } }, 'unknown matcher'],
    [{ name: 'q', query: 'ok', serverIds: ['a'], expectedServer: 'alpha', expectedTool: 't', expectedParameters: { a: { $regex: '(' } } }, 'regular expression'],
    [{ name: 'q', query: 'ok', serverIds: ['a'], expectedServer: 'alpha', expectedTool: 't', expectedParameters: { a: { $approx: 'x' } } }, '$approx'],
  ])('answers 400 for %j', async (body, mention) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(JSON.stringify(res.body.error)).toContain(mention);
  });

  it('accepts a query of exactly 8000 characters', async () => {
    const res = await create({ name: 'long', query: 'q'.repeat(8000), serverIds: [ids.alpha] });
    expect(res.status).toBe(201);
  });

  it('requires the expected server to be one of the case servers', async () => {
    const res = await create({ name: 'x', query: 'ok', serverIds: [ids.alpha], expectedServer: 'beta', expectedTool: 't' });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.[0]?.path).toBe('expectedServer');
  });

  it('answers 422 for unknown server ids, writing nothing', async () => {
    const before = await countRows('test_cases');
    const res = await create({ name: 'x', query: 'ok', serverIds: [ids.alpha, 'missing-id'] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_server');
    expect(await countRows('test_cases')).toBe(before);
  });

  it('searches, filters by server and kind, and paginates', async () => {
    const all = await call<{ items: TestCase[]; total: number }>(casesRoute.GET, 'GET', '/api/test-cases');
    expect(all.body.total).toBe(3);
    const search = await call<{ items: TestCase[]; total: number }>(casesRoute.GET, 'GET', '/api/test-cases', { query: { search: 'PARIS' } });
    expect(search.body.items.map((t) => t.name)).toEqual(['weather']);
    const literal = await call<{ total: number }>(casesRoute.GET, 'GET', '/api/test-cases', { query: { search: '%' } });
    expect(literal.body.total).toBe(0);
    const byServer = await call<{ items: TestCase[] }>(casesRoute.GET, 'GET', '/api/test-cases', { query: { serverId: ids.beta ?? '' } });
    expect(byServer.body.items.map((t) => t.name)).toEqual(['weather']);
    const byName = await call<{ total: number }>(casesRoute.GET, 'GET', '/api/test-cases', { query: { serverName: 'alpha' } });
    expect(byName.body.total).toBe(3);
    const negatives = await call<{ items: TestCase[] }>(casesRoute.GET, 'GET', '/api/test-cases', { query: { kind: 'negative' } });
    expect(negatives.body.items.every((t) => t.expectedTool === null)).toBe(true);
    expect(negatives.body.items.map((t) => t.name)).toEqual(['long', 'chit-chat']);
    const page = await call<{ items: TestCase[]; total: number; limit: number; offset: number }>(casesRoute.GET, 'GET', '/api/test-cases', { query: { limit: '2', offset: '2' } });
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(page.body.items).toHaveLength(1);
  });

  it('updates by merging and validates the result as a whole', async () => {
    const created = await create({ name: 'to edit', query: 'list files', serverIds: [ids.alpha] });
    const id = created.body.id;
    await new Promise((r) => setTimeout(r, 5));
    const ok = await call<TestCase>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${id}`, { params: { id }, body: { expectedServer: 'alpha', expectedTool: 'list_files' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'to edit', expectedServer: 'alpha', expectedTool: 'list_files' });
    expect(ok.body.updatedAt > created.body.updatedAt).toBe(true);
    const bad = await call<ErrorBody>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${id}`, { params: { id }, body: { expectedTool: null } });
    expect(bad.status).toBe(400);
    const unchanged = await call<TestCase>(caseRoute.GET, 'GET', `/api/test-cases/${id}`, { params: { id } });
    expect(unchanged.body.expectedTool).toBe('list_files');
    const del = await call(caseRoute.DELETE, 'DELETE', `/api/test-cases/${id}`, { params: { id } });
    expect(del.status).toBe(200);
    const gone = await call<ErrorBody>(caseRoute.GET, 'GET', `/api/test-cases/${id}`, { params: { id } });
    expect(gone.status).toBe(404);
    const again = await call(caseRoute.DELETE, 'DELETE', `/api/test-cases/${id}`, { params: { id } });
    expect(again.status).toBe(404);
  });
});

describe('import and export', () => {
  it('imports JSON with a per-row report; failed rows write nothing', async () => {
    const before = await countRows('test_case_servers');
    const rows = [
      { name: 'imp ok', query: 'find x', servers: ['alpha', 'gamma'], expectedServer: 'gamma', expectedTool: 'find', expectedParameters: { q: { $contains: 'x' } } },
      { name: 'imp bad server', query: 'q', servers: ['nope'] },
      { name: 'imp bad pair', query: 'q', servers: ['alpha'], expectedServer: 'alpha' },
      { name: 'imp neg', query: 'hello', serverIds: [ids.beta] },
      'not an object',
    ];
    const res = await call<ImportReport>(importRoute.POST, 'POST', '/api/test-cases/import', { body: rows });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 5, created: 2, failed: 3 });
    expect(res.body.results.map((r) => r.status)).toEqual(['created', 'failed', 'failed', 'created', 'failed']);
    expect(res.body.results[1]?.errors?.[0]?.message).toContain('nope');
    expect(res.body.results[2]?.errors?.[0]?.path).toBe('expectedTool');
    const after = await countRows('test_case_servers');
    expect(after - before).toBe(3);
  });

  it('round-trips every format through export and import', async () => {
    for (const format of ['json', 'jsonl', 'csv'] as const) {
      const exported = await call(exportRoute.GET, 'GET', '/api/test-cases/export', { query: { format, search: 'imp' } });
      expect(exported.status).toBe(200);
      expect(exported.headers.get('content-disposition')).toContain(`test-cases.${format}`);
      const renamed = exported.text.replaceAll('imp ', `${format} `);
      const res = await call<ImportReport>(importRoute.POST, 'POST', '/api/test-cases/import', { rawBody: renamed, query: { format } });
      expect(res.body).toMatchObject({ total: 2, created: 2, failed: 0 });
      const copies = await call<{ items: TestCase[] }>(casesRoute.GET, 'GET', '/api/test-cases', { query: { search: `${format} ` } });
      const copy = copies.body.items.find((t) => t.name === `${format} ok`);
      expect(copy).toMatchObject({ query: 'find x', expectedServer: 'gamma', expectedTool: 'find', expectedParameters: { q: { $contains: 'x' } } });
      expect(copy?.serverIds).toEqual([ids.alpha, ids.gamma]);
    }
  });

  it('reports CSV rows by number and refuses unreadable documents', async () => {
    const csv = 'name,query,servers,expectedServer,expectedTool,expectedParameters\n"a, b","say ""hi""",alpha,,,\nc,d,alpha,alpha,t,{not json}\n';
    const res = await call<ImportReport>(importRoute.POST, 'POST', '/api/test-cases/import', { rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.body).toMatchObject({ total: 2, created: 1, failed: 1 });
    expect(res.body.results[1]).toMatchObject({ row: 2, status: 'failed' });
    const created = await call<{ items: TestCase[] }>(casesRoute.GET, 'GET', '/api/test-cases', { query: { search: 'a, b' } });
    expect(created.body.items[0]?.query).toBe('say "hi"');

    const notArray = await call<ErrorBody>(importRoute.POST, 'POST', '/api/test-cases/import', { rawBody: '{"a":1}', query: { format: 'json' } });
    expect(notArray.status).toBe(400);
    const empty = await call<ErrorBody>(importRoute.POST, 'POST', '/api/test-cases/import', { rawBody: '' });
    expect(empty.status).toBe(400);
    const badFormat = await call<ErrorBody>(exportRoute.GET, 'GET', '/api/test-cases/export', { query: { format: 'xml' } });
    expect(badFormat.status).toBe(400);
  });
});

describe('a negative case with {} as expected parameters (issue 18)', () => {
  const storedParameters = async (id: string) => (await get<{ p: unknown }>(sql`select expected_parameters as p from test_cases where id = ${id}`))?.p;

  it('POST accepts {} on a negative case and stores null, as the editor sends it; a non-empty object stays a 400', async () => {
    const res = await create({ name: 'empty-params negative', query: 'Thanks, that is all', serverIds: [ids.alpha], expectedServer: null, expectedTool: null, expectedParameters: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ expectedServer: null, expectedTool: null, expectedParameters: null });
    expect(await storedParameters(res.body.id)).toBeNull();
    const bad = await create({ name: 'non-empty negative', query: 'Thanks', serverIds: [ids.alpha], expectedParameters: { a: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.map((d) => d.path)).toEqual(['expectedParameters']);
  });

  it('PATCH of a negative case with {} is accepted and stored as null', async () => {
    const created = await create({ name: 'empty-params patched', query: 'Bye', serverIds: [ids.alpha] });
    const id = created.body.id;
    const res = await call<TestCase & ErrorBody>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${id}`, { params: { id }, body: { expectedParameters: {} } });
    expect(res.status).toBe(200);
    expect(res.body.expectedParameters).toBeNull();
    expect(await storedParameters(id)).toBeNull();
  });

  it.each([
    ['json', JSON.stringify([{ name: 'neg-json', query: 'hello', servers: ['alpha'], expectedServer: null, expectedTool: null, expectedParameters: {} }, { name: 'neg-json bad', query: 'hello', servers: ['alpha'], expectedParameters: { a: 1 } }])],
    ['jsonl', [{ name: 'neg-jsonl', query: 'hello', servers: ['alpha'], expectedParameters: {} }, { name: 'neg-jsonl bad', query: 'hello', servers: ['alpha'], expectedParameters: { a: 1 } }].map((r) => JSON.stringify(r)).join('\n')],
    ['csv', 'name,query,servers,expectedServer,expectedTool,expectedParameters\nneg-csv,hello,alpha,,,{}\nneg-csv bad,hello,alpha,,,"{""a"":1}"\n'],
  ] as const)('an import (%s) of a negative case with {} creates it with null parameters; {"a":1} fails', async (format, text) => {
    const res = await call<ImportReport & { results: { id?: string }[] }>(importRoute.POST, 'POST', '/api/test-cases/import', { rawBody: text, query: { format } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 2, created: 1, failed: 1 });
    expect(res.body.results[1]?.errors?.map((e) => e.path)).toEqual(['expectedParameters']);
    const id = res.body.results[0]?.id ?? '';
    const read = await call<TestCase>(caseRoute.GET, 'GET', `/api/test-cases/${id}`, { params: { id } });
    expect(read.body).toMatchObject({ name: `neg-${format}`, expectedTool: null, expectedParameters: null });
    expect(await storedParameters(id)).toBeNull();
  });
});
