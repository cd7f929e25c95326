import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import * as keysRoute from '@/app/api/api-keys/route';
import * as batchRoute from '@/app/api/batches/[id]/route';
import * as batchCancelRoute from '@/app/api/batches/[id]/cancel/route';
import * as batchesRoute from '@/app/api/batches/route';
import * as serverRoute from '@/app/api/servers/[id]/route';
import * as serverToolsRoute from '@/app/api/servers/[id]/tools/route';
import * as serversRoute from '@/app/api/servers/route';
import * as testCaseRoute from '@/app/api/test-cases/[id]/route';
import * as testCasesRoute from '@/app/api/test-cases/route';
import * as testRunRoute from '@/app/api/test-runs/[id]/route';
import * as testRunsRoute from '@/app/api/test-runs/route';
import { isPostgres } from '@/db/dialect';
import { ResultsSchema } from '@/lib/cli/results/schema';
import { authenticate, refusalResponse } from '@/lib/security/auth/authenticate';
import { call } from './helpers/api';
import { EXAMPLE_SUITE, filesUnder, runCli, tempFolder } from './helpers/cli';
import { startLlmServer, type LlmServer } from './helpers/llm-server';
import { storedAnywhere } from './helpers/stored-anywhere';
import { startWebServer, type WebServer } from './helpers/web-server';

/**
 * `mcp-eval run --url`: the CLI (a real child process) against the app's own route handlers
 * served over HTTP in this process, behind the same authenticate() that proxy.ts applies, with
 * authentication on and a REST API token. The runs execute here, on this test's database (its DATA_DIR's SQLite
 * file, or its Postgres database through this process's queue: the batch carries a key).
 */

const SLOW = 90_000;
const SENTINEL = 'sk-sentinel-remote-5ca1ab1e';
const PASSWORD = 'remote cli test password';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Module = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', unknown>>;
const ROUTES: [RegExp, Module][] = [
  [/^\/api\/servers$/, serversRoute],
  [/^\/api\/servers\/(?<id>[^/]+)$/, serverRoute],
  [/^\/api\/servers\/(?<id>[^/]+)\/tools$/, serverToolsRoute],
  [/^\/api\/test-cases$/, testCasesRoute],
  [/^\/api\/test-cases\/(?<id>[^/]+)$/, testCaseRoute],
  [/^\/api\/batches$/, batchesRoute],
  [/^\/api\/batches\/(?<id>[^/]+)$/, batchRoute],
  [/^\/api\/batches\/(?<id>[^/]+)\/cancel$/, batchCancelRoute],
  [/^\/api\/test-runs$/, testRunsRoute],
  [/^\/api\/test-runs\/(?<id>[^/]+)$/, testRunRoute],
];

const seen: { method: string; path: string; headers: Headers }[] = [];

async function app(req: Request): Promise<Response> {
  const url = new URL(req.url);
  seen.push({ method: req.method, path: url.pathname, headers: req.headers });
  const decision = await authenticate(req);
  if (!decision.ok) return refusalResponse(decision, 'test', req.url);
  for (const [pattern, module] of ROUTES) {
    const match = pattern.exec(url.pathname);
    const handler = match ? (module[req.method as keyof Module] as Handler | undefined) : undefined;
    if (match && handler) return handler(req, { params: Promise.resolve({ ...match.groups }) });
  }
  return Response.json({ error: { code: 'not_found', message: `${req.method} ${url.pathname}` } }, { status: 404 });
}

let dir: string;
let web: WebServer;
let llm: LlmServer;
let token: string;
const saved = { ADMIN_PASSWORD: process.env.ADMIN_PASSWORD };

beforeAll(async () => {
  process.env.ADMIN_PASSWORD = PASSWORD;
  const created = await call<{ key: string }>(keysRoute.POST, 'POST', '/api/api-keys', { body: { name: 'ci', kind: 'api' } });
  expect(created.status).toBe(201);
  token = created.body.key;
  web = await startWebServer(app);
  llm = await startLlmServer({
    rules: [{ match: /dentist/, replies: [{ toolCalls: [{ name: 'create_todo', arguments: { title: 'call the dentist', priority: 'high' } }] }] }],
    default: { text: 'no tool needed' },
  });
  dir = tempFolder('mcp-eval-remote-');
  fs.cpSync(path.dirname(EXAMPLE_SUITE), dir, { recursive: true });
  const suite = parse(fs.readFileSync(EXAMPLE_SUITE, 'utf8')) as Record<string, unknown>;
  delete suite.$schema;
  suite.models = [{ provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 5 }];
  suite.testCases = (suite.testCases as unknown[]).slice(0, 3);
  suite.gates = { recall: 0.3 };
  fs.writeFileSync(path.join(dir, 'remote.yaml'), stringify(suite));
});
afterAll(async () => {
  await web?.close();
  await llm?.close();
  if (saved.ADMIN_PASSWORD === undefined) delete process.env.ADMIN_PASSWORD;
  else process.env.ADMIN_PASSWORD = saved.ADMIN_PASSWORD;
  fs.rmSync(dir, { recursive: true, force: true });
});

