import { describe, expect, it } from 'vitest';
import { classifyPath, wantsJson } from './public-paths';

describe('public paths', () => {
  it.each([
    ['GET', '/login', 'public'],
    ['POST', '/login', 'protected'],
    ['POST', '/api/auth/login', 'public'],
    ['GET', '/api/auth/login', 'protected'],
    ['POST', '/api/auth/logout', 'public'],
    ['GET', '/api/auth/session', 'protected'],
    ['GET', '/api/health', 'public'],
    ['HEAD', '/api/health', 'public'],
    ['GET', '/api/health/', 'protected'],
    ['GET', '/api/healthz', 'protected'],
    ['POST', '/api/health', 'protected'],
    ['POST', '/demo/rag/mcp', 'public'],
    ['GET', '/_next/static/chunks/app.js', 'public'],
    ['GET', '/icon.svg', 'public'],
    ['POST', '/mcp', 'own-auth'],
    ['GET', '/', 'protected'],
    ['GET', '/settings', 'protected'],
    ['GET', '/api/servers', 'protected'],
    ['GET', '/logins', 'protected'],
    // Prefixes cannot be stepped out of.
    ['POST', '/demo/..%2Fapi/servers', 'protected'],
    ['POST', '/demo/%2e%2e/api/servers', 'protected'],
    ['GET', '/_next/static/..%5Capi%5Cservers', 'protected'],
    ['POST', '/demo/%E0%A4%A', 'protected'],
  ])('%s %s is %s', (method, path, access) => {
    expect(classifyPath(method, path)).toBe(access);
  });

  it('answers JSON to the API and to anything but a page load', () => {
    expect(wantsJson('GET', '/api/servers')).toBe(true);
    expect(wantsJson('POST', '/settings')).toBe(true);
    expect(wantsJson('GET', '/settings')).toBe(false);
  });
});
