import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as bfclRoute from '@/app/api/import/bfcl/route';
import * as tefRoute from '@/app/api/import/mcp-tef/route';
import * as serverRoute from '@/app/api/servers/[id]/route';
import * as caseRoute from '@/app/api/test-cases/[id]/route';
import type { BfclImportReport } from '@/lib/import/bfcl';
import { parseBfclFile, splitBfclItems } from '@/lib/import/bfcl-files';
import type { TefImportReport } from '@/lib/import/mcp-tef';
import { storedToolsOf } from '@/lib/servers/static-tools/store';
import { get } from '@/db/sql';
import { call } from './helpers/api';

type Case = { name: string; query: string; expectedServer: string | null; expectedTool: string | null; expectedParameters: Record<string, unknown> | null; argumentMatching: string; servers: { id: string; name: string }[] };
type ErrorBody = { error: { code: string; message: string } };

const SAMPLE = path.resolve(process.cwd(), '../shared/data/bfcl/bfcl-v4-sample.json');
const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as Record<string, { id: string; ground_truth?: unknown }[]>;
const entry = (category: string, id: string) => {
  const found = (sample[category] ?? []).find((e) => e.id === id);
  if (!found) throw new Error(`${id} not in the sample`);
  return found;
};
const importBfcl = (body: unknown) => call<BfclImportReport & ErrorBody>(bfclRoute.POST, 'POST', '/api/import/bfcl', { body });
const getCase = async (id: string) => (await call<Case>(caseRoute.GET, 'GET', `/api/test-cases/${id}`, { params: { id } })).body;

