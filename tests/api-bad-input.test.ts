import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as apiKeysRoute from '@/app/api/api-keys/route';
import * as serversRoute from '@/app/api/servers/route';
import * as casesRoute from '@/app/api/test-cases/route';
import { prepareDatabase } from '@/db/client';
import { API_SECTIONS } from '@/lib/api-catalog';
import { call } from './helpers/api';
import {
  BAD_BODIES,
  BAD_PARAMS,
  BODY_METHODS,
  badQueries,
  callRoute,
  catalogQueryParams,
  contractBreach,
  discoverRoutes,
  METHODS,
  MISSING_UUID,
  rowCounts,
  type ApiRoute,
  type BadBody,
  type Method,
  type Request_,
} from './helpers/bad-input';
import { baseBody, bodyBases, mutations, RAW_BODIES, type Seeds } from './helpers/bad-input-bodies';
import { createRunWriter } from './helpers/synthetic-runs';
import { startLlmServer, type LlmServer, type ScriptedReply } from './helpers/llm-server';
import { HOSTILE_CALLS, HOSTILE_LISTINGS, startUntrustedServer, type UntrustedServer } from './helpers/untrusted-mcp';

/**
 * Bad input on every API route gets a clear 4xx with {error: {code, message}}, never a 500, a hang, a stack or a
 * file path, and a refused request leaves the database as it was (row counts of the main tables). The routes are
 * read from app/api (a new route is covered without editing this file); each gets the same fixed inputs: bad path
 * parameters, bad query strings (the catalog's parameters with wrong values), bad bodies. Path parameters other
 * than the one under test, and the ids of query and body inputs, name real rows (a static server and its tool, a
 * test case, a finished batch and its run) so the inputs reach the validation behind the lookup. Then near-valid
 * bodies with one field wrong (tests/helpers/bad-input-bodies.ts), broken NDJSON/CSV/JSONL files, and the two
 * untrusted upstreams: a real MCP server and a model endpoint answering garbage (a 502 with its error is allowed).
 */

const TIMEOUT_MS = 5_000;
const routes = await discoverRoutes();
const seeds: Record<string, string> = {};
const bases: Seeds = { server: '', scratchServer: '', testCase: '', scratchCase: '', batch: '' };

beforeAll(async () => {
  await prepareDatabase();
  const server = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', {
    body: {
      name: 'bad-input-static',
      transport: 'static',
      tools: [
        { name: 'echo', description: 'Echo the text back', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
        { name: 'repeat', description: 'Repeat the text back twice', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } },
      ],
    },
  });
  expect(server.status).toBe(201);
  const testCase = await call<{ id: string }>(casesRoute.POST, 'POST', '/api/test-cases', {
    body: { name: 'bad input case', query: 'echo hello', serverIds: [server.body.id], expectedServer: 'bad-input-static', expectedTool: 'echo', expectedParameters: { text: 'hello' } },
  });
  expect(testCase.status).toBe(201);
  // The finished batch and its run come from the run writer, on a server of its own.
  const w = createRunWriter();
  const tool = { server: 'bad-input-writer', name: 'echo' };
  const batch = w.batch({ name: 'bad input batch' });
  const run = w.run({ batchId: batch, modelSettingsId: w.modelSettings({ provider: 'local', model: 'tfidf' }), testCaseId: w.testCase({ name: 'bad input run case', expected: tool }), selected: tool });
  await w.flush();
  const scratchServer = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'bad-input-scratch', transport: 'static', tools: [] } });
  const scratchCase = await call<{ id: string }>(casesRoute.POST, 'POST', '/api/test-cases', { body: { name: 'bad input scratch', query: 'q', serverIds: [server.body.id], expectedServer: 'bad-input-static', expectedTool: 'repeat' } });
  expect([scratchServer.status, scratchCase.status]).toEqual([201, 201]);
  Object.assign(bases, { server: server.body.id, scratchServer: scratchServer.body.id, testCase: testCase.body.id, scratchCase: scratchCase.body.id, batch });
  const key = await call<{ id: string }>(apiKeysRoute.POST, 'POST', '/api/api-keys', { body: { name: 'bad-input' } });
  expect(key.status).toBe(201);
  Object.assign(seeds, { servers: server.body.id, 'test-cases': testCase.body.id, batches: batch, 'test-runs': run, 'api-keys': key.body.id, 'servers:edit': scratchServer.body.id, 'test-cases:edit': scratchCase.body.id });
});

