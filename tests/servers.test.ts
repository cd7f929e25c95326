import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as checkRoute from '@/app/api/servers/[id]/check/route';
import * as serverRoute from '@/app/api/servers/[id]/route';
import * as toolsRoute from '@/app/api/servers/[id]/tools/route';
import * as serversRoute from '@/app/api/servers/route';
import * as testCasesRoute from '@/app/api/test-cases/route';
import { sql } from 'drizzle-orm';
import { databaseFile, getSqlite } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { insertServer } from '@/db/queries/servers';
import { uniqueViolation } from '@/db/queries/util';
import { all, get } from '@/db/sql';
import { call } from './helpers/api';
import { EVERYTHING_BIN, freePort, startBlackhole, startEverything } from './helpers/everything';

type Server = { id: string; name: string; status: string; statusDetail: string | null; lastConnectedAt: string | null; auth: { type: string; configured: boolean }; env?: Record<string, string> };
type ErrorBody = { error: { code: string; message: string; details?: unknown }; requestId: string };

let httpServer: Awaited<ReturnType<typeof startEverything>>;
let sseServer: Awaited<ReturnType<typeof startEverything>>;

beforeAll(async () => {
  [httpServer, sseServer] = await Promise.all([startEverything('streamableHttp'), startEverything('sse')]);
});
afterAll(async () => {
  await Promise.all([httpServer?.close(), sseServer?.close()]);
});

async function create(body: unknown) {
  return call<Server & ErrorBody>(serversRoute.POST, 'POST', '/api/servers', { body });
}

