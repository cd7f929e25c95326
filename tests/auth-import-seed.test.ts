import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as exportRoute from '@/app/api/servers/export/route';
import * as importRoute from '@/app/api/servers/import/route';
import * as serversRoute from '@/app/api/servers/route';
import * as toolsRoute from '@/app/api/servers/[id]/tools/route';
import * as testCasesRoute from '@/app/api/test-cases/route';
import { sql } from 'drizzle-orm';
import { all, run } from '@/db/sql';
import { setLogSink } from '@/lib/log';
import { repointDemoServers, seedDemoData } from '@/lib/seed/seed-demo';
import { call } from './helpers/api';
import { startDemoServers } from './helpers/demo-server';
import { EVERYTHING_BIN } from './helpers/everything';

type Server = { id: string; name: string; transport: string; status: string; statusDetail: string | null };
type ImportReport = { total: number; created: number; skipped: number; failed: number; results: { name: string; status: string; reason?: string; warnings: string[]; connection?: string }[] };

const SENTINEL = 'SENTINEL-9d2e-token';
let open: Awaited<ReturnType<typeof startDemoServers>>;
let guarded: Awaited<ReturnType<typeof startDemoServers>>;
let basicGuarded: Awaited<ReturnType<typeof startDemoServers>>;

beforeAll(async () => {
  open = await startDemoServers();
  guarded = await startDemoServers({ requireHeader: { name: 'authorization', value: `Bearer ${SENTINEL}` } });
  basicGuarded = await startDemoServers({ requireHeader: { name: 'authorization', value: `Basic ${Buffer.from(`ann:${SENTINEL}`).toString('base64')}` } });
});
afterAll(async () => {
  await Promise.all([open.close(), guarded.close(), basicGuarded.close()]);
});

describe('auth reaches the server', () => {
  it('sends bearer and basic credentials over streamable HTTP and SSE, and none of it leaks', async () => {
    const lines: string[] = [];
    process.env.LOG_LEVEL = 'debug';
    setLogSink((line) => lines.push(line));
    try {
      const withToken = await call<Server>(serversRoute.POST, 'POST', '/api/servers', {
        body: { name: 'guarded', transport: 'streamable-http', url: `${guarded.baseUrl}/demo/rag/mcp`, auth: { type: 'bearer', token: SENTINEL } },
      });
      expect(withToken.body.status).toBe('active');
      const tools = await call<{ total: number }>(toolsRoute.GET, 'GET', '/api/servers/x/tools', { params: { id: withToken.body.id } });
      expect(tools.body.total).toBe(6);

      const basic = await call<Server>(serversRoute.POST, 'POST', '/api/servers', {
        body: { name: 'guarded-basic', transport: 'sse', url: `${basicGuarded.baseUrl}/demo/todo/sse`, auth: { type: 'basic', username: 'ann', password: SENTINEL } },
      });
      expect(basic.body.status).toBe('active');

      const wrong = await call<Server>(serversRoute.POST, 'POST', '/api/servers', {
        body: { name: 'guarded-wrong', transport: 'streamable-http', url: `${guarded.baseUrl}/demo/todo/mcp`, auth: { type: 'bearer', token: 'nope' } },
      });
      expect(wrong.body.status).toBe('failed');
      expect(wrong.body.statusDetail).toMatch(/401/);
      for (const res of [withToken, basic, wrong, tools]) expect(res.text).not.toContain(SENTINEL);
    } finally {
      setLogSink(null);
      process.env.LOG_LEVEL = 'silent';
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SENTINEL);
  });
});

