import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import * as keyRoute from '@/app/api/api-keys/[id]/route';
import * as keysRoute from '@/app/api/api-keys/route';
import * as loginRoute from '@/app/api/auth/login/route';
import * as logoutRoute from '@/app/api/auth/logout/route';
import * as sessionRoute from '@/app/api/auth/session/route';
import * as serversRoute from '@/app/api/servers/route';
import * as testCasesRoute from '@/app/api/test-cases/route';
import { setLogSink, type LogRecord } from '@/lib/log';
import { authenticate as authenticateMcp } from '@/lib/mcp-endpoint/auth';
import { authenticate, refusalResponse, type AuthDecision } from '@/lib/security/auth/authenticate';
import { SESSION_COOKIE } from '@/lib/security/auth/session-cookie';
import { runStartup } from '@/lib/startup';
import { proxy } from '@/proxy';
import { call } from './helpers/api';

/*
 * The app exposed beyond loopback: start-up refuses without credentials, and with a password
 * every page and /api route needs the session cookie or a bearer token. Requests go through the
 * real authenticate function (what proxy.ts calls) and then the real route handlers, against a
 * real SQLite DATA_DIR.
 */

const PASSWORD = 'correct horse battery staple';
const ADMIN_TOKEN = 'admin-token-'.padEnd(48, 'x');
const AUTH_VARS = ['HOST', 'ADMIN_PASSWORD', 'ADMIN_TOKEN', 'AUTH', 'APP_URL', 'LOG_LEVEL'] as const;
const saved = Object.fromEntries(AUTH_VARS.map((k) => [k, process.env[k]]));

function setEnv(vars: Partial<Record<(typeof AUTH_VARS)[number], string>>): void {
  for (const k of AUTH_VARS) {
    if (k === 'LOG_LEVEL') continue;
    if (vars[k] === undefined) delete process.env[k];
    else process.env[k] = vars[k];
  }
}

afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  setLogSink(null);
});

let clientCounter = 0;
/** A fresh client address per test, so the login rate limit of one test does not leak into another. */
function newClient(): string {
  clientCounter += 1;
  return `203.0.113.${clientCounter}`;
}

function request(method: string, urlPath: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(urlPath, 'http://eval.example.com:3000'), { method, headers });
}

/** What proxy.ts does, then the route handler when the request gets through. */
async function through(handler: unknown, method: string, urlPath: string, headers: Record<string, string> = {}, body?: unknown) {
  const decision = await authenticate(request(method, urlPath, headers));
  if (!decision.ok) {
    const res = refusalResponse(decision, 'test', `http://eval.example.com:3000${urlPath}`);
    return { status: res.status, location: res.headers.get('location'), body: (await res.text()) || null };
  }
  const res = await call(handler, method, urlPath, { headers, body });
  return { status: res.status, location: null, body: res.text };
}

async function loginAs(password: string, client: string, extraHeaders: Record<string, string> = {}) {
  return call<{ authenticated?: boolean; error?: { code: string } }>(loginRoute.POST, 'POST', '/api/auth/login', {
    body: { password },
    headers: { 'x-forwarded-for': client, ...extraHeaders },
  });
}

async function sessionCookie(): Promise<string> {
  const res = await loginAs(PASSWORD, newClient());
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie') ?? '';
  const value = setCookie.split(';')[0] ?? '';
  expect(value.startsWith(`${SESSION_COOKIE}=v1.`)).toBe(true);
  return value;
}

async function createToken(kind: 'api' | 'mcp', name: string): Promise<{ id: string; key: string }> {
  const res = await call<{ id: string; key: string; kind: string }>(keysRoute.POST, 'POST', '/api/api-keys', { body: { name, kind } });
  expect(res.status).toBe(201);
  expect(res.body.kind).toBe(kind);
  return res.body;
}