describe('registering servers', () => {
  it('connects to a real streamable HTTP server and marks it active', async () => {
    const res = await create({ name: 'everything-http', transport: 'streamable-http', url: httpServer.url });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('active');
    expect(res.body.lastConnectedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(res.body.statusDetail).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('connects over SSE and over stdio', async () => {
    const sse = await create({ name: 'everything-sse', transport: 'sse', url: sseServer.url });
    expect(sse.body.status).toBe('active');
    const stdio = await create({ name: 'everything-stdio', transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] });
    expect(stdio.status).toBe(201);
    expect(stdio.body.status).toBe('active');
  });

  it('lists every live tool of the server, over each transport', async () => {
    for (const name of ['everything-http', 'everything-sse', 'everything-stdio']) {
      const list = await call<{ items: Server[] }>(serversRoute.GET, 'GET', '/api/servers', { query: { search: name } });
      const id = list.body.items[0]?.id ?? '';
      const tools = await call<{ items: { name: string; inputSchema: object }[]; total: number }>(toolsRoute.GET, 'GET', `/api/servers/${id}/tools`, { params: { id } });
      expect(tools.status).toBe(200);
      expect(tools.body.total).toBeGreaterThanOrEqual(10);
      expect(tools.body.items.map((t) => t.name)).toContain('echo');
    }
  });

  it('marks a server active once its tools are listed, after a first check that failed', async () => {
    const row = await insertServer({ name: `late-${Date.now()}`, transport: 'streamable-http', url: `${httpServer.url}?late=1`, status: 'failed', statusDetail: 'MCP initialize handshake timed out after 2000 ms' });
    const tools = await call<{ total: number }>(toolsRoute.GET, 'GET', `/api/servers/${row.id}/tools`, { params: { id: row.id } });
    expect(tools.status).toBe(200);
    const after = await call<Server>(serverRoute.GET, 'GET', `/api/servers/${row.id}`, { params: { id: row.id } });
    expect(after.body.status).toBe('active');
    expect(after.body.statusDetail).toBeNull();
    expect(after.body.lastConnectedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('returns within 2.5 s with status failed for a host that never answers', async () => {
    const hole = await startBlackhole();
    try {
      const started = Date.now();
      const res = await create({ name: 'hangs', transport: 'streamable-http', url: hole.url });
      expect(Date.now() - started).toBeLessThan(2500);
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('failed');
      expect(res.body.statusDetail).toMatch(/timed out after 2000 ms/);
    } finally {
      await hole.close();
    }
  });

  it('reports a refused connection clearly', async () => {
    const port = await freePort();
    const res = await create({ name: 'refused', transport: 'sse', url: `http://127.0.0.1:${port}/sse` });
    expect(res.body.status).toBe('failed');
    expect(res.body.statusDetail).toMatch(/refused|ECONNREFUSED/i);
  });

  it('kills a stdio server that hangs in the handshake', async () => {
    const marker = `hang-${Date.now()}`;
    const res = await create({ name: 'stdio-hang', transport: 'stdio', command: process.execPath, args: ['-e', `/*${marker}*/ setInterval(() => {}, 1000)`] });
    expect(res.body.status).toBe('failed');
    await new Promise((r) => setTimeout(r, 300));
    const alive = (() => {
      try {
        return execFileSync('pgrep', ['-f', marker]).toString().trim();
      } catch {
        return '';
      }
    })();
    expect(alive).toBe('');
  });

  it('keeps the stderr of a stdio server that exits at once', async () => {
    const res = await create({ name: 'stdio-crash', transport: 'stdio', command: process.execPath, args: ['-e', 'console.error("boom: missing config"); process.exit(3)'] });
    expect(res.body.status).toBe('failed');
    expect(res.body.statusDetail).toContain('boom: missing config');
  });
});

describe('validation and conflicts', () => {
  it('refuses duplicate names (any case) and urls with 409', async () => {
    const byName = await create({ name: 'EVERYTHING-HTTP', transport: 'streamable-http', url: 'http://127.0.0.1:1/other' });
    expect(byName.status).toBe(409);
    expect(byName.body.error.code).toBe('conflict');
    const byUrl = await create({ name: 'another', transport: 'streamable-http', url: httpServer.url });
    expect(byUrl.status).toBe(409);
  });

  it('names the column a unique index refused, whichever database answers (two requests racing past the pre-check)', async () => {
    const row = { transport: 'streamable-http' as const, authType: 'none' as const, status: 'inactive' as const };
    await insertServer({ ...row, name: 'race', url: 'http://127.0.0.1:1/race-a' });
    const caught = async (write: Promise<unknown>) => write.then(() => null, (err: unknown) => err);
    expect(uniqueViolation(await caught(insertServer({ ...row, name: 'race', url: 'http://127.0.0.1:1/race-b' })))).toBe('mcp_servers.name');
    expect(uniqueViolation(await caught(insertServer({ ...row, name: 'race-2', url: 'http://127.0.0.1:1/race-a' })))).toBe('mcp_servers.url');
    expect(uniqueViolation(new Error('something else'))).toBeNull();
  });

  it.each([
    [{ name: 'x', transport: 'streamable-http' }, 'url'],
    [{ name: 'x', transport: 'stdio', url: 'http://a' }, 'command'],
    [{ name: 'x', transport: 'carrier-pigeon', url: 'http://a' }, 'transport'],
    [{ name: '', transport: 'sse', url: 'http://a' }, 'name'],
    [{ name: 'x', transport: 'sse', url: 'ftp://a' }, 'url'],
    [{ name: 'x', transport: 'sse', url: 'http://a', auth: { type: 'bearer' } }, 'auth'],
    [{ name: 'x', transport: 'sse', url: 'http://a', surprise: 1 }, ''],
    [{ name: 42, transport: 'sse', url: 'http://a' }, 'name'],
  ])('answers 400 for %j', async (body, field) => {
    const res = await create(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.message).toContain(field);
    expect(res.body.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.headers.get('x-request-id')).toBe(res.body.requestId);
  });

  it('answers 400 for malformed JSON and 413 for a body over 1 MB', async () => {
    const bad = await call<ErrorBody>(serversRoute.POST, 'POST', '/api/servers', { rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_json');
    const huge = await call<ErrorBody>(serversRoute.POST, 'POST', '/api/servers', { rawBody: JSON.stringify({ name: 'x'.repeat(1_100_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
  });

  it('answers 404 for an unknown id and 400 for bad query parameters', async () => {
    const res = await call<ErrorBody>(serverRoute.GET, 'GET', '/api/servers/nope', { params: { id: 'nope' } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    const q = await call<ErrorBody>(serversRoute.GET, 'GET', '/api/servers', { query: { limit: '-3' } });
    expect(q.status).toBe(400);
  });

  it('refuses stdio registration with 403 unless allowed', async () => {
    process.env.ALLOW_STDIO_SERVERS = 'false';
    try {
      const res = await create({ name: 'blocked', transport: 'stdio', command: 'node' });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('stdio_not_allowed');
    } finally {
      delete process.env.ALLOW_STDIO_SERVERS;
    }
  });
});

describe('secrets', () => {
  const SENTINEL = 'SENTINEL-secret-7f3a9c';

  it('encrypts auth and env at rest and never returns them', async () => {
    const bearer = await create({ name: 'with-bearer', transport: 'sse', url: 'http://127.0.0.1:9/a', auth: { type: 'bearer', token: `${SENTINEL}-bearer` } });
    const basic = await create({ name: 'with-basic', transport: 'sse', url: 'http://127.0.0.1:9/b', auth: { type: 'basic', username: 'u', password: `${SENTINEL}-basic` } });
    const header = await create({ name: 'with-header', transport: 'sse', url: 'http://127.0.0.1:9/c', auth: { type: 'header', headerName: 'X-Api-Key', value: `${SENTINEL}-header` } });
    const env = await create({ name: 'with-env', transport: 'stdio', command: 'definitely-not-a-command', env: { TOKEN: `${SENTINEL}-env` } });
    for (const r of [bearer, basic, header, env]) {
      expect(r.status).toBe(201);
      expect(r.text).not.toContain(SENTINEL);
    }
    expect(bearer.body.auth).toEqual({ type: 'bearer', configured: true });
    expect(header.body.auth).toMatchObject({ type: 'header', configured: true, headerName: 'X-Api-Key' });
    expect(env.body.env).toEqual({ TOKEN: '********' });
    const list = await call(serversRoute.GET, 'GET', '/api/servers');
    expect(list.text).not.toContain(SENTINEL);

    expect(JSON.stringify(await all(sql`select * from mcp_servers`))).not.toContain(SENTINEL);
    // On SQLite the bytes on disk too (Postgres keeps its files to itself).
    if (!isPostgres()) {
      getSqlite().pragma('wal_checkpoint(FULL)');
      for (const file of [databaseFile(), `${databaseFile()}-wal`]) {
        if (fs.existsSync(file)) expect(fs.readFileSync(file).includes(SENTINEL)).toBe(false);
      }
    }
  });

  it('keeps a masked env value and the auth secret on update', async () => {
    const list = await call<{ items: Server[] }>(serversRoute.GET, 'GET', '/api/servers', { query: { search: 'with-env' } });
    const id = list.body.items[0]?.id ?? '';
    const res = await call<Server>(serverRoute.PATCH, 'PATCH', `/api/servers/${id}`, { params: { id }, body: { env: { TOKEN: '********', MODE: 'x' } } });
    expect(res.status).toBe(200);
    expect(res.body.env).toEqual({ TOKEN: '********', MODE: '********' });
    const row = (await get<{ env_secret: string }>(sql`select env_secret from mcp_servers where id = ${id}`)) ?? { env_secret: '' };
    expect(row.env_secret).not.toContain(SENTINEL);
    const { decryptJson } = await import('@/lib/crypto/secrets');
    expect(decryptJson(row.env_secret)).toEqual({ TOKEN: `${SENTINEL}-env`, MODE: 'x' });
  });
});

describe('update, check and delete', () => {
  async function idOf(name: string): Promise<string> {
    const list = await call<{ items: Server[] }>(serversRoute.GET, 'GET', '/api/servers', { query: { search: name } });
    return list.body.items.find((s) => s.name === name)?.id ?? '';
  }

  it('carries a rename to the test cases that expect the server', async () => {
    const id = await idOf('everything-http');
    const tc = await call<{ id: string }>(testCasesRoute.POST, 'POST', '/api/test-cases', {
      body: { name: 'echo it', query: 'echo hello', serverIds: [id], expectedServer: 'everything-http', expectedTool: 'echo' },
    });
    expect(tc.status).toBe(201);
    const renamed = await call<Server>(serverRoute.PATCH, 'PATCH', `/api/servers/${id}`, { params: { id }, body: { name: 'everything' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('everything');
    expect(renamed.body.status).toBe('active');
    const cases = await call<{ items: { expectedServer: string }[] }>(testCasesRoute.GET, 'GET', '/api/test-cases', { query: { serverId: id } });
    expect(cases.body.items[0]?.expectedServer).toBe('everything');
  });

  it('re-checks on demand', async () => {
    const id = await idOf('refused');
    const res = await call<Server & { check: { ok: boolean } }>(checkRoute.POST, 'POST', `/api/servers/${id}/check`, { params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.check.ok).toBe(false);
    expect(res.body.status).toBe('failed');
  });

  it('refuses to delete a server in use unless forced', async () => {
    const id = await idOf('everything');
    const refused = await call<ErrorBody>(serverRoute.DELETE, 'DELETE', `/api/servers/${id}`, { params: { id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('server_in_use');
    const forced = await call<{ deletedTestCases: number }>(serverRoute.DELETE, 'DELETE', `/api/servers/${id}`, { params: { id }, query: { force: 'true' } });
    expect(forced.status).toBe(200);
    expect(forced.body.deletedTestCases).toBe(1);
    const gone = await call(serverRoute.GET, 'GET', `/api/servers/${id}`, { params: { id } });
    expect(gone.status).toBe(404);
  });
});
