import 'server-only';
import { getEnv, type Env } from '../../env';
import { isWellFormedApiToken } from './api-token-format';
import { bearerTokenOf, checkAdminToken, checkBearerToken } from './bearer';
import { loginRateLimiter } from './login-rate-limit';
import { resolveAuthPolicy, type AuthPolicy } from './policy';
import { classifyPath, wantsJson } from './public-paths';
import { clientAddressOf } from './request-context';
import { readSessionCookie, verifySessionValue } from './session-cookie';
import { sessionKey } from './session-key';

export type AuthVia = 'off' | 'opted-out' | 'public' | 'own-auth' | 'session' | 'admin-token' | 'api-token';
export type AuthRefusal = {
  status: 401 | 429 | 503;
  code: 'unauthorized' | 'invalid_token' | 'too_many_attempts' | 'auth_not_configured';
  message: string;
  redirectTo?: string;
  retryAfterSeconds?: number;
};
export type AuthDecision = ({ ok: true; via: AuthVia } | ({ ok: false } & AuthRefusal));

type AuthRequest = Pick<Request, 'method' | 'url' | 'headers'>;

const memo = new WeakMap<Env, { policy: AuthPolicy; key?: Buffer }>();

function stateFor(env: Env): { policy: AuthPolicy; key?: Buffer } {
  let state = memo.get(env);
  if (!state) {
    state = { policy: resolveAuthPolicy(env) };
    memo.set(env, state);
  }
  return state;
}

function keyFor(env: Env): Buffer {
  const state = stateFor(env);
  if (state.policy.mode !== 'on') throw new Error('no session key while authentication is off');
  state.key ??= sessionKey(state.policy);
  return state.key;
}

export function authPolicy(env: Env = getEnv()): AuthPolicy {
  return stateFor(env).policy;
}

export function sessionKeyFor(env: Env = getEnv()): Buffer {
  return keyFor(env);
}

/** Only a local path may be a `next` target: no scheme, no `//host`, no backslash tricks. */
export function safeNextPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\') || /[\u0000-\u001f]/.test(value)) return '/';
  return value.slice(0, 2000);
}

function refuse(req: AuthRequest, path: string, search: string, code: 'unauthorized' | 'invalid_token', message: string): AuthDecision {
  if (code === 'unauthorized' && !wantsJson(req.method, path)) {
    return { ok: false, status: 401, code, message, redirectTo: `/login?next=${encodeURIComponent(safeNextPath(path + search))}` };
  }
  return { ok: false, status: 401, code, message };
}

/**
 * Whether a request may go on: pages and /api need a valid session cookie or a bearer token
 * when authentication is on; /mcp has its own keys; public paths are in public-paths.ts.
 * Cheap (an HMAC, at most one indexed read) since it runs for every request; a guess at the
 * ADMIN_TOKEN is checked and counted with no await in between, so a burst cannot outrun the budget.
 */
export async function authenticate(req: AuthRequest, env: Env = getEnv(), now = Date.now()): Promise<AuthDecision> {
  const { policy } = stateFor(env);
  if (policy.mode === 'off') return { ok: true, via: 'off' };
  if (policy.mode === 'opted-out') return { ok: true, via: 'opted-out' };
  if (policy.mode === 'misconfigured') return { ok: false, status: 503, code: 'auth_not_configured', message: policy.message };

  const url = new URL(req.url);
  const access = classifyPath(req.method, url.pathname);
  if (access === 'own-auth') return { ok: true, via: 'own-auth' };
  if (access === 'public') return { ok: true, via: 'public' };

  const bearer = bearerTokenOf(req.headers);
  if (bearer !== null) {
    // Anything but a Settings token (256 random bits) may be a guess at the ADMIN_TOKEN, which a
    // person chose: such guesses share the login page's budget of wrong attempts.
    const guessable = policy.token !== undefined && !isWellFormedApiToken(bearer);
    const client = clientAddressOf(req.headers);
    const wait = guessable ? loginRateLimiter.retryAfterSeconds(client, now) : 0;
    if (wait > 0) {
      return { ok: false, status: 429, code: 'too_many_attempts', message: `Too many wrong tokens or passwords; try again in ${wait} s`, retryAfterSeconds: wait };
    }
    const result = isWellFormedApiToken(bearer) ? await checkBearerToken(bearer, policy.token, now) : checkAdminToken(bearer, policy.token);
    if (result.ok) return { ok: true, via: result.via };
    if (guessable) loginRateLimiter.recordFailure(client, now);
    const message = result.reason === 'revoked' ? 'API token has been revoked' : 'Invalid API token in the Authorization header';
    return refuse(req, url.pathname, url.search, 'invalid_token', message);
  }

  const cookie = readSessionCookie(req.headers.get('cookie'));
  if (cookie !== null && verifySessionValue(cookie, keyFor(env), now)) return { ok: true, via: 'session' };
  return refuse(
    req,
    url.pathname,
    url.search,
    'unauthorized',
    cookie === null ? 'Sign in at /login, or send an API token as Authorization: Bearer <token>' : 'Your session has expired; sign in again at /login',
  );
}

/**
 * The answer for a refused request: a redirect to the login page for a page, else JSON.
 * The Location is absolute (Next's proxy requires it), on the request's own origin, which the
 * gate has already checked against the hosts the app serves.
 */
export function refusalResponse(refusal: AuthRefusal, requestId: string, requestUrl: string): Response {
  const headers = new Headers({ 'x-request-id': requestId, 'cache-control': 'no-store' });
  if (refusal.redirectTo) {
    headers.set('location', new URL(refusal.redirectTo, requestUrl).toString());
    return new Response(null, { status: 307, headers });
  }
  headers.set('content-type', 'application/json; charset=utf-8');
  if (refusal.status === 401) headers.set('www-authenticate', 'Bearer realm="mcp-eval-harness"');
  if (refusal.retryAfterSeconds !== undefined) headers.set('retry-after', String(refusal.retryAfterSeconds));
  return new Response(JSON.stringify({ error: { code: refusal.code, message: refusal.message }, requestId }), { status: refusal.status, headers });
}