/** A real value for each path parameter of the route where one exists (an unknown one otherwise). */
function goodParams(r: ApiRoute, method: Method = 'GET'): Record<string, string | string[]> {
  // PATCH and PUT take the scratch rows: an accepted edit (a JSON body sent as text/plain) must not rename the seeds.
  const edits = method === 'PATCH' || method === 'PUT';
  const out: Record<string, string | string[]> = {};
  const segments = r.dir.split('/');
  segments.forEach((s, i) => {
    if (!s.startsWith('[')) return;
    const name = s.slice(1, -1);
    if (name.startsWith('...')) out[name.slice(3)] = ['no-such-endpoint'];
    else if (name === 'name') out[name] = segments[i - 2] === 'tools' || segments[i - 1] === 'tools' ? 'echo' : 'original';
    else out[name] = (edits ? seeds[`${segments[i - 1]}:edit`] : undefined) ?? seeds[segments[i - 1] as string] ?? MISSING_UUID;
  });
  return out;
}

/** The statuses the catalog documents for an upstream that is down (then the body still has its error). */
function upstreamStatuses(r: ApiRoute): number[] {
  const documented = API_SECTIONS.flatMap((s) => s.endpoints).filter((e) => e.path === r.path).some((e) => /\b50[234]\b/.test(e.summary));
  return documented ? [502, 503, 504] : [];
}

function concretePath(r: ApiRoute, params: Record<string, string | string[]>): string {
  return r.path.replace(/\{(\.\.\.)?(\w+)\}/g, (_m, _dots, name: string) => {
    const v = params[name];
    return Array.isArray(v) ? v.map(encodeURIComponent).join('/') : encodeURIComponent(v ?? '');
  });
}

const JSON_EMPTY: BadBody = { label: '{}', body: '{}', contentType: 'application/json' };

/** Every request the route's method is sent, with a label saying which input it is. */
function requestsFor(r: ApiRoute, method: Method): { label: string; request: Request_ }[] {
  const good = goodParams(r, method);
  const out: { label: string; request: Request_ }[] = [];
  const bodyFor = (m: Method) => (m === 'POST' || m === 'PUT' || m === 'PATCH' ? JSON_EMPTY : undefined);
  for (const p of r.params) {
    const name = p.replace(/^\.\.\./, '');
    for (const bad of BAD_PARAMS) {
      const params = { ...good, [name]: p.startsWith('...') ? ['no-such-endpoint', bad.value] : bad.value };
      out.push({ label: `path {${name}} = ${bad.label}`, request: { method, path: concretePath(r, params), params, body: bodyFor(method) } });
    }
  }
  // A DELETE with real ids would delete them: its query and body inputs go to parameterless routes only.
  const mayUseGood = method !== 'DELETE' || r.params.length === 0;
  if (mayUseGood) {
    const path = concretePath(r, good);
    for (const q of badQueries(catalogQueryParams(r.path, method))) {
      out.push({ label: `query ${q.label}`, request: { method, path, params: good, query: q.query, body: bodyFor(method) } });
    }
    if (BODY_METHODS.includes(method)) {
      for (const body of BAD_BODIES) out.push({ label: `body ${body.label}`, request: { method, path, params: good, body } });
    }
  }
  return out;
}

describe('bad input on every API route: a 4xx with {error: {code, message}}, nothing written', () => {
  it('finds the route files and their methods', () => {
    expect(routes.length).toBeGreaterThanOrEqual(53);
    expect(routes.every((r) => Object.keys(r.handlers).length > 0)).toBe(true);
  });

  const cases = routes.flatMap((r) => METHODS.filter((m) => r.handlers[m]).map((m) => ({ r, m })));
  it.each(cases.map(({ r, m }) => [`${m} ${r.path}`, r, m] as const))('%s', async (_name, r, method) => {
    const breaches = await send(r, method, requestsFor(r, method));
    expect(breaches, breaches.join('\n')).toEqual([]);
  });
});