const readResults = (out: string) => ResultsSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, out, 'results.json'), 'utf8')));

describe('mcp-eval run --url', () => {
  it('runs the suite on the instance through its API; the key travels in a header and is written nowhere', { timeout: SLOW }, async () => {
    const res = await runCli(['run', 'remote.yaml', '--url', web.url, '--token', token, '--out', 'out-remote'], dir, { OPENAI_API_KEY: SENTINEL });
    expect(res.stderr).not.toMatch(/error/i);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('[3/3]');
    const results = readResults('out-remote');
    expect(results.cases.map((c) => [c.id, c.model, c.classification])).toEqual([
      ['todo: create with priority', 'openai/gpt-test', 'TP'],
      ['todo: mark complete', 'openai/gpt-test', 'FN'],
      ['todo: delete by id', 'openai/gpt-test', 'FN'],
    ]);
    // The expected parameters {priority: high} were read back from the run's evaluation.
    expect(results.cases[0]?.argumentScore).toBe(1);
    expect(results.gates.map((g) => [g.id, g.status])).toEqual([['recall', 'passed']]);
    // The provider got the key; only the batch request carried it to the instance.
    expect(llm.requests.filter((r) => r.headers.authorization === `Bearer ${SENTINEL}`).length).toBeGreaterThanOrEqual(3);
    const withKey = seen.filter((r) => [...r.headers.values()].some((v) => v.includes(SENTINEL)));
    expect(withKey.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/batches']);
    expect(seen.every((r) => r.headers.get('authorization') === `Bearer ${token}`)).toBe(true);
    // SQLite: the instance's database file in DATA_DIR; Postgres: every row of the instance's database, queue jobs too.
    const postgres = isPostgres();
    const written = [...filesUnder(path.join(dir, 'out-remote')), ...filesUnder(process.env.DATA_DIR as string)];
    expect(written.some((f) => f.endsWith('.sqlite'))).toBe(!postgres);
    for (const file of written) expect(fs.readFileSync(file).includes(SENTINEL), file).toBe(false);
    if (postgres) expect(await storedAnywhere(SENTINEL)).toBe(false);
  });

  it('a second run reuses the servers and cases by name instead of duplicating them', { timeout: SLOW }, async () => {
    const before = await call<{ total: number }>(testCasesRoute.GET, 'GET', '/api/test-cases');
    const servers = await call<{ total: number }>(serversRoute.GET, 'GET', '/api/servers');
    const res = await runCli(['run', 'remote.yaml', '--url', web.url, '--out', 'out-again', '--quiet'], dir, { OPENAI_API_KEY: SENTINEL, MCP_EVAL_TOKEN: token });
    expect(res.code).toBe(0);
    expect((await call<{ total: number }>(testCasesRoute.GET, 'GET', '/api/test-cases')).body.total).toBe(before.body.total);
    expect((await call<{ total: number }>(serversRoute.GET, 'GET', '/api/servers')).body.total).toBe(servers.body.total);
    expect(before.body.total).toBe(3);
  });

  it('a wrong token is a usage error (2); an instance that is down is infrastructure (3)', { timeout: SLOW }, async () => {
    // With a key: a missing one is refused before the instance is called (exit 2 naming OPENAI_API_KEY).
    const wrong = await runCli(['run', 'remote.yaml', '--url', web.url, '--token', 'not-a-token', '--out', 'out-wrong'], dir, { OPENAI_API_KEY: 'sk-test-wrong-token' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/401/);
    const down = await runCli(['run', 'remote.yaml', '--url', 'http://127.0.0.1:9', '--token', token, '--out', 'out-down'], dir, { OPENAI_API_KEY: 'sk-test-instance-down' });
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/unreachable/);
  });
});
