import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as keyRoute from '@/app/api/api-keys/[id]/route';
import * as keysRoute from '@/app/api/api-keys/route';
import { sql } from 'drizzle-orm';
import { isPostgres } from '@/db/dialect';
import { getServersByNames, updateServer } from '@/db/queries/servers';
import { storeRunTools } from '@/db/queries/tool-snapshots';
import { get } from '@/db/sql';
import { withTransaction } from '@/db/transaction';
import { setLogSink } from '@/lib/log';
import { handleMcpRequest } from '@/lib/mcp-endpoint/handler';
import { resetRateLimits } from '@/lib/mcp-endpoint/rate-limit';
import { call } from './helpers/api';
import { startDemoServers } from './helpers/demo-server';
import { connectClient, newKey, rpc, startMcpEndpoint, toolJson, type ToolJson } from './helpers/mcp-endpoint-fixtures';
import { createRunWriter } from './helpers/synthetic-runs';
import { startWebServer, type WebServer } from './helpers/web-server';

type KeyDto = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null; revokedAt: string | null; key?: string };

/** query_sql is offered on SQLite only (lib/mcp-endpoint/tools/registry.ts). */
const TOOLS = ['list_servers', 'list_test_cases', 'list_runs', 'get_run', 'get_metrics', 'analyze_similarity', ...(isPostgres() ? [] : ['query_sql'])];

let endpoint: Awaited<ReturnType<typeof startMcpEndpoint>>;
let demo: Awaited<ReturnType<typeof startDemoServers>>;
let client: Client;
const logLines: string[] = [];
const ids: { rag: string; todo: string; caseTp: string; batch: string; bigRun: string; runs: string[] } = { rag: '', todo: '', caseTp: '', batch: '', bigRun: '', runs: [] };

async function callTool(name: string, args: Record<string, unknown> = {}, c: Client = client) {
  return toolJson(await c.callTool({ name, arguments: args }));
}

function expectMetadata(r: ToolJson & { text: string }, budget: number) {
  expect(r.metadata).toMatchObject({ budgetBytes: budget, truncated: expect.any(Boolean), executionMs: expect.any(Number), requestId: expect.any(String) });
  expect(r.metadata.bytes).toBe(Buffer.byteLength(r.text, 'utf8'));
  expect(r.metadata.bytes).toBeLessThanOrEqual(budget);
}

beforeAll(async () => {
  process.env.LOG_LEVEL = 'info';
  setLogSink((line) => logLines.push(line));
  demo = await startDemoServers();
  const w = createRunWriter();
  ids.caseTp = w.testCase({ name: 'search docs', expected: { server: 'rag', name: 'rag_search' }, servers: ['rag', 'todo'] });
  const negative = w.testCase({ name: 'small talk', expected: null, servers: ['rag'] });
  const settings = w.modelSettings({ provider: 'openai', model: 'gpt-test' });
  const other = w.modelSettings({ provider: 'anthropic', model: 'claude-test' });
  ids.batch = w.batch({ name: 'nightly' });
  for (let i = 0; i < 30; i++) {
    ids.runs.push(
      w.run({
        testCaseId: i % 3 === 0 ? negative : ids.caseTp,
        batchId: i < 20 ? ids.batch : null,
        modelSettingsId: i % 2 === 0 ? settings : other,
        selected: i % 3 === 0 ? null : i % 5 === 0 ? { server: 'rag', name: 'rag_answer_question' } : { server: 'rag', name: 'rag_search' },
        executionTimeMs: 100 + i,
        inputTokens: 50,
        outputTokens: 5,
      }),
    );
  }
  // One run whose detail is far over 5 KB: a long error text and a large tool snapshot.
  ids.bigRun = w.run({ testCaseId: ids.caseTp, modelSettingsId: settings, status: 'failed', errorMessage: 'E'.repeat(3900) });
  await w.flush();
  // The writer registered rag and todo with placeholder URLs: point them at the demo servers.
  for (const s of await getServersByNames(['rag', 'todo'])) {
    await updateServer(s.id, { url: `${demo.baseUrl}/demo/${s.name}/mcp` });
    if (s.name === 'rag' || s.name === 'todo') ids[s.name] = s.id;
  }
  const bigListing = Array.from({ length: 40 }, (_, i) => ({ serverName: 'rag', name: `tool_${i}`, exposedName: `tool_${i}`, description: `Tool number ${i}: ${'d'.repeat(200)}`, inputSchema: { type: 'object' } }));
  await withTransaction(() => storeRunTools(ids.bigRun, bigListing));
  endpoint = await startMcpEndpoint();
  client = await connectClient(endpoint.mcpUrl, await newKey('main'));
});