/** Routes whose POST reads no body (so they have no near-valid one). */
const NO_BODY = new Set(['POST /api/auth/logout', 'POST /api/batches/{id}/cancel', 'POST /api/experiments/{id}/cancel', 'POST /api/servers/{id}/check']);

describe('near-valid bodies with one field wrong: still a 4xx, never a 500', () => {
  it('has a near-valid body for every route that reads one', () => {
    const covered = new Set(bodyBases(bases).map((b) => `${b.method} ${b.path}`));
    const missing = routes.flatMap((r) => (['POST', 'PUT', 'PATCH'] as const).filter((m) => r.handlers[m] && r.params.every((p) => !p.startsWith('...'))).map((m) => `${m} ${r.path}`));
    // PUT is PATCH's twin where both exist (one handler).
    expect(missing.filter((k) => !covered.has(k) && !NO_BODY.has(k) && !covered.has(k.replace(/^PUT /, 'PATCH ')))).toEqual([]);
  });

  it.each(bodyBases(bases).map((b, i) => [`${b.method} ${b.path} (${b.label})`, i] as const))('%s', async (_name, i) => {
    const base = bodyBases(bases)[i];
    if (!base) throw new Error('no base');
    const r = routes.find((x) => x.path === base.path);
    if (!r) throw new Error(`no route file for ${base.path}`);
    const params = { ...goodParams(r, base.method), ...base.params };
    const path = concretePath(r, params);
    const first = await callRoute(r.handlers[base.method] as NonNullable<ApiRoute['handlers'][Method]>, { method: base.method, path, params, body: baseBody(base) }, TIMEOUT_MS);
    const status = 'status' in first ? first.status : 0;
    const expected = base.refused ? status >= 400 && status < 500 : base.baseStatus ? status === base.baseStatus : status >= 200 && status < 300;
    expect(expected, `${base.method} ${base.path} (${base.label}) base: ${JSON.stringify(first).slice(0, 300)}`).toBe(true);
    const requests = mutations(base).map((body) => ({ label: `body ${body.label}`, request: { method: base.method, path, params, body } }));
    const breaches = await send(r, base.method, requests, base.refused);
    expect(breaches, breaches.join('\n')).toEqual([]);
  });
});

describe('streamed and file bodies (NDJSON, CSV, JSONL) that break their format: a 4xx or a per-row report', () => {
  it.each(RAW_BODIES.map((b, i) => [`${b.method} ${b.path}`, i] as const))('%s', async (_name, i) => {
    const raw = RAW_BODIES[i];
    if (!raw) throw new Error('no raw bodies');
    const r = routes.find((x) => x.path === raw.path);
    if (!r) throw new Error(`no route file for ${raw.path}`);
    const breaches = await send(r, raw.method, raw.bodies.map((body) => ({ label: `body ${body.label}`, request: { method: raw.method, path: r.path, params: {}, body } })));
    expect(breaches, breaches.join('\n')).toEqual([]);
  });
});

