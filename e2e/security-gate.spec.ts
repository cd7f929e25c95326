import http from 'node:http';
import { expect, test } from '@playwright/test';

/*
 * The request gate as deployed (proxy.ts in the production build), route family by route
 * family. lib/security/gate.test.ts holds the full rule table; this spec proves that every
 * family is actually behind it, with headers a browser could not be made to forge (Host).
 */

const PORT = Number(process.env.E2E_PORT ?? 3123);
const SELF = `http://127.0.0.1:${PORT}`;

type Answer = { status: number; code: string | null };

function send(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: PORT, method, path, headers: { host: `127.0.0.1:${PORT}`, ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          if (text.length < 4096) text += c;
        });
        res.on('end', () => {
          let code: string | null = null;
          try {
            code = (JSON.parse(text) as { error?: { code?: string } }).error?.code ?? null;
          } catch {
            code = null;
          }
          resolve({ status: res.statusCode ?? 0, code });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    if (body) req.write(body);
    req.end();
  });
}

const GATE_CODES = ['host_not_allowed', 'origin_not_allowed', 'cross_site_request', 'unsupported_media_type', 'invalid_path'];

type Family = { family: string; method: string; path: string; body?: string };
const FAMILIES: Family[] = [
  { family: 'page', method: 'GET', path: '/servers' },
  { family: 'page (root)', method: 'GET', path: '/' },
  { family: 'api read', method: 'GET', path: '/api/servers' },
  { family: 'api that spawns (tools of a missing server)', method: 'GET', path: '/api/servers/00000000-0000-4000-8000-000000000000/tools' },
  { family: 'api write', method: 'POST', path: '/api/servers', body: '{"name":"gate-probe"}' },
  { family: 'api import', method: 'POST', path: '/api/servers/import', body: '{"mcpServers":{}}' },
  { family: 'api keys', method: 'POST', path: '/api/api-keys', body: '{}' },
  { family: 'test-case import', method: 'POST', path: '/api/test-cases/import', body: '[]' },
  { family: 'mcp endpoint', method: 'POST', path: '/mcp', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' },
  { family: 'demo server', method: 'POST', path: '/demo/todo/mcp', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' },
  { family: 'health', method: 'GET', path: '/api/health' },
];

type Attack = { attack: string; headers: Record<string, string>; status: number; code: string; appliesTo?: (f: Family) => boolean };
const isWrite = (f: Family) => f.body !== undefined;
const isNotPage = (f: Family) => !f.family.startsWith('page');
const ATTACKS: Attack[] = [
  { attack: 'rebinding Host', headers: { host: `attacker.example:${PORT}`, 'content-type': 'application/json' }, status: 421, code: 'host_not_allowed' },
  { attack: 'foreign Origin', headers: { origin: 'http://evil.example', 'content-type': 'application/json' }, status: 403, code: 'origin_not_allowed', appliesTo: (f) => isWrite(f) || isNotPage(f) },
  { attack: 'Origin null', headers: { origin: 'null', 'content-type': 'application/json' }, status: 403, code: 'origin_not_allowed', appliesTo: (f) => isWrite(f) || isNotPage(f) },
  { attack: 'cross-site no-cors', headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'content-type': 'application/json' }, status: 403, code: 'cross_site_request' },
  { attack: 'same-site other port', headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'cors', 'content-type': 'application/json' }, status: 403, code: 'cross_site_request' },
  { attack: 'text/plain body', headers: { 'content-type': 'text/plain' }, status: 415, code: 'unsupported_media_type', appliesTo: isWrite },
  { attack: 'form body', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415, code: 'unsupported_media_type', appliesTo: isWrite },
  { attack: 'multipart body', headers: { 'content-type': 'multipart/form-data; boundary=x' }, status: 415, code: 'unsupported_media_type', appliesTo: isWrite },
];

for (const f of FAMILIES) {
  test.describe(`${f.family}: ${f.method} ${f.path}`, () => {
    for (const a of ATTACKS.filter((x) => x.appliesTo?.(f) ?? true)) {
      test(`refuses ${a.attack}`, async () => {
        const answer = await send(f.method, f.path, a.headers, f.body);
        expect(answer).toEqual({ status: a.status, code: a.code });
      });
    }

    test('lets a non-browser client and the app itself through', async () => {
      const json: Record<string, string> = f.body ? { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } : {};
      for (const headers of [json, { ...json, origin: SELF, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }]) {
        const answer = await send(f.method, f.path, headers, f.body);
        expect(GATE_CODES, `${f.path} answered ${answer.status} ${answer.code}`).not.toContain(answer.code);
        expect([421, 415]).not.toContain(answer.status);
      }
    });
  });
}

test('malformed percent-encoding in an id is a JSON 400 on every {id} route', async () => {
  const paths = [
    '/api/servers/%E0%A4%A',
    '/api/servers/%E0%A4%A/tools',
    '/api/servers/%E0%A4%A/executions',
    '/api/servers/%zz/tools/x/call',
    '/api/test-cases/%E0%A4%A',
    '/api/test-cases/%E0%A4%A/runs',
    '/api/test-runs/%E0%A4%A',
    '/api/batches/%E0%A4%A',
    '/api/batches/%E0%A4%A/events',
    '/api/api-keys/%E0%A4%A',
    '/runs/%E0%A4%A',
    '/servers/%E0%A4%A',
    '/test-cases/%E0%A4%A/edit',
  ];
  for (const p of paths) expect(await send('GET', p, {}), p).toEqual({ status: 400, code: 'invalid_path' });
});

test('the probes above registered nothing', async ({ request }) => {
  const res = await request.get('/api/servers?search=gate-probe');
  expect(((await res.json()) as { total: number }).total).toBe(0);
});