afterAll(async () => {
  setLogSink(null);
  process.env.LOG_LEVEL = 'silent';
  await client?.close();
  await Promise.all([endpoint?.close(), demo?.close()]);
});

describe('API keys', () => {
  it('creates a key shown once, stores only its sha256, lists and revokes it', async () => {
    const created = await call<KeyDto>(keysRoute.POST, 'POST', '/api/api-keys', { body: { name: 'Claude Desktop' } });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^mcpeval_[A-Za-z0-9_-]{43}$/);
    expect(created.body.key?.startsWith(created.body.prefix)).toBe(true);
    const stored = (await get<{ key_hash: string; prefix: string }>(sql`select key_hash, prefix from api_keys where id = ${created.body.id ?? ''}`)) ?? { key_hash: '', prefix: '' };
    expect(stored.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(created.body.key);

    const list = await call<{ items: KeyDto[] }>(keysRoute.GET, 'GET', '/api/api-keys');
    const listed = list.body.items.find((k) => k.id === created.body.id);
    expect(listed).toEqual({ id: created.body.id, kind: 'mcp', name: 'Claude Desktop', prefix: created.body.prefix, createdAt: expect.any(String), lastUsedAt: null, revokedAt: null });
    expect(list.text).not.toContain(created.body.key);

    const revoked = await call<KeyDto>(keyRoute.DELETE, 'DELETE', `/api/api-keys/${created.body.id}`, { params: { id: created.body.id } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).toEqual(expect.any(String));
    const missing = await call(keyRoute.DELETE, 'DELETE', '/api/api-keys/nope', { params: { id: 'nope' } });
    expect(missing.status).toBe(404);
    const invalid = await call(keysRoute.POST, 'POST', '/api/api-keys', { body: { name: '  ' } });
    expect(invalid.status).toBe(400);
  });

  it('records last_used_at when a key is used', async () => {
    const created = await call<KeyDto>(keysRoute.POST, 'POST', '/api/api-keys', { body: { name: 'usage' } });
    const res = await rpc(endpoint.mcpUrl, { 'x-api-key': created.body.key ?? '' });
    expect(res.status).toBe(200);
    const after = await call<KeyDto>(keyRoute.GET, 'GET', `/api/api-keys/${created.body.id}`, { params: { id: created.body.id } });
    expect(after.body.lastUsedAt).toEqual(expect.any(String));
  });
});

describe('tools', () => {
  it('lists the read-only tools (seven on SQLite, six on Postgres) with their input schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const t of tools) expect(t.annotations?.readOnlyHint).toBe(true);
    const listRuns = tools.find((t) => t.name === 'list_runs');
    expect(listRuns?.inputSchema.properties).toMatchObject({ limit: { type: 'integer', maximum: 100, default: 20 }, classification: { enum: ['TP', 'FP', 'TN', 'FN'] } });
    if (isPostgres()) return;
    // The schema of the database is discoverable from the query_sql description.
    const sqlTool = tools.find((t) => t.name === 'query_sql');
    expect(sqlTool?.description).toContain('test_runs(id text pk, test_case_id text');
    expect(sqlTool?.description).toContain('evaluation_results(');
  });

  it.runIf(isPostgres())('on Postgres, query_sql is not offered and a call says why', async () => {
    const r = await callTool('query_sql', { sql: 'select 1' });
    expect(r.isError).toBe(true);
    expect(r.error).toMatchObject({ code: 'tool_unavailable', message: expect.stringMatching(/^query_sql needs the SQLite storage/), details: { available: TOOLS } });
    expectMetadata(r, 5120);
  });

  it('list_servers', async () => {
    const r = await callTool('list_servers');
    expect(r.isError).toBe(false);
    expect(r).toMatchObject({ total: 2, limit: 20, offset: 0, nextOffset: null });
    expect((r.items as { name: string }[]).map((s) => s.name)).toEqual(['rag', 'todo']);
    expect(r.items).toContainEqual(expect.objectContaining({ id: ids.rag, transport: 'streamable-http', url: `${demo.baseUrl}/demo/rag/mcp` }));
    expectMetadata(r, 2048);
    expect((await callTool('list_servers', { search: 'tod' })).total).toBe(1);
  });

  it('list_test_cases', async () => {
    const r = await callTool('list_test_cases', { kind: 'positive' });
    expect(r.total).toBe(1);
    expect(r.items).toEqual([expect.objectContaining({ id: ids.caseTp, name: 'search docs', expectedServer: 'rag', expectedTool: 'rag_search', servers: ['rag', 'todo'] })]);
    expectMetadata(r, 2048);
  });

  it('list_runs with filters, default limit 20, max 100, offsets', async () => {
    const fns = await callTool('list_runs', { classification: 'FN', provider: 'openai' });
    expect(fns.isError).toBe(false);
    const items = fns.items as { classification: string; provider: string; selectedTool: string | null }[];
    expect(items.length).toBeGreaterThan(0);
    for (const run of items) expect(run).toMatchObject({ classification: 'FN', provider: 'openai' });
    const batch = await callTool('list_runs', { batchId: ids.batch, limit: 3, offset: 2 });
    expect(batch).toMatchObject({ total: 20, limit: 3, offset: 2, returned: 3, nextOffset: 5 });
    expect((await callTool('list_runs', { testCaseId: ids.caseTp, status: 'failed', model: 'gpt-test' })).total).toBe(1);
    const all = await callTool('list_runs');
    expect(all).toMatchObject({ total: 31, limit: 20 });
    const tooMany = await callTool('list_runs', { limit: 101 });
    expect(tooMany.isError).toBe(true);
    expect(tooMany.error?.message).toMatch(/limit/);
    expect(tooMany.error?.message).toMatch(/100/);
  });

  it('a list over 2 KB is truncated with a hint to continue at an offset', async () => {
    const r = await callTool('list_runs', { limit: 100 });
    expectMetadata(r, 2048);
    expect(r.metadata.truncated).toBe(true);
    const shown = (r.items as unknown[]).length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(31);
    expect(r.metadata.hint).toContain(`truncated at 2 KB`);
    expect(r.metadata.hint).toContain(`offset=${shown}`);
    expect(r.nextOffset).toBe(shown);
    // Following the hint continues where the page stopped.
    const next = await callTool('list_runs', { limit: shown, offset: shown });
    expect((next.items as { id: string }[])[0]?.id).not.toBe((r.items as { id: string }[])[0]?.id);
  });

  it('get_run, and a run detail over 5 KB is shortened within budget', async () => {
    const some = (await callTool('list_runs', { classification: 'TP', limit: 1 })).items as { id: string }[];
    const runId = some[0]?.id ?? '';
    const r = await callTool('get_run', { id: runId });
    expect(r.isError).toBe(false);
    expect(r).toMatchObject({ id: runId, classification: 'TP', selectedTool: 'rag_search', testCaseName: 'search docs', evaluation: expect.objectContaining({ classification: 'TP' }) });
    expect(r.metadata.truncated).toBe(false);
    expectMetadata(r, 5120);

    const big = await callTool('get_run', { id: ids.bigRun });
    expectMetadata(big, 5120);
    expect(big.metadata.truncated).toBe(true);
    expect(big.metadata.hint).toContain('truncated at 5 KB');
    expect(big).toMatchObject({ id: ids.bigRun, status: 'failed', toolCount: 40 });

    const missing = await callTool('get_run', { id: 'no-such-run' });
    expect(missing.isError).toBe(true);
    expect(missing.error).toMatchObject({ code: 'not_found', message: "Test run 'no-such-run' not found" });
  });

  it('get_metrics with the metrics API filters', async () => {
    const all = await callTool('get_metrics');
    expect(all.isError).toBe(false);
    expect(all.counts).toMatchObject({ total: 30 });
    expect(all).toHaveProperty('precision');
    expectMetadata(all, 5120);
    const batch = await callTool('get_metrics', { batchId: ids.batch, provider: 'openai' });
    expect(batch.counts).toMatchObject({ total: 10 });
    const bad = await callTool('get_metrics', { from: 'yesterday' });
    expect(bad.isError).toBe(true);
    expect(bad.error?.message).toContain("'from'");
  });

  it('analyze_similarity on registered servers', async () => {
    const r = await callTool('analyze_similarity', { serverIds: [ids.rag, ids.todo], threshold: 0.3, method: 'description_overlap' });
    expect(r.isError).toBe(false);
    expect(r).toMatchObject({ method: 'description_overlap', threshold: 0.3, embeddingModel: null });
    expect(r.toolCount).toBeGreaterThan(2);
    const pairs = r.pairs as { toolA: string; toolB: string; similarity: number; flagged: boolean }[];
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs[0]?.toolA).toMatch(/^(rag|todo)\//);
    expect(pairs.map((p) => p.similarity)).toEqual([...pairs.map((p) => p.similarity)].sort((a, b) => b - a));
    expectMetadata(r, 5120);
    const unknown = await callTool('analyze_similarity', { serverIds: ['nope'], method: 'description_overlap' });
    expect(unknown.isError).toBe(true);
  });

  it.skipIf(isPostgres())('query_sql reads on a read-only connection, with a row limit', async () => {
    const r = await callTool('query_sql', { sql: "select classification, count(*) as n from test_runs where status = 'completed' group by classification order by classification" });
    expect(r.isError).toBe(false);
    expect(r.columns).toEqual(['classification', 'n']);
    expect((r.rows as [string, number][]).reduce((s, row) => s + row[1], 0)).toBe(30);
    expectMetadata(r, 5120);
    const withCte = await callTool('query_sql', { sql: '  -- a comment first\n WITH t AS (SELECT 1 AS x) SELECT x FROM t;' });
    expect(withCte.rows).toEqual([[1]]);
    const schema = await callTool('query_sql', { sql: "select name from sqlite_schema where type = 'table' and name = 'api_keys'" });
    expect(schema.rows).toEqual([['api_keys']]);
    // Secret columns are refused, not redacted (tests/mcp-endpoint-sql-isolation.test.ts has the expressions).
    const secrets = await callTool('query_sql', { sql: 'select key_hash, prefix from api_keys limit 1' });
    expect(secrets.error?.code).toBe('secret_column');
    const many = await callTool('query_sql', { sql: 'with recursive n(i) as (select 1 union all select i + 1 from n where i < 500) select i from n' });
    expect(many.metadata.truncated).toBe(true);
    expect((many.rows as unknown[]).length).toBeLessThanOrEqual(100);
    expect(many.metadata.hint).toMatch(/100 rows|LIMIT/);
  });

  it.skipIf(isPostgres())('a query with a huge result stays within budget; an oversized query is refused', async () => {
    const huge = await callTool('query_sql', { sql: "select printf('%.*c', 1000000, 'x') as big, 2 as small" });
    expect(huge.isError).toBe(false);
    expectMetadata(huge, 5120);
    expect(((huge.rows as string[][])[0]?.[0] ?? '').length).toBeLessThan(1000);
    const wide = await callTool('query_sql', { sql: "select printf('%.*c', 400, 'y') from tool_definitions" });
    expectMetadata(wide, 5120);
    expect(wide.metadata.truncated).toBe(true);
    expect(wide.metadata.hint).toContain('truncated at 5 KB');
    const tooLong = await callTool('query_sql', { sql: `select 1 ${' '.repeat(10_001)}` });
    expect(tooLong.isError).toBe(true);
    expect(tooLong.error?.message).toContain("'sql'");
    expect(tooLong.error?.message).toContain('10000');
  });

  it.skipIf(isPostgres()).each([
    ['INSERT', "insert into app_meta (key, value) values ('x', 'y')"],
    ['UPDATE', "update test_runs set status = 'failed'"],
    ['DELETE', 'delete from test_runs'],
    ['PRAGMA', 'pragma table_info(test_runs)'],
    ['ATTACH', "attach database ':memory:' as other"],
    ['multiple statements', 'select 1; delete from test_runs'],
    ['a CTE that writes', 'with x as (select 1) delete from test_runs'],
    ['DROP after a comment', '/* select */ drop table test_runs'],
  ])('query_sql refuses %s as read-only', async (_label, statement) => {
    const r = await callTool('query_sql', { sql: statement });
    expect(r.isError).toBe(true);
    expect(r.error?.code).toBe('read_only');
    expect(r.error?.message).toContain('MCP tools are read-only');
    expectMetadata(r, 5120);
    expect(await get(sql`select count(*) as "n" from test_runs`)).toEqual({ n: 31 });
  });

  it('an unknown tool lists the available tools', async () => {
    const r = await callTool('delete_everything');
    expect(r.isError).toBe(true);
    expect(r.error?.code).toBe('unknown_tool');
    expect(r.error?.message).toBe(`Unknown tool 'delete_everything'. Available tools: ${TOOLS.join(', ')}`);
    expectMetadata(r, 5120);
  });

  it('missing and mistyped arguments are named with the expected type', async () => {
    const missing = await callTool('get_run', {});
    expect(missing.error).toMatchObject({ code: 'invalid_arguments', message: "Invalid arguments for get_run: missing required argument 'id' (expected string)" });
    const mistyped = await callTool('list_runs', { limit: 'ten' });
    expect(mistyped.error?.message).toBe("Invalid arguments for list_runs: argument 'limit' must be number, got string");
    const wrongList = await callTool('analyze_similarity', { serverIds: 'abc' });
    expect(wrongList.error?.message).toContain("argument 'serverIds' must be array, got string");
    const typo = await callTool('list_runs', { limt: 5 });
    expect(typo.error?.message).toContain("unknown argument 'limt'");
    const badEnum = await callTool('list_runs', { classification: 'XX' });
    expect(badEnum.error?.message).toContain("argument 'classification'");
    expect(badEnum.error?.message).toContain('"TP"');
    // No stack traces in any error.
    for (const r of [missing, mistyped, wrongList, typo, badEnum]) expect(r.text).not.toMatch(/\n\s+at /);
  });

  it('logs every MCP request and tool call with a request id, never the key', async () => {
    const key = await newKey('logged');
    const res = await rpc(endpoint.mcpUrl, { 'x-api-key': key, 'x-request-id': 'req-mcp-log-1' }, { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'list_servers', arguments: {} } });
    const body = (await res.json()) as { result: { content: { text: string }[] } };
    expect(res.headers.get('x-request-id')).toBe('req-mcp-log-1');
    expect(JSON.parse(body.result.content[0]?.text ?? '{}').metadata.requestId).toBe('req-mcp-log-1');
    const lines = logLines.filter((l) => l.includes('req-mcp-log-1')).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request', path: '/mcp', status: 200 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'mcp tool call', tool: 'list_servers', isError: false }));
    expect(logLines.join('\n')).not.toContain(key);
  });
});