describe('POST /api/import/bfcl', () => {
  it('turns a simple entry into a static tool set and a bfcl case: "" -> $absent allowed, BFCL types as JSON Schema', async () => {
    const e = entry('simple', 'simple_python_8');
    const res = await importBfcl({ entries: [e], answers: [{ id: e.id, ground_truth: e.ground_truth }] });
    expect(res.status).toBe(201);
    const [result] = res.body.results;
    expect(result).toMatchObject({ id: 'simple_python_8', status: 'created', kind: 'positive' });
    if (result?.status !== 'created') throw new Error('not created');
    const tc = await getCase(result.testCaseId);
    expect(tc).toMatchObject({ expectedServer: result.serverName, expectedTool: 'geometry.area_circle', argumentMatching: 'bfcl', query: "What's the area of a circle with a radius of 10?" });
    expect(tc.expectedParameters).toEqual({ radius: 10, units: { $oneOf: ['meters', { $absent: true }] } });
    const [tool] = await storedToolsOf(result.serverId);
    expect(tool?.name).toBe('geometry.area_circle');
    expect(tool?.inputSchema).toMatchObject({ type: 'object', properties: { radius: { type: 'integer' }, units: { type: 'string' } }, required: ['radius'] });
  });

  it('maps dict, float and tuple types, lists of acceptable values to $oneOf, and reuses a tool set on re-import', async () => {
    const entries = [
      {
        id: 'synthetic_1',
        question: [[{ role: 'system', content: 'be brief' }, { role: 'user', content: 'Book it' }]],
        function: [
          {
            name: 'book',
            description: 'Books',
            parameters: { type: 'dict', properties: { when: { type: 'dict', properties: { day: { type: 'string' } } }, price: { type: 'float' }, pair: { type: 'tuple', items: { type: 'integer' } }, extra: { type: 'any' }, note: { type: 'string' } }, required: ['price'] },
          },
        ],
      },
    ];
    const answers = [{ id: 'synthetic_1', ground_truth: [{ book: { when: [{ day: ['mon', 'monday'] }], price: [9.5, 10], pair: [[1, 2]], extra: ['x'] } }] }];
    const first = await importBfcl({ entries, answers });
    const again = await importBfcl({ entries, answers });
    expect(first.body.servers).toEqual({ created: 1, reused: 0 });
    expect(again.body.servers).toEqual({ created: 0, reused: 1 });
    expect(again.body).toMatchObject({ created: 0, alreadyImported: 1, failed: 0 });
    const result = first.body.results[0];
    if (result?.status !== 'created') throw new Error(JSON.stringify(result));
    const tc = await getCase(result.testCaseId);
    expect(tc.query).toBe('Book it');
    expect(tc.expectedParameters).toEqual({ when: { day: { $oneOf: ['mon', 'monday'] } }, price: { $oneOf: [9.5, 10] }, pair: [1, 2], extra: 'x', note: { $absent: true } });
    const props = ((await storedToolsOf(result.serverId))[0]?.inputSchema as { properties: Record<string, unknown> }).properties;
    expect(props).toEqual({ when: { type: 'object', properties: { day: { type: 'string' } } }, price: { type: 'number' }, pair: { type: 'array', items: { type: 'integer' } }, extra: {}, note: { type: 'string' } });
  });

  it('makes irrelevance entries negative cases and says why other entries were not imported', async () => {
    const irrelevant = entry('irrelevance', 'irrelevance_0');
    const simple = entry('simple', 'simple_python_8');
    const res = await importBfcl({
      entries: [irrelevant, { ...simple, id: 'no_answer_1' }, { ...simple, id: 'parallel_1' }, { id: 'broken' }, { ...simple, id: 'two_turns', question: [[{ role: 'user', content: 'a' }], [{ role: 'user', content: 'b' }]] }],
      answers: [{ id: 'parallel_1', ground_truth: [{ 'geometry.area_circle': { radius: [1] } }, { 'geometry.area_square': { side: [2] } }] }],
    });
    expect(res.body).toMatchObject({ total: 5, created: 1, failed: 4 });
    const [neg, noAnswer, parallel, broken, turns] = res.body.results;
    expect(neg).toMatchObject({ status: 'created', kind: 'negative' });
    if (neg?.status === 'created') expect(await getCase(neg.testCaseId)).toMatchObject({ expectedServer: null, expectedTool: null, expectedParameters: null, argumentMatching: 'bfcl' });
    expect(noAnswer).toMatchObject({ status: 'failed', reason: 'no possible answer with this id' });
    expect(parallel).toMatchObject({ status: 'failed', reason: 'the ground truth calls geometry.area_square, which the entry does not declare (ground_truth[1])' });
    expect(broken).toMatchObject({ id: 'broken', status: 'failed', reason: expect.stringContaining('not a BFCL question object') });
    expect(turns).toMatchObject({ status: 'failed', reason: expect.stringContaining('multi-turn') });
  });

  it('makes multi-call entries (parallel, parallel_multiple) one-turn sequence cases: every call, any order, none executed', async () => {
    const simple = entry('simple', 'simple_python_8');
    const multiple = entry('multiple', 'multiple_1');
    const [fnA, fnB] = (multiple as unknown as { function: { name: string }[] }).function;
    if (!fnA || !fnB) throw new Error('multiple_1 declares two functions');
    const res = await importBfcl({
      entries: [
        { ...simple, id: 'parallel_9' },
        { ...multiple, id: 'parallel_multiple_9' },
      ],
      answers: [
        { id: 'parallel_9', ground_truth: [{ 'geometry.area_circle': { radius: [10], units: ['meters', ''] } }, { 'geometry.area_circle': { radius: [5], units: ['meters', ''] } }] },
        { id: 'parallel_multiple_9', ground_truth: [{ [fnA.name]: {} }, { [fnB.name]: {} }] },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 2, created: 2, failed: 0 });
    const [parallel, parallelMultiple] = res.body.results;
    expect(parallel).toMatchObject({ status: 'created', kind: 'multi' });
    if (parallel?.status !== 'created' || parallelMultiple?.status !== 'created') throw new Error(JSON.stringify(res.body.results));
    const tc = (await getCase(parallel.testCaseId)) as Case & Record<string, unknown>;
    expect(tc).toMatchObject({ mode: 'sequence', callOrder: 'any', maxSteps: 1, execute: 'none', argumentMatching: 'bfcl', expectedServer: parallel.serverName, expectedTool: 'geometry.area_circle' });
    expect(tc.expectedCalls).toEqual([
      { server: parallel.serverName, tool: 'geometry.area_circle', arguments: { radius: 10, units: { $oneOf: ['meters', { $absent: true }] } } },
      { server: parallel.serverName, tool: 'geometry.area_circle', arguments: { radius: 5, units: { $oneOf: ['meters', { $absent: true }] } } },
    ]);
    const pm = (await getCase(parallelMultiple.testCaseId)) as Case & Record<string, unknown>;
    expect((pm.expectedCalls as { tool: string }[]).map((c) => c.tool)).toEqual([fnA.name, fnB.name]);
  });

  it('importing the same files again reports every case as already imported, with the id of the first import', async () => {
    const picked = [entry('simple', 'simple_python_11'), entry('multiple', 'multiple_6'), entry('irrelevance', 'irrelevance_25')];
    const body = { entries: picked.map(({ ground_truth: _, ...q }) => ({ ...q, id: `again_${q.id}` })), answers: picked.filter((e) => e.ground_truth).map((e) => ({ id: `again_${e.id}`, ground_truth: e.ground_truth })) };
    const first = await importBfcl(body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ total: 3, created: 3, alreadyImported: 0, failed: 0 });
    const again = await importBfcl(body);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ total: 3, created: 0, alreadyImported: 3, failed: 0 });
    expect(again.body.results.map((r) => r.status)).toEqual(['already_imported', 'already_imported', 'already_imported']);
    const ids = (r: BfclImportReport) => r.results.map((x) => ('testCaseId' in x ? x.testCaseId : null));
    expect(ids(again.body)).toEqual(ids(first.body));
    expect(again.body.results.map((r) => ('kind' in r ? r.kind : null))).toEqual(first.body.results.map((r) => ('kind' in r ? r.kind : null)));
  });

  it('a different case under an imported name is still a name conflict, not "already imported"', async () => {
    const e = entry('simple', 'simple_python_13');
    const answer = { id: 'conflict_1', ground_truth: e.ground_truth };
    const first = await importBfcl({ entries: [{ ...e, id: 'conflict_1' }], answers: [answer] });
    expect(first.body.created).toBe(1);
    const question = (e as unknown as { question: { role: string; content: string }[][] }).question;
    const changed = { ...e, id: 'conflict_1', question: [[...(question[0] ?? []), { role: 'user', content: 'and in metres please' }]] };
    const again = await importBfcl({ entries: [changed], answers: [answer] });
    expect(again.body).toMatchObject({ created: 0, alreadyImported: 0, failed: 1 });
    expect(again.body.results[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('already exists') });
  });

  it('an entry that fails after its new tool set was made leaves no tool set behind (all or nothing per entry)', async () => {
    const e = entry('simple', 'simple_python_13');
    const answer = { id: 'conflict_2', ground_truth: e.ground_truth };
    expect((await importBfcl({ entries: [{ ...e, id: 'conflict_2' }], answers: [answer] })).body.created).toBe(1);
    // The same id with another function description: a new tool set, then the case name is taken.
    const fns = (e as unknown as { function: { description: string }[] }).function;
    const changed = { ...e, id: 'conflict_2', function: fns.map((f) => ({ ...f, description: `${f.description} (revised)` })) };
    const before = await get<{ n: number }>(sql`select count(*) as "n" from mcp_servers`);
    const again = await importBfcl({ entries: [changed], answers: [answer] });
    expect(again.body).toMatchObject({ created: 0, failed: 1, servers: { created: 0, reused: 0 } });
    expect(again.body.results[0]).toMatchObject({ status: 'failed', reason: expect.stringContaining('already exists') });
    expect(await get<{ n: number }>(sql`select count(*) as "n" from mcp_servers`)).toEqual(before);
  });

  it('refuses a body without entries with a 400 and a code', async () => {
    const res = await importBfcl({ answers: [] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
  });
});

