import 'server-only';
import { z } from 'zod';
import { getEnv, type Env } from '../../env';
import { authPolicy, sessionKeyFor } from './authenticate';
import { secretsEqual } from './constant-time';
import { loginRateLimiter, type LoginRateLimiter } from './login-rate-limit';
import { createSessionValue, serializeSessionCookie, SESSION_TTL_MS } from './session-cookie';

export const LoginInputSchema = z.object({ password: z.string().min(1, 'password is required').max(1024) }).strict();
export type LoginInput = z.infer<typeof LoginInputSchema>;

export type LoginResult =
  | { ok: true; cookie: string; expiresAt: string }
  | { ok: false; status: 401 | 409 | 429; code: 'invalid_credentials' | 'auth_disabled' | 'too_many_attempts'; message: string; retryAfterSeconds?: number };

type LoginContext = { client: string; secure: boolean; now?: number; limiter?: LoginRateLimiter; env?: Env };

/** The password or the admin token: both are the administrator's secret. Both compared in full. */
function matches(given: string, password: string | undefined, token: string | undefined): boolean {
  const byPassword = password !== undefined && secretsEqual(given, password);
  const byToken = token !== undefined && secretsEqual(given, token);
  return byPassword || byToken;
}

/**
 * Checks the password and mints a session cookie. A client over its budget of wrong attempts
 * is refused before the password is even compared, so a right guess teaches it nothing.
 */
export function login(input: LoginInput, ctx: LoginContext): LoginResult {
  const env = ctx.env ?? getEnv();
  const now = ctx.now ?? Date.now();
  const limiter = ctx.limiter ?? loginRateLimiter;
  const policy = authPolicy(env);
  if (policy.mode !== 'on') {
    return { ok: false, status: 409, code: 'auth_disabled', message: 'Authentication is off on this instance: there is nothing to sign in to' };
  }
  const wait = limiter.retryAfterSeconds(ctx.client, now);
  if (wait > 0) {
    return { ok: false, status: 429, code: 'too_many_attempts', message: `Too many wrong passwords; try again in ${wait} s`, retryAfterSeconds: wait };
  }
  if (!matches(input.password, policy.password, policy.token)) {
    limiter.recordFailure(ctx.client, now);
    return { ok: false, status: 401, code: 'invalid_credentials', message: 'Wrong password' };
  }
  limiter.recordSuccess(ctx.client);
  const value = createSessionValue(sessionKeyFor(env), now, SESSION_TTL_MS);
  return {
    ok: true,
    cookie: serializeSessionCookie(value, { secure: ctx.secure, maxAgeSeconds: Math.floor(SESSION_TTL_MS / 1000) }),
    expiresAt: new Date(now + SESSION_TTL_MS).toISOString(),
  };
}