describe('authentication', () => {
  it.each([
    ['no key', {}, 'API key required in X-API-Key header'],
    ['a malformed key', { 'x-api-key': 'not-a-key' }, 'Invalid API key format'],
    ['an unknown well-formed key', { 'x-api-key': `mcpeval_${'A'.repeat(43)}` }, 'Invalid API key'],
  ])('401 for %s', async (_label, headers, message) => {
    const res = await rpc(endpoint.mcpUrl, headers);
    expect(res.status).toBe(401);
    const body = (await res.json()) as { jsonrpc: string; error: { code: number; message: string; data: { requestId: string } }; id: null };
    expect(body).toMatchObject({ jsonrpc: '2.0', id: null, error: { message } });
    expect(body.error.data.requestId).toEqual(expect.any(String));
    expect(res.headers.get('x-ratelimit-limit')).toBe('120');
  });

  it('the SDK client sees the 401 message', async () => {
    await expect(connectClient(endpoint.mcpUrl, 'short')).rejects.toThrow(/Invalid API key format/);
  });

  it('revocation takes effect at once, on an open client', async () => {
    const created = await call<KeyDto>(keysRoute.POST, 'POST', '/api/api-keys', { body: { name: 'to revoke' } });
    const c = await connectClient(endpoint.mcpUrl, created.body.key ?? '');
    expect((await callTool('list_servers', {}, c)).isError).toBe(false);
    await call(keyRoute.DELETE, 'DELETE', `/api/api-keys/${created.body.id}`, { params: { id: created.body.id } });
    await expect(c.callTool({ name: 'list_servers', arguments: {} })).rejects.toThrow(/API key has been revoked/);
    const res = await rpc(endpoint.mcpUrl, { 'x-api-key': created.body.key ?? '' });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('API key has been revoked');
    await c.close();
  });

  it('GET and DELETE answer 405 (stateless), still authenticated and counted', async () => {
    const key = await newKey('methods');
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(endpoint.mcpUrl, { method, headers: { 'x-api-key': key, accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('x-ratelimit-limit')).toBe('120');
    }
    expect((await fetch(endpoint.mcpUrl, { method: 'GET' })).status).toBe(401);
  });
});

describe('rate limit: 120 requests per minute per key', () => {
  it('the 121st request in the window gets 429 with Retry-After; every response has the headers', async () => {
    resetRateLimits();
    const key = await newKey('limited');
    const before = Math.floor(Date.now() / 1000);
    for (let i = 1; i <= 120; i++) {
      const res = await rpc(endpoint.mcpUrl, { 'x-api-key': key });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('120');
      expect(res.headers.get('x-ratelimit-remaining')).toBe(String(120 - i));
      const reset = Number(res.headers.get('x-ratelimit-reset'));
      expect(reset).toBeGreaterThanOrEqual(before + 59);
      expect(reset).toBeLessThanOrEqual(before + 61);
      await res.arrayBuffer();
    }
    const res = await rpc(endpoint.mcpUrl, { 'x-api-key': key });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-ratelimit-limit')).toBe('120');
    expect(res.headers.get('x-ratelimit-reset')).toEqual(expect.any(String));
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toContain('Rate limit exceeded');

    // Another key has its own window.
    const other = await rpc(endpoint.mcpUrl, { 'x-api-key': await newKey('independent') });
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('119');
  });

  it('counts concurrent requests exactly', async () => {
    const key = await newKey('concurrent');
    const responses = await Promise.all(Array.from({ length: 130 }, () => rpc(endpoint.mcpUrl, { 'x-api-key': key })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const remaining = responses.filter((r) => r.status === 200).map((r) => Number(r.headers.get('x-ratelimit-remaining')));
    expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    await Promise.all(responses.map((r) => r.arrayBuffer()));
  });
});

describe('timeout', () => {
  let slow: WebServer;
  beforeAll(async () => {
    // Long enough for a query process to start on a loaded machine, far shorter than the endless query.
    slow = await startWebServer((req) => handleMcpRequest(req, 'req-timeout', { timeoutMs: 1500 }));
  });
  afterAll(async () => {
    await slow?.close();
  });

  it.skipIf(isPostgres())('a call over the timeout is stopped with a structured error, and the next query works', async () => {
    const c = await connectClient(slow.url, await newKey('slow'));
    const r = await callTool('query_sql', { sql: 'with recursive n(i) as (select 1 union all select i + 1 from n where i < 30000000) select count(*) from n' }, c);
    expect(r.isError).toBe(true);
    expect(r.error).toMatchObject({ code: 'timeout' });
    expect(r.metadata.executionMs).toBeLessThan(5000);
    const after = await callTool('query_sql', { sql: 'select 42' }, c);
    expect(after.rows).toEqual([[42]]);
    await c.close();
  });
});
