import { describe, expect, it } from 'vitest';
import * as caseRoute from '@/app/api/test-cases/[id]/route';
import * as casesRoute from '@/app/api/test-cases/route';
import * as batchesRoute from '@/app/api/batches/route';
import * as serversRoute from '@/app/api/servers/route';
import { sql } from 'drizzle-orm';
import { run } from '@/db/sql';
import { keyFor } from '@/lib/providers/api-keys';
import { fromDatabaseError } from '@/lib/errors';
import { call } from './helpers/api';

type ErrorBody = { error: { code: string; message: string } };

async function server(name: string) {
  return (await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { name, transport: 'sse', url: `http://127.0.0.1:9/${name}` } })).body.id;
}

describe('hardening found in review', () => {
  it('never hands the OpenAI key to an openai-compatible server', () => {
    expect(keyFor('openai-compatible', { openai: 'sk-openai' })).toBeUndefined();
    expect(keyFor('openai-compatible', { openai: 'sk-openai', default: 'generic' })).toBe('generic');
  });

  it('scrubs a stdio server\'s own secrets from what it printed before failing', async () => {
    const res = await call<{ status: string; statusDetail: string }>(serversRoute.POST, 'POST', '/api/servers', {
      body: { name: 'leaky', transport: 'stdio', command: process.execPath, args: ['-e', 'console.error("token used: " + process.env.UPSTREAM_TOKEN); process.exit(1)'], env: { UPSTREAM_TOKEN: 'ghp_SUPERSECRET123456' } },
    });
    expect(res.body.status).toBe('failed');
    expect(res.body.statusDetail).toContain('token used: [redacted]');
    expect(res.text).not.toContain('SUPERSECRET');
    expect(fromDatabaseError(new Error('x'))).toBeNull();
  });

  it('refuses credential-looking plain headers (they belong in encrypted auth)', async () => {
    const res = await call<ErrorBody>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'hdr', transport: 'sse', url: 'http://127.0.0.1:9/h', headers: { 'X-API-Key': 'k' } } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('looks like a credential');
  });

  it('answers 400 for URLs that do not parse at all', async () => {
    const server = await call<ErrorBody>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'bad-url', transport: 'sse', url: 'not a url' } });
    expect(server.status).toBe(400);
    const model = await call<ErrorBody>(batchesRoute.POST, 'POST', '/api/batches', { body: { models: [{ provider: 'openai-compatible', model: 'm', baseUrl: 'not a url' }] } });
    expect(model.status).toBe(400);
  });

  it('refuses a model baseUrl that carries credentials', async () => {
    for (const baseUrl of ['http://user:pw@127.0.0.1:9/v1', 'http://127.0.0.1:9/v1?api-key=abc']) {
      const res = await call<ErrorBody>(batchesRoute.POST, 'POST', '/api/batches', { body: { models: [{ provider: 'openai-compatible', model: 'm', baseUrl }] } });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/credentials|key in its query/);
    }
  });

  it('answers 400, not 500, for NUL characters, absurd nesting and bad matchers inside $oneOf', async () => {
    const id = await server('hard-a');
    const base = { name: 'n', serverIds: [id], expectedServer: 'hard-a', expectedTool: 't' };
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = { a: deep };
    for (const body of [
      { ...base, query: '\u0000hello' },
      { ...base, query: 'q', expectedParameters: { p: deep } },
      { ...base, query: 'q', expectedParameters: { p: { $oneOf: [{ $regx: 'a' }] } } },
    ]) {
      const res = await call<ErrorBody>(casesRoute.POST, 'POST', '/api/test-cases', { body });
      expect(res.status).toBe(400);
    }
  });

  it('refuses to delete a test case while runs of it are in progress', async () => {
    const id = await server('hard-b');
    const tc = await call<{ id: string }>(casesRoute.POST, 'POST', '/api/test-cases', { body: { name: 'busy', query: 'q', serverIds: [id] } });
    await run(sql`insert into test_runs (id, test_case_id, status) values ('busy-run', ${tc.body.id}, 'running')`);
    const res = await call<ErrorBody>(caseRoute.DELETE, 'DELETE', `/api/test-cases/${tc.body.id}`, { params: { id: tc.body.id } });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('runs_in_progress');
  });
});
