import { isLoopbackHost, type Env } from '../../env';

/**
 * Whether requests need credentials, decided from HOST, the admin credentials and AUTH.
 * - `on`: a password and/or token is set (on loopback too: setting one is asking for it).
 * - `off`: loopback with no credential, the default dev experience.
 * - `opted-out`: AUTH=none, the operator's explicit choice (warned about beyond loopback).
 * - `misconfigured`: beyond loopback with no credential, or AUTH=password without one;
 *   start-up refuses, and the proxy refuses every request should it be reached anyway.
 */
export type AuthPolicy =
  | { mode: 'on'; password: string | undefined; token: string | undefined }
  | { mode: 'off' }
  | { mode: 'opted-out'; exposed: boolean }
  | { mode: 'misconfigured'; message: string };

type AuthEnv = Pick<Env, 'host' | 'adminPassword' | 'adminToken' | 'auth'>;

export function resolveAuthPolicy(env: AuthEnv): AuthPolicy {
  const loopback = isLoopbackHost(env.host);
  if (env.auth === 'none') return { mode: 'opted-out', exposed: !loopback };
  if (env.adminPassword !== undefined || env.adminToken !== undefined) {
    return { mode: 'on', password: env.adminPassword, token: env.adminToken };
  }
  if (env.auth === 'password') {
    return { mode: 'misconfigured', message: 'AUTH=password needs ADMIN_PASSWORD (12+ characters) or ADMIN_TOKEN (32+ characters).' };
  }
  if (!loopback) {
    return {
      mode: 'misconfigured',
      message:
        `HOST=${env.host} exposes the app beyond this machine, and it can run commands: set ADMIN_PASSWORD (12+ characters) ` +
        'or ADMIN_TOKEN (32+ characters), or AUTH=none to run without authentication on purpose (not recommended). See SECURITY.md.',
    };
  }
  return { mode: 'off' };
}

export type StartupAuthCheck = { warnings: string[] };

/** For start-up: throws when the app must not start, returns the warnings to log at every start. */
export function checkAuthAtStartup(env: AuthEnv): StartupAuthCheck {
  const policy = resolveAuthPolicy(env);
  if (policy.mode === 'misconfigured') throw new Error(`Refusing to start: ${policy.message}`);
  const warnings: string[] = [];
  if (policy.mode === 'opted-out' && policy.exposed) {
    warnings.push(`AUTH=none with HOST=${env.host}: anyone who can reach this address can use the app and run commands on this machine.`);
  }
  if (policy.mode === 'opted-out' && (env.adminPassword !== undefined || env.adminToken !== undefined)) {
    warnings.push('AUTH=none: ADMIN_PASSWORD / ADMIN_TOKEN are set but ignored.');
  }
  return { warnings };
}