/** Every route and page of the app, as a concrete path per file (so a new route is covered by itself). */
function appEndpoints(): { method: string; path: string }[] {
  const root = path.resolve(import.meta.dirname, '..', 'app');
  const out: { method: string; path: string }[] = [];
  const concrete = (dir: string) =>
    '/' +
    path
      .relative(root, dir)
      .split(path.sep)
      .filter((s) => s !== '' && !/^\(.*\)$/.test(s))
      .map((s) => (s === '[...path]' ? 'no-such-route' : s === '[server]' ? 'rag' : s === '[endpoint]' ? 'mcp' : s.startsWith('[') ? 'some-id' : s))
      .join('/');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'page.tsx') out.push({ method: 'GET', path: concrete(dir) });
      else if (entry.name === 'route.ts') {
        const source = fs.readFileSync(full, 'utf8');
        for (const m of source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)) out.push({ method: m[1] ?? 'GET', path: concrete(dir) });
      }
    }
  };
  walk(root);
  return out;
}

/** What may be reached without credentials when authentication is on (see lib/security/auth/public-paths.ts). */
function isPublic(e: { method: string; path: string }): boolean {
  return (
    e.path === '/mcp' ||
    e.path.startsWith('/demo/') ||
    (e.path === '/login' && e.method === 'GET') ||
    (e.path === '/api/health' && e.method === 'GET') ||
    (e.path.startsWith('/api/auth/log') && e.method === 'POST')
  );
}

describe('start-up beyond loopback', () => {
  it('refuses to start with no credential, naming the settings that fix it', async () => {
    setEnv({ HOST: '0.0.0.0' });
    await expect(runStartup()).rejects.toThrow(/Refusing to start: HOST=0\.0\.0\.0 .*ADMIN_PASSWORD.*ADMIN_TOKEN.*AUTH=none/);
    // Should the proxy be reached anyway, it refuses everything.
    const decision = await authenticate(request('GET', '/api/servers'));
    expect(decision).toMatchObject({ ok: false, status: 503, code: 'auth_not_configured' });
  });

  it('starts with AUTH=none, and warns at every start', async () => {
    const records: LogRecord[] = [];
    process.env.LOG_LEVEL = 'warn';
    setLogSink((_line, record) => records.push(record));
    try {
      setEnv({ HOST: '0.0.0.0', AUTH: 'none' });
      await runStartup();
      await runStartup();
    } finally {
      setLogSink(null);
      process.env.LOG_LEVEL = saved.LOG_LEVEL ?? 'silent';
    }
    const warnings = records.filter((r) => r.level === 'warn' && /AUTH=none with HOST=0\.0\.0\.0/.test(r.msg));
    expect(warnings).toHaveLength(2);
    expect(await authenticate(request('GET', '/api/servers'))).toEqual({ ok: true, via: 'opted-out' });
  });

  it('starts with a password', async () => {
    setEnv({ HOST: '0.0.0.0', ADMIN_PASSWORD: PASSWORD });
    await expect(runStartup()).resolves.toBeUndefined();
  });

  it('on loopback without a credential, nothing changes: every request gets in', async () => {
    setEnv({ HOST: '127.0.0.1' });
    expect(await authenticate(request('POST', '/api/servers'))).toEqual({ ok: true, via: 'off' });
    expect(await authenticate(request('GET', '/settings'))).toEqual({ ok: true, via: 'off' });
  });

  it('an ADMIN_PASSWORD shorter than 12 characters is refused as invalid configuration', async () => {
    setEnv({ HOST: '0.0.0.0', ADMIN_PASSWORD: 'short' });
    await expect(authenticate(request('GET', '/'))).rejects.toThrow(/ADMIN_PASSWORD must be at least 12 characters/);
  });
});