describe('untrusted MCP server output: a 4xx or a 502 with its error, never a 500', () => {
  let upstream: UntrustedServer;
  let liveId = '';
  const UPSTREAM_DOWN = [502, 503, 504];
  const route = (path: string) => {
    const r = routes.find((x) => x.path === path);
    if (!r) throw new Error(`no route file for ${path}`);
    return r;
  };
  const json = (label: string, value: unknown): BadBody => ({ label, body: JSON.stringify(value), contentType: 'application/json' });

  beforeAll(async () => {
    upstream = await startUntrustedServer({ toolsList: { tools: [{ name: 'echo', description: 'Echo', inputSchema: { type: 'object' } }] }, toolsCall: { content: [{ type: 'text', text: 'ok' }] } });
    const live = await call<{ id: string; status: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'untrusted-live', transport: 'streamable-http', url: upstream.url } });
    expect([live.status, live.body.status]).toEqual([201, 'active']);
    liveId = live.body.id;
  });
  afterAll(async () => upstream?.close());

  /** Each request of the list against the server's current answers; a 4xx must write nothing (a 502 may record the failure). */
  async function sendAll(what: string, requests: { path: string; method: Method; params?: Record<string, string>; body?: BadBody; headers?: Record<string, string> }[]): Promise<string[]> {
    const breaches: string[] = [];
    let counts = await rowCounts();
    for (const q of requests) {
      const r = route(q.path);
      const handler = r.handlers[q.method];
      if (!handler) throw new Error(`no ${q.method} ${q.path}`);
      const outcome = await callRoute(handler, { method: q.method, path: concretePath(r, q.params ?? {}), params: q.params ?? {}, body: q.body, headers: q.headers }, TIMEOUT_MS);
      const where = `${q.method} ${q.path}${q.body ? ` ${q.body.label}` : ''} with a server sending ${what}`;
      const breach = contractBreach(outcome, UPSTREAM_DOWN);
      if (breach) breaches.push(`${where}: ${breach}`);
      const after = await rowCounts();
      if ('status' in outcome && outcome.status >= 400 && outcome.status < 500 && after !== counts) breaches.push(`${where}: refused (${outcome.status}) but rows changed: ${counts} -> ${after}`);
      counts = after;
    }
    return breaches;
  }

  it.each(HOSTILE_LISTINGS.map((l, i) => [l.label, i] as const))('tools/list answering %s', async (label, i) => {
    upstream.set({ toolsList: HOSTILE_LISTINGS[i]?.toolsList });
    const id = { id: liveId };
    const method = 'description_overlap';
    const breaches = await sendAll(label, [
      { path: '/api/servers/{id}/check', method: 'POST', params: id },
      { path: '/api/servers/{id}/tools', method: 'GET', params: id },
      { path: '/api/servers/{id}/snapshot', method: 'POST', params: id, body: json('snapshot', { name: `snap-${i}` }) },
      { path: '/api/servers/{id}/tools/{name}/call', method: 'POST', params: { ...id, name: 'echo' }, body: json('call', { arguments: { message: 'hi' }, timeoutMs: 2000 }) },
      { path: '/api/similarity/analyze', method: 'POST', body: json('serverIds', { serverIds: [liveId, seeds.servers], method }) },
      { path: '/api/similarity/analyze', method: 'POST', body: json('urlList', { urlList: [upstream.url], method }) },
      { path: '/api/quality/lint', method: 'POST', body: json('serverIds', { serverIds: [liveId] }) },
      { path: '/api/similarity/test-case-drafts', method: 'POST', body: json('serverIds', { serverIds: [liveId, seeds.servers], method, similarityThreshold: 0.1 }) },
    ]);
    expect(breaches, breaches.join('\n')).toEqual([]);
  });

  it.each(HOSTILE_CALLS.map((c, i) => [c.label, i] as const))('tools/call answering %s', async (label, i) => {
    upstream.set({ toolsList: { tools: [{ name: 'echo', description: 'Echo', inputSchema: { type: 'object' } }] }, toolsCall: HOSTILE_CALLS[i]?.toolsCall });
    const request = { path: '/api/servers/{id}/tools/{name}/call', method: 'POST' as const, params: { id: liveId, name: 'echo' }, body: json('call', { arguments: { message: 'hi' }, timeoutMs: 2000 }) };
    const breaches = await sendAll(label, [request, { ...request, headers: { accept: 'text/event-stream' } }]);
    expect(breaches, breaches.join('\n')).toEqual([]);
  });
});

let deepJson = '1';
for (let i = 0; i < 1200; i++) deepJson = `{"a":${deepJson}}`;

/** Chat-completion answers a broken or hostile model endpoint may send. */
const HOSTILE_LLM: { label: string; reply: ScriptedReply }[] = [
  { label: 'a body that is not JSON', reply: { malformed: true } },
  { label: 'JSON of the wrong shape', reply: { json: { choices: 'none' } } },
  { label: 'no choices', reply: { json: { choices: [] } } },
  { label: 'a null message content', reply: { json: { id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content: null }, finish_reason: 'stop' }] } } },
  { label: 'prose without JSON', reply: { text: 'I would rather not.' } },
  { label: 'JSON with wrong types', reply: { text: '{"scores":{"purpose":"high","usage":-5},"description":42,"query":[],"expectedParameters":"x"}' } },
  { label: '1,200-deep JSON', reply: { text: deepJson } },
  { label: 'a 1 MB answer with NUL', reply: { text: `\u0000${'w'.repeat(1024 * 1024)}` } },
  { label: 'a tool call with broken arguments', reply: { toolCalls: [{ name: 'submit', arguments: '{"a":' }] } },
  { label: 'HTTP 500', reply: { status: 500 } },
  { label: 'HTTP 400 with an odd body', reply: { status: 400, body: { error: { message: 42, type: ['x'] } } } },
];

