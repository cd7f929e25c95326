import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'mcp_eval_session';
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
const VERSION = 'v1';
/** Clocks of replicas may disagree a little; a cookie "issued" further in the future is forged or broken. */
const CLOCK_SKEW_MS = 60_000;

export type Session = { issuedAt: number; expiresAt: number };

function sign(payload: string, key: Buffer): string {
  return createHmac('sha256', key).update(payload, 'utf8').digest('base64url');
}

/** `v1.<issuedAt>.<expiresAt>.<nonce>.<hmac>`: stateless, so any replica holding the key verifies it. */
export function createSessionValue(key: Buffer, now = Date.now(), ttlMs = SESSION_TTL_MS): string {
  const payload = [VERSION, String(now), String(now + ttlMs), randomBytes(12).toString('base64url')].join('.');
  return `${payload}.${sign(payload, key)}`;
}

export function verifySessionValue(value: string, key: Buffer, now = Date.now()): Session | null {
  const parts = value.split('.');
  if (parts.length !== 5) return null;
  const [version, issued, expires, nonce, mac] = parts as [string, string, string, string, string];
  if (version !== VERSION || !/^\d{1,15}$/.test(issued) || !/^\d{1,15}$/.test(expires) || !/^[A-Za-z0-9_-]{16}$/.test(nonce)) return null;
  const expected = Buffer.from(sign(parts.slice(0, 4).join('.'), key), 'base64url');
  const given = Buffer.from(mac, 'base64url');
  // Canonical encoding only: base64url's unused low bits would otherwise give one MAC several spellings.
  if (given.length !== expected.length || given.toString('base64url') !== mac || !timingSafeEqual(given, expected)) return null;
  const session = { issuedAt: Number(issued), expiresAt: Number(expires) };
  if (session.expiresAt <= now || session.issuedAt > now + CLOCK_SKEW_MS || session.expiresAt <= session.issuedAt) return null;
  return session;
}

export type CookieOptions = { secure: boolean; maxAgeSeconds: number };

/** HttpOnly (no script reads it), SameSite=Strict (no other site sends it), Secure over https. */
export function serializeSessionCookie(value: string, options: CookieOptions): string {
  const parts = [`${SESSION_COOKIE}=${value}`, 'Path=/', `Max-Age=${options.maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict'];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearSessionCookie(secure: boolean): string {
  return serializeSessionCookie('', { secure, maxAgeSeconds: 0 });
}

/** The session cookie's value from a Cookie header, or null. */
export function readSessionCookie(cookieHeader: string | null): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || null;
  }
  return null;
}