describe('mcp.json import and export', () => {
  it('imports a Claude Desktop document entry by entry', async () => {
    const doc = {
      mcpServers: {
        'demo-rag': { url: `${open.baseUrl}/demo/rag/mcp` },
        'demo-values': { type: 'sse', url: `${open.baseUrl}/demo/valuerank/sse`, headers: { 'X-Team': 'tools' } },
        'everything-stdio': { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'], env: { API_TOKEN: '${API_TOKEN}', MODE: 'test' } },
        'needs-key': { type: 'http', url: `${open.baseUrl}/demo/todo/mcp`, headers: { Authorization: `Bearer ${SENTINEL}-imported` } },
        broken: { type: 'websocket', url: 'ws://x' },
        guarded: { url: 'http://127.0.0.1:9/other' },
      },
    };
    const started = Date.now();
    const res = await call<ImportReport>(importRoute.POST, 'POST', '/api/servers/import', { body: doc });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 6, created: 4, skipped: 1, failed: 1 });
    const byName = Object.fromEntries(res.body.results.map((r) => [r.name, r]));
    expect(byName['demo-rag']).toMatchObject({ status: 'created', connection: 'active' });
    expect(byName['demo-values']).toMatchObject({ status: 'created', connection: 'active' });
    expect(byName['everything-stdio']).toMatchObject({ status: 'created', connection: 'active' });
    expect(byName['everything-stdio']?.warnings.join(' ')).toContain('API_TOKEN');
    expect(byName['needs-key']).toMatchObject({ status: 'created', connection: 'active' });
    expect(byName.broken?.status).toBe('failed');
    expect(byName.guarded?.status).toBe('skipped');
    expect(res.text).not.toContain(SENTINEL);

    const list = await call<{ items: (Server & { auth: { type: string }; headers?: Record<string, string> })[] }>(serversRoute.GET, 'GET', '/api/servers', { query: { limit: '200' } });
    const values = list.body.items.find((s) => s.name === 'demo-values');
    expect(values).toMatchObject({ transport: 'sse', headers: { 'X-Team': 'tools' } });
    expect(list.body.items.find((s) => s.name === 'needs-key')?.auth.type).toBe('bearer');
  });

  it('exports placeholders instead of secrets, in both formats, and the export imports back', async () => {
    const mcp = await call<{ mcpServers: Record<string, { headers?: Record<string, string>; env?: Record<string, string> }> }>(exportRoute.GET, 'GET', '/api/servers/export');
    expect(mcp.status).toBe(200);
    expect(mcp.text).not.toContain(SENTINEL);
    expect(mcp.body.mcpServers['needs-key']?.headers?.Authorization).toMatch(/^Bearer \$\{[A-Z_]+\}$/);
    expect(mcp.body.mcpServers['everything-stdio']?.env).toEqual({ MODE: '${MODE}' });
    const vscode = await call<{ servers: Record<string, { type: string }>; inputs: { id: string; password: boolean }[] }>(exportRoute.GET, 'GET', '/api/servers/export', { query: { format: 'vscode' } });
    expect(vscode.body.servers['demo-values']?.type).toBe('sse');
    expect(vscode.body.inputs.every((i) => i.password)).toBe(true);
    expect(vscode.body.inputs.map((i) => i.id).sort()).toEqual(['everything-stdio-mode', 'guarded-basic-basic-auth', 'guarded-token', 'guarded-wrong-token', 'needs-key-token']);
    expect(vscode.text).not.toContain(SENTINEL);

    // Into the same registry, everything is already there: skipped, none failed.
    const again = await call<ImportReport>(importRoute.POST, 'POST', '/api/servers/import', { body: vscode.body });
    expect(again.body.failed).toBe(0);
    expect(again.body.skipped).toBe(again.body.total);
  });

  it('refuses a document that is not an MCP config', async () => {
    const res = await call<{ error: { code: string } }>(importRoute.POST, 'POST', '/api/servers/import', { body: [1, 2] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_document');
  });
});

describe('demo seed', () => {
  it('registers the three demo servers and their test cases once', async () => {
    // Another base URL than the imports above used: the seed skips urls already registered.
    const base = basicGuarded.baseUrl;
    const first = await seedDemoData(base);
    expect(first).toMatchObject({ seeded: true, servers: 3, testCases: 31 });
    expect((await seedDemoData(base)).seeded).toBe(false);
    const cases = await call<{ total: number }>(testCasesRoute.GET, 'GET', '/api/test-cases', { query: { serverName: 'rag' } });
    expect(cases.body.total).toBeGreaterThan(5);
    // The sequence case (README's search-then-complete example) is stored as one.
    const sequence = await call<{ items: { mode: string; expectedCalls: unknown[]; execute: unknown }[] }>(testCasesRoute.GET, 'GET', '/api/test-cases', { query: { search: 'find then complete' } });
    expect(sequence.body.items).toHaveLength(1);
    expect(sequence.body.items[0]).toMatchObject({ mode: 'sequence', execute: { allow: [{ server: 'todo', tool: 'search_todos' }] } });
    expect(sequence.body.items[0]?.expectedCalls).toHaveLength(2);
    const rows = await all(sql`select name, transport, url from mcp_servers where name in ('rag','todo','valuerank') order by name`);
    expect(rows).toEqual([
      { name: 'rag', transport: 'streamable-http', url: `${base}/demo/rag/mcp` },
      { name: 'todo', transport: 'streamable-http', url: `${base}/demo/todo/mcp` },
      { name: 'valuerank', transport: 'sse', url: `${base}/demo/valuerank/sse` },
    ]);
  });

  it('follows the app to a new address on start, leaving a demo server the user re-pointed alone', async () => {
    const urls = async () =>
      Object.fromEntries((await all<{ name: string; url: string }>(sql`select name, url from mcp_servers where name in ('rag','todo','valuerank')`)).map((r) => [r.name, r.url]));
    const base = basicGuarded.baseUrl;
    expect(await repointDemoServers(base), 'same address as at the seed: nothing to do').toBe(0);

    // The user points todo at their own copy; then the app restarts on another port.
    const custom = 'http://todo.example.test/demo/todo/mcp';
    await run(sql`update mcp_servers set url = ${custom} where name = 'todo'`);
    const moved = 'http://127.0.0.1:45671';
    expect(await repointDemoServers(moved)).toBe(2);
    expect(await urls()).toEqual({ rag: `${moved}/demo/rag/mcp`, todo: custom, valuerank: `${moved}/demo/valuerank/sse` });
    expect(await repointDemoServers(moved), 'a second start on the same address changes nothing').toBe(0);

    // A database seeded before the address was recorded: loopback demo URLs are taken as the app's own.
    await run(sql`delete from app_meta where key = 'demo_app_url'`);
    await run(sql`update mcp_servers set url = 'http://localhost:3999/demo/rag/mcp' where name = 'rag'`);
    const later = 'http://127.0.0.1:45672';
    expect(await repointDemoServers(later)).toBe(2);
    expect(await urls()).toEqual({ rag: `${later}/demo/rag/mcp`, todo: custom, valuerank: `${later}/demo/valuerank/sse` });
  });
});
