import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clearSessionCookie, createSessionValue, readSessionCookie, serializeSessionCookie, SESSION_COOKIE, SESSION_TTL_MS, verifySessionValue } from './session-cookie';

const key = randomBytes(32);
const NOW = Date.UTC(2026, 0, 1);

describe('session cookie signing', () => {
  it('verifies its own value until it expires, and not after', () => {
    const value = createSessionValue(key, NOW);
    expect(verifySessionValue(value, key, NOW + 1000)).toEqual({ issuedAt: NOW, expiresAt: NOW + SESSION_TTL_MS });
    expect(verifySessionValue(value, key, NOW + SESSION_TTL_MS - 1)).not.toBeNull();
    expect(verifySessionValue(value, key, NOW + SESSION_TTL_MS)).toBeNull();
  });

  it('refuses another key (another APP_SECRET or password), and every single-character change', () => {
    const value = createSessionValue(key, NOW);
    expect(verifySessionValue(value, randomBytes(32), NOW)).toBeNull();
    let accepted = 0;
    for (let round = 0; round < 20; round++) {
      const v = createSessionValue(key, NOW);
      for (let i = 0; i < v.length; i++) {
        for (const ch of ['A', 'B', '0', '_']) {
          if (ch !== v[i] && verifySessionValue(v.slice(0, i) + ch + v.slice(i + 1), key, NOW)) accepted++;
        }
      }
    }
    expect(accepted).toBe(0);
    expect(verifySessionValue(value, key, NOW)).not.toBeNull();
  });

  it('refuses a prolonged expiry, a future issue time and junk', () => {
    const [v, iat, exp, nonce, mac] = createSessionValue(key, NOW).split('.');
    expect(verifySessionValue([v, iat, String(Number(exp) + 1e9), nonce, mac].join('.'), key, NOW)).toBeNull();
    const future = createSessionValue(key, NOW + 10 * 60_000);
    expect(verifySessionValue(future, key, NOW)).toBeNull();
    for (const junk of ['', 'v1', 'v1....', 'a.b.c.d.e', `${createSessionValue(key, NOW)}.x`]) expect(verifySessionValue(junk, key, NOW)).toBeNull();
  });

  it('gives each login a distinct value', () => {
    expect(createSessionValue(key, NOW)).not.toBe(createSessionValue(key, NOW));
  });
});

describe('session cookie header', () => {
  it('is HttpOnly, SameSite=Strict, Path=/, with a Max-Age, and Secure only when asked', () => {
    const plain = serializeSessionCookie('abc', { secure: false, maxAgeSeconds: 43200 });
    expect(plain.split('; ')).toEqual([`${SESSION_COOKIE}=abc`, 'Path=/', 'Max-Age=43200', 'HttpOnly', 'SameSite=Strict']);
    expect(serializeSessionCookie('abc', { secure: true, maxAgeSeconds: 1 })).toMatch(/; Secure$/);
    expect(clearSessionCookie(false)).toContain('Max-Age=0');
  });

  it('is read from a Cookie header among others', () => {
    expect(readSessionCookie(`a=1; ${SESSION_COOKIE}=v1.x.y; b=2`)).toBe('v1.x.y');
    expect(readSessionCookie(`x${SESSION_COOKIE}=nope; a=1`)).toBeNull();
    expect(readSessionCookie(null)).toBeNull();
    expect(readSessionCookie(`${SESSION_COOKIE}=`)).toBeNull();
  });
});