describe('BFCL files', () => {
  it('reads a JSON array and JSON Lines alike, and splits entries from possible answers by id', () => {
    const lines = '{"id":"a","question":[[{"role":"user","content":"q"}]],"function":[]}\n\n{"id":"a","ground_truth":[{"f":{"x":[1]}}]}\n';
    const fromLines = splitBfclItems(parseBfclFile(lines));
    expect(fromLines.entries).toHaveLength(1);
    expect(fromLines.answers).toEqual([{ id: 'a', ground_truth: [{ f: { x: [1] } }] }]);
    const inline = splitBfclItems(parseBfclFile('[{"id":"b","question":[],"function":[],"ground_truth":[]}]'));
    expect(inline.entries).toHaveLength(1);
    expect(inline.answers).toEqual([{ id: 'b', ground_truth: [] }]);
    expect(() => parseBfclFile('{"id":1}\n{oops', 'x.json')).toThrow('x.json line 2 is not valid JSON');
  });
});

describe('POST /api/import/mcp-tef', () => {
  it('imports flat and expected_tool_calls cases, matching servers by URL; several calls make a sequence case', async () => {
    const servers = [{ url: 'http://127.0.0.1:9/tef', transport: 'sse' }];
    const res = await call<TefImportReport>(tefRoute.POST, 'POST', '/api/import/mcp-tef', {
      body: [
        { name: 'weather', query: 'Weather in Paris?', available_mcp_servers: servers, expected_mcp_server_url: 'http://127.0.0.1:9/tef', expected_tool_name: 'get_weather', expected_parameters: { city: 'Paris' } },
        { name: 'two calls', query: 'Find then book', available_mcp_servers: servers, expected_tool_calls: [{ mcp_server_url: 'http://127.0.0.1:9/tef', tool_name: 'find', parameters: { q: 'x' } }, { tool_name: 'book' }] },
        { name: 'none', query: 'Hi', available_mcp_servers: servers },
        { name: 'bad', query: 'x', available_mcp_servers: servers, expected_mcp_server_url: 'http://elsewhere/', expected_tool_name: 't' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 4, created: 3, failed: 1, serversCreated: 1 });
    const [flat, seq, none, bad] = res.body.results;
    expect(seq).toMatchObject({ status: 'created', expectedCalls: 2 });
    expect(flat).toMatchObject({ status: 'created', expectedCalls: 1 });
    expect(bad).toMatchObject({ status: 'failed', reason: expect.stringContaining('not one of available_mcp_servers') });
    if (flat?.status !== 'created' || seq?.status !== 'created' || none?.status !== 'created') throw new Error('not created');
    const flatCase = await getCase(flat.testCaseId);
    expect(flatCase).toMatchObject({ expectedServer: '127.0.0.1-9-tef', expectedTool: 'get_weather', expectedParameters: { city: 'Paris' }, argumentMatching: 'strict' });
    expect(await getCase(seq.testCaseId)).toMatchObject({
      expectedTool: 'find',
      expectedParameters: { q: 'x' },
      mode: 'sequence',
      // mcp-tef's order_dependent_matching defaults to false: order-independent matching.
      callOrder: 'any',
      expectedCalls: [{ server: '127.0.0.1-9-tef', tool: 'find', arguments: { q: 'x' } }, { server: '127.0.0.1-9-tef', tool: 'book' }],
    });
    expect(await getCase(none.testCaseId)).toMatchObject({ expectedServer: null, expectedTool: null });
    expect((await getCase(none.testCaseId)).servers).toEqual(flatCase.servers);
  });

  it("takes mcp-tef's own sample shape (available_mcp_servers as URL strings, streamable HTTP) and order_dependent_matching; a second import is already imported", async () => {
    const url = 'http://127.0.0.1:9/tef-strings';
    const body = [
      { name: 'E2E Fetch Test - Positive', query: 'Fetch the content from https://example.com', available_mcp_servers: [url], expected_mcp_server_url: url, expected_tool_name: 'fetch' },
      {
        name: 'fetch then save, in order',
        query: 'Fetch example.com and save it',
        available_mcp_servers: [url],
        order_dependent_matching: true,
        expected_tool_calls: [{ mcp_server_url: url, tool_name: 'fetch', parameters: { url: 'https://example.com' } }, { mcp_server_url: url, tool_name: 'save' }],
      },
    ];
    const res = await call<TefImportReport>(tefRoute.POST, 'POST', '/api/import/mcp-tef', { body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 2, created: 2, alreadyImported: 0, failed: 0, serversCreated: 1 });
    const [fetchCase, ordered] = res.body.results;
    if (fetchCase?.status !== 'created' || ordered?.status !== 'created') throw new Error(JSON.stringify(res.body.results));
    const tc = await getCase(fetchCase.testCaseId);
    expect(tc).toMatchObject({ expectedServer: '127.0.0.1-9-tef-strings', expectedTool: 'fetch', expectedParameters: null });
    const server = await call<{ transport: string; url: string }>(serverRoute.GET, 'GET', `/api/servers/${tc.servers[0]?.id}`, { params: { id: tc.servers[0]?.id ?? '' } });
    expect(server.body).toMatchObject({ transport: 'streamable-http', url });
    expect(await getCase(ordered.testCaseId)).toMatchObject({ mode: 'sequence', callOrder: 'exact' });

    const again = await call<TefImportReport>(tefRoute.POST, 'POST', '/api/import/mcp-tef', { body });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ total: 2, created: 0, alreadyImported: 2, failed: 0, serversCreated: 0 });
    expect(again.body.results.map((r) => (r.status === 'failed' ? null : r.testCaseId))).toEqual([fetchCase.testCaseId, ordered.testCaseId]);
  });
});
