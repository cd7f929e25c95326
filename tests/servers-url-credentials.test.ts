import { describe, expect, it } from 'vitest';
import * as serverRoute from '@/app/api/servers/[id]/route';
import * as exportRoute from '@/app/api/servers/export/route';
import * as serversRoute from '@/app/api/servers/route';
import { insertServer } from '@/db/queries/servers';
import { maskUrlCredentials } from '@/lib/servers/schemas';
import { call } from './helpers/api';

/*
 * New URLs with credentials are refused (tests/remote-limits.test.ts); a row stored before
 * that rule must still never show them: not in the list, the detail or an export.
 */
describe('URLs with credentials stored before the rule', () => {
  it('masks user info and credential-like query values wherever the URL is shown', async () => {
    const row = await insertServer({
      name: 'legacy-creds',
      transport: 'streamable-http',
      url: 'http://alice:s3cr3t-pass@127.0.0.1:9/mcp?api_key=sk-legacy-123&region=eu',
      authType: 'none',
      status: 'failed',
    });
    const detail = await call<{ url: string }>(serverRoute.GET, 'GET', `/api/servers/${row.id}`, { params: { id: row.id } });
    const list = await call<{ items: { url?: string }[] }>(serversRoute.GET, 'GET', '/api/servers');
    const exported = await call(exportRoute.GET, 'GET', '/api/servers/export', { query: { format: 'mcp' } });
    expect(detail.status).toBe(200);
    expect(detail.body.url).toBe('http://****:****@127.0.0.1:9/mcp?api_key=****&region=eu');
    expect(list.body.items.map((s) => s.url)).toContain(detail.body.url);
    for (const text of [detail.text, list.text, exported.text]) {
      expect(text).not.toContain('s3cr3t-pass');
      expect(text).not.toContain('sk-legacy-123');
      expect(text).not.toContain('alice');
    }
    expect(exported.text).toContain('region=eu');
  });

  it('leaves URLs without credentials exactly as they are', () => {
    for (const url of ['http://127.0.0.1:3000/demo/todo/mcp', 'https://example.com/mcp?region=eu&page=2', 'not a url']) {
      expect(maskUrlCredentials(url)).toBe(url);
    }
  });
});
