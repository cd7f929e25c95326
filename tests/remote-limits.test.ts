import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as callRoute from '@/app/api/servers/[id]/tools/[name]/call/route';
import * as serverRoute from '@/app/api/servers/[id]/route';
import * as toolsRoute from '@/app/api/servers/[id]/tools/route';
import * as importRoute from '@/app/api/servers/import/route';
import * as serversRoute from '@/app/api/servers/route';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { sql } from 'drizzle-orm';
import { all, get } from '@/db/sql';
import { UpstreamError } from '@/lib/errors';
import { toErrorResponse } from '@/lib/http';
import { listAllTools, withMcpClient } from '@/lib/mcp/client';
import { createOpenAiEmbeddingProvider } from '@/lib/embeddings/openai';
import { call } from './helpers/api';
import { freePort } from './helpers/everything';
import { startHostileServer, type HostileServer, type Reply } from './remote-limits-server';

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
type Server = { id: string; status: string; statusDetail: string | null };

const CAP = 10 * 1024 * 1024;
const MB = 1024 * 1024;

let hostile: HostileServer | undefined;
afterEach(async () => {
  await hostile?.close();
  hostile = undefined;
});

let serial = 0;
async function register(url: string, transport: 'streamable-http' | 'sse' = 'streamable-http'): Promise<string> {
  const res = await call<Server>(serversRoute.POST, 'POST', '/api/servers', { body: { name: `hostile-${++serial}`, transport, url } });
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('active');
  return res.body.id;
}

const listTools = (id: string) => call<ErrorBody>(toolsRoute.GET, 'GET', `/api/servers/${id}/tools`, { params: { id } });

function expectCapError(res: { status: number; body: ErrorBody }) {
  expect(res.status).toBe(502);
  expect(res.body.error.code).toBe('upstream_too_large');
  expect(res.body.error.message).toContain('10 MB');
  expect(res.body.error.message).toContain('MAX_REMOTE_BYTES');
  expect(res.body.error.details).toMatchObject({ limitBytes: CAP });
}

/** Runs `act` and reports how long it took and how far the resident memory grew meanwhile. */
async function measure<T>(act: () => Promise<T>): Promise<{ value: T; ms: number; rssGrowthMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const value = await act();
    return { value, ms: performance.now() - started, rssGrowthMb: (Math.max(peak, process.memoryUsage().rss) - before) / MB };
  } finally {
    clearInterval(sampler);
  }
}

describe('reads from a remote MCP server are capped (MAX_REMOTE_BYTES, default 10 MB)', () => {
  const endless: [string, Reply, 'streamable-http' | 'sse'][] = [
    ['an SSE reply whose line never ends', 'sse-forever', 'streamable-http'],
    ['valid SSE notifications forever', 'sse-events-forever', 'streamable-http'],
    ['a 50 MB JSON tools/list', 'json-huge', 'streamable-http'],
    ['a legacy SSE stream that never ends', 'sse-forever', 'sse'],
    ['legacy SSE notifications forever', 'sse-events-forever', 'sse'],
  ];

  it.each(endless)('tools/list answered with %s: 502 naming the cap, memory bounded, connection cut', async (_label, reply, transport) => {
    hostile = await startHostileServer({ toolsList: reply });
    const id = await register(transport === 'sse' ? hostile.sseUrl : hostile.url, transport);
    const { value: res, ms, rssGrowthMb } = await measure(() => listTools(id));
    expectCapError(res);
    expect(ms).toBeLessThan(5_000);
    expect(rssGrowthMb).toBeLessThan(100);
    // The app hung up: the server is not left writing into a dead session.
    await hostile.cutOff();
    const sentAtCut = hostile.sent();
    await new Promise((r) => setTimeout(r, 200));
    expect(hostile.sent()).toBe(sentAtCut);
    expect(sentAtCut).toBeLessThan(CAP + 16 * MB);
  });

  it('refuses a declared content-length past the cap without reading the body', async () => {
    hostile = await startHostileServer({ toolsList: 'json-huge-declared' });
    const id = await register(hostile.url);
    const res = await listTools(id);
    expectCapError(res);
    expect(hostile.sent()).toBeLessThan(CAP);
  });

  it('counts every page and message of a session together, and honours a smaller MAX_REMOTE_BYTES', async () => {
    hostile = await startHostileServer({ toolsList: 'json-huge', hugeBytes: 3 * MB });
    const id = await register(hostile.url);
    expect((await listTools(id)).status).toBe(200); // 3 MB fits in 10 MB
    process.env.MAX_REMOTE_BYTES = String(2 * MB);
    try {
      const res = await listTools(id);
      expect(res.status).toBe(502);
      expect(res.body.error.message).toContain('2 MB');
    } finally {
      delete process.env.MAX_REMOTE_BYTES;
    }
  });

  it('a playground tool result past the cap is a 502, kept as a failed execution', async () => {
    hostile = await startHostileServer({ toolsCall: 'sse-forever' });
    const id = await register(hostile.url);
    const res = await call<ErrorBody>(callRoute.POST, 'POST', `/api/servers/${id}/tools/echo/call`, {
      params: { id, name: 'echo' },
      body: { arguments: { message: 'hi' } },
    });
    expectCapError(res);
    expect(res.body.error.details).toMatchObject({ execution: { status: 'failed' } });
  });

  it('a similarity urlList entry past the cap fails the analysis with the 502', async () => {
    hostile = await startHostileServer({ toolsList: 'sse-forever' });
    const res = await call<ErrorBody>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', {
      body: { urlList: [hostile.url], method: 'description_overlap' },
    });
    expect(res.status).toBe(502);
    expect(res.body.error.code).toBe('upstream_too_large');
    expect(res.body.error.message).toContain('10 MB');
  });
});

