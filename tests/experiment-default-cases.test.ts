import { beforeAll, describe, expect, it } from 'vitest';
import * as cancelRoute from '@/app/api/experiments/[id]/cancel/route';
import * as defaultCasesRoute from '@/app/api/experiments/default-cases/route';
import * as experimentsRoute from '@/app/api/experiments/route';
import type { ExperimentDto } from '@/lib/experiments/dto';
import type { DefaultCasesDto } from '@/lib/experiments/default-cases';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { call } from './helpers/api';

/*
 * More cases than one page of the test case list (the form once preselected from the first
 * 200 and silently dropped the rest): 230 expect "search", 20 expect "open", 5 are negative,
 * all on server "big"; 3 more live on another server.
 */
const schema = { type: 'object', properties: { q: { type: 'string' } } };
const ids = { search: [] as string[], open: [] as string[], none: [] as string[], other: [] as string[] };

beforeAll(async () => {
  const big = await createServer({ name: 'big', transport: 'static', tools: [{ name: 'search', description: 'Search.', inputSchema: schema }, { name: 'open', description: 'Open.', inputSchema: schema }] });
  const other = await createServer({ name: 'elsewhere', transport: 'static', tools: [{ name: 'search', description: 'Search elsewhere.', inputSchema: schema }] });
  const add = async (list: string[], name: string, serverId: string, expectedServer: string | null, expectedTool: string | null) => {
    list.push((await createTestCase({ name, query: `query ${name}`, serverIds: [serverId], expectedServer, expectedTool, expectedParameters: null })).id);
  };
  for (let i = 0; i < 230; i++) await add(ids.search, `search ${i}`, big.id, 'big', 'search');
  for (let i = 0; i < 20; i++) await add(ids.open, `open ${i}`, big.id, 'big', 'open');
  for (let i = 0; i < 5; i++) await add(ids.none, `none ${i}`, big.id, null, null);
  // Same tool name on another server: not a case that expects big/search.
  for (let i = 0; i < 3; i++) await add(ids.other, `other ${i}`, other.id, 'elsewhere', 'search');
}, 120_000);

const preview = (body: unknown) => call<DefaultCasesDto & { error?: { code: string; message: string } }>(defaultCasesRoute.POST, 'POST', '/api/experiments/default-cases', { body });

describe('POST /api/experiments/default-cases', () => {
  it('the servers rule gives every case of the changed tools\' servers, past 200', async () => {
    const res = await preview({ servers: ['big'] });
    expect(res.status).toBe(200);
    expect(res.body.rule).toBe('servers');
    expect(res.body.total).toBe(255);
    expect([...res.body.ids].sort()).toEqual([...ids.search, ...ids.open, ...ids.none].sort());
  });

  it('the focus rule gives every case expecting one of the tools, matched on server and tool', async () => {
    const res = await preview({ servers: ['big'], focusTools: [{ server: 'big', tool: 'search' }] });
    expect(res.body).toMatchObject({ rule: 'focus_tools', total: 230 });
    expect([...res.body.ids].sort()).toEqual([...ids.search].sort());
    const both = await preview({ focusTools: [{ server: 'big', tool: 'search' }, { server: 'elsewhere', tool: 'search' }] });
    expect(both.body.total).toBe(233);
  });

  it('an unknown server has no cases; a malformed body is 400 naming the field', async () => {
    expect((await preview({ servers: ['nowhere'] })).body).toMatchObject({ total: 0, ids: [] });
    const bad = await preview({ focusTools: [{ server: 'big' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/focusTools\.0\.tool/);
  });

  it('is the default POST /api/experiments takes when the form sends no ids', async () => {
    const res = await call<ExperimentDto>(experimentsRoute.POST, 'POST', '/api/experiments', {
      body: { models: [{ provider: 'local', model: 'hybrid' }], concurrency: 1, variants: [{ name: 'v', changes: [{ server: 'big', tool: 'open', description: 'Open a file.' }] }] },
    });
    expect(res.status, res.text).toBe(202);
    await call(cancelRoute.POST, 'POST', 'x', { params: { id: res.body.id } });
    expect(res.body.testCaseIds).toEqual((await preview({ servers: ['big'] })).body.ids);
  });
});