describe('untrusted LLM output: the lint, recommendations and drafts answer 4xx/502 or report it, never a 500', () => {
  let llm: LlmServer;
  let reply: ScriptedReply = { text: 'ok' };
  let pairServer = '';
  const KEY = { 'X-OpenAI-API-Key': 'sk-test-bad-input' };
  beforeAll(async () => {
    llm = await startLlmServer({ respond: () => reply });
    const desc = 'Look a word up in the dictionary and return its meaning';
    const created = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', {
      body: { name: 'llm-pair', transport: 'static', tools: ['alpha', 'beta'].map((name) => ({ name, description: desc, inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] } })) },
    });
    expect(created.status).toBe(201);
    pairServer = created.body.id;
  });
  afterAll(async () => llm?.close());

  it.each(HOSTILE_LLM.map((h, i) => [h.label, i] as const))('a model answering %s', async (label, i) => {
    reply = HOSTILE_LLM[i]?.reply ?? reply;
    const model = { provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 5 };
    const toolList = [{ server: 's', name: 'alpha', description: 'Look a word up', inputSchema: { type: 'object' } }, { server: 's', name: 'beta', description: 'Look a word up', inputSchema: { type: 'object' } }];
    const breaches: string[] = [];
    const asked = llm.requests.length;
    let counts = await rowCounts();
    for (const [path, body] of [
      ['/api/quality/lint', { toolList, llm: model }],
      ['/api/similarity/recommendations', { toolList, llm: model, method: 'description_overlap', similarityThreshold: 0.1 }],
      ['/api/similarity/test-case-drafts', { serverIds: [pairServer], llm: model, method: 'description_overlap', similarityThreshold: 0.1 }],
    ] as const) {
      const r = routes.find((x) => x.path === path);
      const handler = r?.handlers.POST;
      if (!handler) throw new Error(`no POST ${path}`);
      const outcome = await callRoute(handler, { method: 'POST', path, params: {}, body: { label: 'llm', body: JSON.stringify(body), contentType: 'application/json' }, headers: KEY }, TIMEOUT_MS * 2);
      const breach = contractBreach(outcome, [502, 503, 504]);
      if (breach) breaches.push(`POST ${path} with a model answering ${label}: ${breach}`);
      const after = await rowCounts();
      if ('status' in outcome && outcome.status >= 400 && after !== counts) breaches.push(`POST ${path} with a model answering ${label}: refused but rows changed`);
      counts = after;
    }
    expect(breaches, breaches.join('\n')).toEqual([]);
    expect(llm.requests.length - asked, 'each route asked the model').toBeGreaterThanOrEqual(3);
  });
});

/** Sends each request, returning every breach of the contract, each naming route and input. */
async function send(r: ApiRoute, method: Method, requests: { label: string; request: Request_ }[], mustRefuse = false): Promise<string[]> {
  const handler = r.handlers[method];
  if (!handler) throw new Error('no handler');
  const allowed = upstreamStatuses(r);
  const breaches: string[] = [];
  let counts = await rowCounts();
  for (const { label, request } of requests) {
    const outcome = await callRoute(handler, request, TIMEOUT_MS);
    const where = `${method} ${r.path} with ${label}`;
    const breach = contractBreach(outcome, allowed);
    if (breach) breaches.push(`${where}: ${breach}`);
    if (mustRefuse && 'status' in outcome && outcome.status < 400) breaches.push(`${where}: accepted (${outcome.status}) a body that must be refused`);
    if (({} as Record<string, unknown>).polluted !== undefined) breaches.push(`${where}: polluted Object.prototype`);
    const after = await rowCounts();
    if ('status' in outcome && outcome.status >= 400 && after !== counts) breaches.push(`${where}: refused (${outcome.status}) but rows changed: ${counts} -> ${after}`);
    counts = after;
  }
  return breaches;
}