describe('with a password, beyond loopback', () => {
  beforeEach(() => setEnv({ HOST: '0.0.0.0', ADMIN_PASSWORD: PASSWORD, ADMIN_TOKEN }));

  it('refuses every page and API route without credentials: pages go to the login page, the API answers 401 JSON', async () => {
    const endpoints = appEndpoints();
    expect(endpoints.length).toBeGreaterThan(45);
    const protectedOnes = endpoints.filter((e) => !isPublic(e));
    expect(protectedOnes.filter((e) => e.path.startsWith('/api/')).length).toBeGreaterThan(35);
    expect(protectedOnes.filter((e) => !e.path.startsWith('/api/')).length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const e of protectedOnes) {
      const decision = await authenticate(request(e.method, e.path));
      const page = !e.path.startsWith('/api/') && e.method === 'GET';
      const expected: Partial<AuthDecision> = page
        ? { ok: false, status: 401, code: 'unauthorized', redirectTo: `/login?next=${encodeURIComponent(e.path)}` }
        : { ok: false, status: 401, code: 'unauthorized' };
      if (!page && 'redirectTo' in decision) wrong.push(`${e.method} ${e.path}: redirected`);
      try {
        expect(decision).toMatchObject(expected);
      } catch {
        wrong.push(`${e.method} ${e.path}: ${JSON.stringify(decision)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets the public paths through: login, health, /mcp (its own keys), the demo servers', async () => {
    const publicOnes = appEndpoints().filter(isPublic);
    expect(publicOnes.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining(['GET /login', 'POST /api/auth/login', 'POST /api/auth/logout', 'GET /api/health', 'POST /mcp', 'POST /demo/rag/mcp']),
    );
    for (const e of publicOnes) expect(await authenticate(request(e.method, e.path)), `${e.method} ${e.path}`).toMatchObject({ ok: true });
  });

  it('answers a refused page with a redirect that keeps where the user was going, and the API with 401 JSON', async () => {
    const pageUrl = 'http://eval.example.com:3000/runs?status=failed';
    const page = refusalResponse((await authenticate(request('GET', pageUrl))) as Extract<AuthDecision, { ok: false }>, 'rid', pageUrl);
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toBe(`http://eval.example.com:3000/login?next=${encodeURIComponent('/runs?status=failed')}`);
    const api = refusalResponse((await authenticate(request('GET', '/api/servers'))) as Extract<AuthDecision, { ok: false }>, 'rid', 'http://eval.example.com:3000/api/servers');
    expect(api.status).toBe(401);
    expect(api.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await api.json()).toEqual({ error: { code: 'unauthorized', message: expect.stringMatching(/\/login.*Authorization: Bearer/) }, requestId: 'rid' });
  });

  it('accepts the session cookie from a real login on every page and API route', async () => {
    const cookie = await sessionCookie();
    const refused: { method: string; path: string }[] = [];
    for (const e of appEndpoints().filter((x) => !isPublic(x))) if (!(await authenticate(request(e.method, e.path, { cookie: `theme=dark; ${cookie}` }))).ok) refused.push(e);
    expect(refused).toEqual([]);
    // And the request reaches the real handler.
    const servers = await through(serversRoute.GET, 'GET', '/api/servers', { cookie });
    expect(servers.status).toBe(200);
    expect(JSON.parse(servers.body ?? '{}')).toMatchObject({ items: expect.any(Array) });
    const session = await through(sessionRoute.GET, 'GET', '/api/auth/session', { cookie });
    expect(JSON.parse(session.body ?? '{}')).toEqual({ authEnabled: true, via: 'session' });
  });

  it('accepts an API token from Settings and the ADMIN_TOKEN as Authorization: Bearer', async () => {
    const token = await createToken('api', 'ci pipeline');
    expect(token.key).toMatch(/^mcpeval_api_[A-Za-z0-9_-]{43}$/);
    for (const bearer of [token.key, ADMIN_TOKEN]) {
      const refused: { method: string; path: string }[] = [];
      for (const e of appEndpoints().filter((x) => !isPublic(x))) if (!(await authenticate(request(e.method, e.path, { authorization: `Bearer ${bearer}` }))).ok) refused.push(e);
      expect(refused).toEqual([]);
    }
    const created = await through(testCasesRoute.GET, 'GET', '/api/test-cases', { authorization: `Bearer ${token.key}` });
    expect(created.status).toBe(200);
    const listed = await call<{ items: { id: string; lastUsedAt: string | null }[] }>(keysRoute.GET, 'GET', '/api/api-keys', { query: { kind: 'api' } });
    expect(listed.body.items.find((k) => k.id === token.id)?.lastUsedAt).not.toBeNull();
  });

  it('refuses a wrong, malformed or revoked token, even alongside a valid session', async () => {
    const cookie = await sessionCookie();
    const token = await createToken('api', 'to revoke');
    expect((await authenticate(request('GET', '/api/servers', { authorization: `Bearer ${token.key}` }))).ok).toBe(true);
    expect((await call(keyRoute.DELETE, 'DELETE', `/api/api-keys/${token.id}`, { params: { id: token.id } })).status).toBe(200);
    expect(await authenticate(request('GET', '/api/servers', { authorization: `Bearer ${token.key}` }))).toMatchObject({
      ok: false,
      status: 401,
      code: 'invalid_token',
      message: 'API token has been revoked',
    });
    const forged = `mcpeval_api_${'A'.repeat(43)}`;
    for (const header of [`Bearer ${forged}`, `Bearer ${ADMIN_TOKEN}x`, 'Bearer', `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`]) {
      expect(await authenticate(request('GET', '/api/servers', { authorization: header, cookie })), header).toMatchObject({ ok: false, code: 'invalid_token' });
    }
  });

  it('keeps the two kinds apart: an /mcp key is no API token, and an API token does not open /mcp', async () => {
    const mcpKey = await createToken('mcp', 'claude desktop');
    const apiToken = await createToken('api', 'script');
    expect(await authenticate(request('GET', '/api/servers', { authorization: `Bearer ${mcpKey.key}` }))).toMatchObject({ ok: false, code: 'invalid_token' });
    expect(await authenticateMcp(new Headers({ 'x-api-key': apiToken.key }))).toMatchObject({ ok: false });
    expect(await authenticateMcp(new Headers({ 'x-api-key': mcpKey.key }))).toMatchObject({ ok: true });
    const mcpOnly = await call<{ items: { kind: string }[] }>(keysRoute.GET, 'GET', '/api/api-keys', { query: { kind: 'mcp' } });
    expect(mcpOnly.body.items.length).toBeGreaterThan(0);
    expect(mcpOnly.body.items.every((k) => k.kind === 'mcp')).toBe(true);
  });

  it('refuses an expired session, a forged one, and every session once the password changes', async () => {
    const cookie = await sessionCookie();
    const thirteenHours = Date.now() + 13 * 3600_000;
    expect(await authenticate(request('GET', '/api/servers', { cookie }), undefined, thirteenHours)).toMatchObject({ ok: false, message: expect.stringMatching(/expired/) });
    const forged = cookie.replace(/\.(\d+)\./, (_m, iat: string) => `.${Number(iat) - 1}.`);
    expect((await authenticate(request('GET', '/api/servers', { cookie: forged }))).ok).toBe(false);
    setEnv({ HOST: '0.0.0.0', ADMIN_PASSWORD: `${PASSWORD} rotated`, ADMIN_TOKEN });
    expect((await authenticate(request('GET', '/api/servers', { cookie }))).ok).toBe(false);
  });

  it('sets the cookie HttpOnly, SameSite=Strict, Path=/, with a 12 h expiry, Secure only over https', async () => {
    const plain = (await loginAs(PASSWORD, newClient())).headers.get('set-cookie') ?? '';
    expect(plain).toMatch(/; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect(plain).not.toMatch(/Secure/);
    const proxied = (await loginAs(PASSWORD, newClient(), { 'x-forwarded-proto': 'https' })).headers.get('set-cookie') ?? '';
    expect(proxied).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
    process.env.APP_URL = 'https://eval.example.com';
    const byAppUrl = (await loginAs(PASSWORD, newClient())).headers.get('set-cookie') ?? '';
    delete process.env.APP_URL;
    expect(byAppUrl).toMatch(/; Secure$/);
    const out = await call(logoutRoute.POST, 'POST', '/api/auth/logout');
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`^${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict`));
  });

  it('accepts the ADMIN_TOKEN at the login page too, and refuses malformed bodies with 400', async () => {
    expect((await loginAs(ADMIN_TOKEN, newClient())).status).toBe(200);
    const bad = await call<{ error: { code: string } }>(loginRoute.POST, 'POST', '/api/auth/login', { body: { pass: 'x' }, headers: { 'x-forwarded-for': newClient() } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
  });

  it('rate-limits wrong passwords: five 401s a minute per client, then 429 with Retry-After, even for the right password', async () => {
    const attacker = newClient();
    for (let i = 0; i < 5; i++) {
      const res = await loginAs(`wrong password ${i}`, attacker);
      expect(res.status).toBe(401);
      expect(res.body.error?.code).toBe('invalid_credentials');
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    const limited = await loginAs(PASSWORD, attacker);
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('too_many_attempts');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(limited.headers.get('set-cookie')).toBeNull();
    // Another client is not locked out by it.
    expect((await loginAs(PASSWORD, newClient())).status).toBe(200);
  });

  it('runs after the gate in proxy.ts: a foreign Host is refused before credentials matter, then pages redirect and the API answers 401', async () => {
    const cookie = await sessionCookie();
    const at = (path: string, headers: Record<string, string>) => proxy(new NextRequest(new URL(path, 'http://0.0.0.0:3000'), { headers }));
    expect((await at('/api/servers', { host: 'attacker.example:3000', cookie })).status).toBe(421);
    const page = await at('/settings', { host: '127.0.0.1:3000' });
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toBe('http://0.0.0.0:3000/login?next=%2Fsettings');
    expect((await at('/api/servers', { host: '127.0.0.1:3000' })).status).toBe(401);
    // Let through: Next's "continue" answer carries x-middleware-next.
    expect((await at('/api/servers', { host: '127.0.0.1:3000', cookie })).headers.get('x-middleware-next')).toBe('1');
    expect((await at('/api/health', { host: '127.0.0.1:3000' })).headers.get('x-middleware-next')).toBe('1');
  });

  it('counts wrong ADMIN_TOKEN guesses in the same budget: the sixth is a 429, the right token too, while Settings tokens are unaffected', async () => {
    const guesser = { 'x-forwarded-for': newClient() };
    for (let i = 0; i < 5; i++) {
      expect(await authenticate(request('GET', '/api/servers', { ...guesser, authorization: `Bearer ${ADMIN_TOKEN}-${i}` }))).toMatchObject({ ok: false, status: 401 });
    }
    const limited = await authenticate(request('GET', '/api/servers', { ...guesser, authorization: `Bearer ${ADMIN_TOKEN}` }));
    expect(limited).toMatchObject({ ok: false, status: 429, code: 'too_many_attempts' });
    const res = refusalResponse(limited as Extract<AuthDecision, { ok: false }>, 'rid', 'http://eval.example.com:3000/api/servers');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(50);
    expect((await loginAs(PASSWORD, guesser['x-forwarded-for'])).status).toBe(429);
    const token = await createToken('api', 'unaffected');
    expect((await authenticate(request('GET', '/api/servers', { ...guesser, authorization: `Bearer ${token.key}` }))).ok).toBe(true);
  });

  it('answers 409 at the login route when authentication is off', async () => {
    setEnv({ HOST: '127.0.0.1' });
    const res = await loginAs(PASSWORD, newClient());
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('auth_disabled');
  });
});
