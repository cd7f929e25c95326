import { describe, expect, it } from 'vitest';
import { checkRequest, type GateRequest } from './gate';
import { gatePolicyFrom } from './policy';

const policy = gatePolicyFrom({
  appUrl: 'http://127.0.0.1:3000',
  host: '127.0.0.1',
  port: 3000,
  allowedHosts: ['eval.example.com', 'tools.internal:8443'],
  allowedOrigins: ['https://dash.example.com'],
});

const SELF = 'http://127.0.0.1:3000';

function req(method: string, path: string, headers: Record<string, string> = {}): GateRequest {
  const all = new Headers({ host: '127.0.0.1:3000', ...headers });
  return { method, path, headers: all };
}

type Row = [label: string, request: GateRequest, expected: number | 'ok', code?: string];

const JSON_BODY = { 'content-type': 'application/json', 'content-length': '20' };

// One row per rule and route family: a present Origin, the browser's Sec-Fetch-Site, the body's
// type, and the Host, for pages, /api, /mcp and the demo servers.
const ROWS: Row[] = [
  // Non-browser clients (curl, the CLI, MCP clients) send no Origin and no Sec-Fetch headers.
  ['curl POST json /api', req('POST', '/api/servers', JSON_BODY), 'ok'],
  ['curl GET /api', req('GET', '/api/servers'), 'ok'],
  ['curl POST /mcp', req('POST', '/mcp', JSON_BODY), 'ok'],
  ['MCP client to a demo server', req('POST', '/demo/todo/mcp', JSON_BODY), 'ok'],
  ['bodiless POST (cancel)', req('POST', '/api/batches/x/cancel'), 'ok'],
  ['DELETE without body', req('DELETE', '/api/servers/x'), 'ok'],
  // The app's own UI.
  ['same-origin fetch', req('POST', '/api/servers', { ...JSON_BODY, origin: SELF, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }), 'ok'],
  ['same-origin GET tools', req('GET', '/api/servers/x/tools', { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }), 'ok'],
  ['same-origin csv import', req('POST', '/api/test-cases/import', { origin: SELF, 'content-type': 'text/csv', 'content-length': '9' }), 'ok'],
  ['same-origin ndjson import', req('POST', '/api/test-cases/import', { origin: SELF, 'content-type': 'application/x-ndjson', 'content-length': '9' }), 'ok'],
  ['address bar page', req('GET', '/servers', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }), 'ok'],
  ['address bar API', req('GET', '/api/health', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }), 'ok'],
  ['link from another site to a page', req('GET', '/runs', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }), 'ok'],
  ['configured origin', req('POST', '/api/batches', { ...JSON_BODY, origin: 'https://dash.example.com', 'sec-fetch-site': 'cross-site' }), 'ok'],
  ['https origin of the own host', req('POST', '/api/batches', { ...JSON_BODY, origin: 'https://127.0.0.1:3000' }), 'ok'],
  // Hosts.
  ['localhost on another port (reverse proxy)', req('GET', '/api/servers', { host: 'localhost' }), 'ok'],
  ['IPv6 loopback', req('GET', '/api/servers', { host: '[::1]:3000' }), 'ok'],
  ['LAN IP literal', req('GET', '/api/servers', { host: '192.168.1.20:3000' }), 'ok'],
  ['configured name, any port', req('GET', '/api/servers', { host: 'eval.example.com' }), 'ok'],
  ['configured name:port', req('GET', '/', { host: 'tools.internal:8443' }), 'ok'],
  ['configured name, wrong port', req('GET', '/', { host: 'tools.internal:9000' }), 421, 'host_not_allowed'],
  ['rebinding name on /api', req('POST', '/api/servers', { ...JSON_BODY, host: 'attacker.example:3000' }), 421, 'host_not_allowed'],
  ['rebinding name on a page', req('GET', '/settings', { host: 'attacker.example:3000' }), 421, 'host_not_allowed'],
  ['rebinding name on /mcp', req('POST', '/mcp', { ...JSON_BODY, host: 'attacker.example:3000' }), 421, 'host_not_allowed'],
  ['rebinding name on a demo server', req('POST', '/demo/rag/mcp', { ...JSON_BODY, host: 'rebind.evil:3000' }), 421, 'host_not_allowed'],
  ['no Host', { method: 'GET', path: '/api/servers', headers: new Headers() }, 421, 'host_not_allowed'],
  ['garbage Host', req('GET', '/api/servers', { host: 'a b/c' }), 421, 'host_not_allowed'],
  // Foreign origins.
  ['foreign JSON origin', req('POST', '/api/servers', { ...JSON_BODY, origin: 'http://evil.example' }), 403, 'origin_not_allowed'],
  ['Origin null (file:// page, sandbox)', req('POST', '/api/servers', { ...JSON_BODY, origin: 'null' }), 403, 'origin_not_allowed'],
  ['other local port', req('POST', '/api/servers/import', { ...JSON_BODY, origin: 'http://127.0.0.1:8080' }), 403, 'origin_not_allowed'],
  ['foreign origin on /mcp', req('POST', '/mcp', { ...JSON_BODY, origin: 'http://evil.example' }), 403, 'origin_not_allowed'],
  ['foreign origin to api-keys', req('POST', '/api/api-keys', { ...JSON_BODY, origin: 'http://evil.example' }), 403, 'origin_not_allowed'],
  ['foreign origin GET of the API', req('GET', '/api/servers', { origin: 'http://evil.example' }), 403, 'origin_not_allowed'],
  ['form POST to a page', req('POST', '/servers', { origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3', 'sec-fetch-mode': 'navigate' }), 403, 'origin_not_allowed'],
  // Sec-Fetch-Site without Origin (no-cors GETs: img, script).
  ['cross-site no-cors GET of tools', req('GET', '/api/servers/x/tools', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }), 403, 'cross_site_request'],
  ['same-site (other port) GET', req('GET', '/api/servers/x/tools', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }), 403, 'cross_site_request'],
  ['cross-site navigation to the API', req('GET', '/api/servers/x/tools', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }), 403, 'cross_site_request'],
  ['cross-site script load of a page', req('GET', '/runs', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }), 403, 'cross_site_request'],
  // Simple content types, even without Origin.
  ['text/plain body', req('POST', '/api/servers', { 'content-type': 'text/plain', 'content-length': '10' }), 415, 'unsupported_media_type'],
  ['text/plain with charset', req('POST', '/api/test-cases/import', { 'content-type': 'text/plain;charset=UTF-8', 'content-length': '10' }), 415, 'unsupported_media_type'],
  ['form-urlencoded body', req('POST', '/api/servers/import', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '10' }), 415, 'unsupported_media_type'],
  ['multipart body', req('PUT', '/api/servers/x', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '10' }), 415, 'unsupported_media_type'],
  ['body without a type', req('PATCH', '/api/test-cases/x', { 'content-length': '10' }), 415, 'unsupported_media_type'],
  ['chunked text/plain', req('POST', '/mcp', { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' }), 415, 'unsupported_media_type'],
  ['text/plain to a demo server', req('POST', '/demo/todo/mcp', { 'content-type': 'text/plain', 'content-length': '10' }), 415, 'unsupported_media_type'],
  ['vendor +json is JSON', req('POST', '/api/servers', { 'content-type': 'application/merge-patch+json', 'content-length': '10' }), 'ok'],
  // Paths.
  ['malformed percent-encoding', req('GET', '/api/servers/%E0%A4%A'), 400, 'invalid_path'],
  ['malformed percent-encoding on a page', req('GET', '/servers/%zz'), 400, 'invalid_path'],
  ['well-formed encoding', req('GET', '/api/servers/%E0%A4%A4'), 'ok'],
];

describe('request gate', () => {
  it.each(ROWS)('%s', (_label, request, expected, code) => {
    const verdict = checkRequest(request, policy);
    if (expected === 'ok') {
      expect(verdict).toEqual({ ok: true });
    } else {
      expect(verdict).toMatchObject({ ok: false, status: expected, code });
    }
  });

  it('covers every route family with at least one refusal and one acceptance', () => {
    const families = ['/api/', '/mcp', '/demo/', 'page'];
    const familyOf = (path: string) => families.find((f) => path.startsWith(f)) ?? 'page';
    for (const family of families) {
      const rows = ROWS.filter(([, r]) => familyOf(r.path) === family);
      expect(rows.some(([, , e]) => e === 'ok'), family).toBe(true);
      expect(rows.some(([, , e]) => e !== 'ok'), family).toBe(true);
    }
  });
});

describe('gate policy', () => {
  it('takes APP_URL as a host and an origin, with its default port', () => {
    const p = gatePolicyFrom({ appUrl: 'https://eval.team.example', host: '0.0.0.0', port: 3000, allowedHosts: [], allowedOrigins: [] });
    expect(checkRequest({ method: 'GET', path: '/', headers: new Headers({ host: 'eval.team.example' }) }, p)).toEqual({ ok: true });
    expect(checkRequest({ method: 'GET', path: '/', headers: new Headers({ host: 'eval.team.example:3000' }) }, p)).toMatchObject({ status: 421 });
    const post = new Headers({ host: 'eval.team.example', origin: 'https://eval.team.example', 'content-type': 'application/json', 'content-length': '2' });
    expect(checkRequest({ method: 'POST', path: '/api/batches', headers: post }, p)).toEqual({ ok: true });
  });

  it('does not take a non-loopback name on any port just because it is HOST', () => {
    const p = gatePolicyFrom({ appUrl: 'http://127.0.0.1:3000', host: 'devbox', port: 3000, allowedHosts: [], allowedOrigins: [] });
    expect(checkRequest({ method: 'GET', path: '/', headers: new Headers({ host: 'devbox:3000' }) }, p)).toEqual({ ok: true });
    expect(checkRequest({ method: 'GET', path: '/', headers: new Headers({ host: 'devbox:4000' }) }, p)).toMatchObject({ status: 421 });
  });
});