describe('a stdio server printing forever', () => {
  const handshake = `
    const rl = require('node:readline').createInterface({ input: process.stdin });
    rl.on('line', (line) => {
      const msg = JSON.parse(line);
      if (msg.method === 'initialize') {
        process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { protocolVersion: msg.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'loud', version: '1' } } }) + '\\n');
      } else if (msg.method === 'tools/list') flood(msg.id);
    });`;
  const noNewline = `function flood() { const s = 'a'.repeat(65536); const go = () => { while (process.stdout.write(s)); process.stdout.once('drain', go); }; process.stdout.write('{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"'); go(); }`;
  const lines = `function flood() { const s = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'n'.repeat(65536) } }) + '\\n'; const go = () => { while (process.stdout.write(s)); process.stdout.once('drain', go); }; go(); }`;

  it.each([
    ['without a newline', noNewline],
    ['as complete JSON-RPC lines', lines],
  ])('%s is cut off at the cap and killed', async (_label, flood) => {
    const pidFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'loud-')), 'pid');
    const script = `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); ${flood} ${handshake}`;
    const conn = { name: 'loud', transport: 'stdio' as const, command: process.execPath, args: ['-e', script] };
    const { value: err, ms, rssGrowthMb } = await measure(() =>
      withMcpClient(conn, (client, signal) => listAllTools(client, signal), { timeoutMs: 20_000 }).then(
        () => null,
        (e: unknown) => e,
      ),
    );
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ code: 'upstream_too_large', status: 502 });
    expect((err as Error).message).toContain('10 MB');
    expect(ms).toBeLessThan(5_000);
    // The SDK's stdio ReadBuffer concatenates every 64 KB chunk onto what it holds, so reading up to the 10 MB cap leaves
    // a few hundred MB of short-lived copies whose collection timing decides the peak: 60-106 MB measured (106 failed a
    // fresh-clone CI at the old 100 MB line). Without the cap the flood runs for the 20 s timeout and grows by gigabytes.
    expect(rssGrowthMb).toBeLessThan(160);
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isAlive(pid), { timeout: 2_000 }).toBe(false);
  });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('credentials in server URLs are refused, never stored or shown', () => {
  const closedUrl = async (rest: string) => `http://${rest}127.0.0.1:${await freePort()}/mcp`;

  it.each([
    ['user:password@', async () => closedUrl('alice:hunter2-secret@'), 'user:password@host'],
    ['a user name alone', async () => closedUrl('alice-secret@'), 'user:password@host'],
    ['?api_key=', async () => `${await closedUrl('')}?api_key=hunter2-secret`, 'api_key'],
    ['?accessToken=', async () => `${await closedUrl('')}?x=1&accessToken=hunter2-secret`, 'accessToken'],
    ['?sig=', async () => `${await closedUrl('')}?sig=hunter2-secret`, 'sig'],
  ])('create with %s: 400 pointing to auth', async (_label, makeUrl, named) => {
    const url = await makeUrl();
    const res = await call<ErrorBody>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'with-credentials', transport: 'streamable-http', url } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(named);
    expect(res.body.error.message).toContain('auth {type:');
    expect(res.text).not.toContain('hunter2');
    expect(await get(sql`select count(*) as "n" from mcp_servers where name = 'with-credentials'`)).toEqual({ n: 0 });
  });

  it('accepts query parameters that are not credentials', async () => {
    const url = `${await closedUrl('')}?keyword=tools&monkey=1&session_name=x`;
    const res = await call<Server>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'plain-query', transport: 'streamable-http', url } });
    expect(res.status).toBe(201);
  });

  it('an update that adds credentials to the URL is refused and the stored URL kept', async () => {
    const url = await closedUrl('');
    const created = await call<Server>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'to-update', transport: 'streamable-http', url } });
    const id = created.body.id;
    const res = await call<ErrorBody>(serverRoute.PATCH, 'PATCH', `/api/servers/${id}`, { params: { id }, body: { url: url.replace('http://', 'http://bob:hunter2@') } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('auth');
    expect(await get(sql`select url from mcp_servers where id = ${id}`)).toEqual({ url });
  });

  it('an mcp.json import reports such an entry as failed and imports the others', async () => {
    const good = await closedUrl('');
    const res = await call<{ created: number; failed: number; results: { name: string; status: string; reason?: string }[] }>(importRoute.POST, 'POST', '/api/servers/import', {
      body: { mcpServers: { 'leaky-import': { url: `${good}?token=hunter2` }, 'userinfo-import': { url: good.replace('http://', 'http://u:hunter2@') }, 'clean-import': { url: good } } },
    });
    expect(res.body.created).toBe(1);
    expect(res.body.failed).toBe(2);
    const byName = Object.fromEntries(res.body.results.map((r) => [r.name, r]));
    expect(byName['leaky-import']).toMatchObject({ status: 'failed', reason: expect.stringContaining('auth') as unknown });
    expect(byName['userinfo-import']).toMatchObject({ status: 'failed', reason: expect.stringContaining('user:password@host') as unknown });
    expect(res.text).not.toContain('hunter2');
    const urls = await all<{ url: string | null }>(sql`select url from mcp_servers`);
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.some((r) => r.url?.includes('hunter2'))).toBe(false);
  });

  it('a similarity urlList entry with credentials is a 400 naming the entry, before anything is fetched', async () => {
    hostile = await startHostileServer({});
    const res = await call<ErrorBody>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', {
      body: { urlList: [hostile.url, { url: hostile.url.replace('http://', 'http://u:hunter2@') }], method: 'description_overlap' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('credentials_in_url');
    expect(res.body.error.message).toContain('urlList[1]');
    expect(res.body.error.message).toContain('headers');
    expect(res.text).not.toContain('hunter2');
    expect(hostile.sent()).toBe(0);
  });
});

describe('an unreachable embeddings endpoint', () => {
  it('is a 502 with a code, not a 500', async () => {
    const port = await freePort();
    const provider = createOpenAiEmbeddingProvider({
      model: 'text-embedding-3-small',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      settings: { timeoutMs: 2_000, maxRetries: 0, temperature: 0 },
    });
    const err = await provider.embed(['list todos'], { apiKey: 'sk-test-unreachable-0123456789' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    const res = toErrorResponse(err, 'req-1');
    expect(res.status).toBe(502);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe('embedding_unreachable');
    expect(body.error.message).toContain(`127.0.0.1:${port}`);
    expect(JSON.stringify(body)).not.toContain('sk-test-unreachable');
  });
});
