import { beforeAll, describe, expect, it } from 'vitest';
import * as keyRoute from '@/app/api/api-keys/[id]/route';
import * as keysRoute from '@/app/api/api-keys/route';
import * as serversRoute from '@/app/api/servers/route';
import * as caseRoute from '@/app/api/test-cases/[id]/route';
import * as casesRoute from '@/app/api/test-cases/route';
import { call } from './helpers/api';

type ErrorBody = { error: { code: string; message: string; details?: { field?: string; value?: string } } };
type Created = { id: string; name: string };

let serverId = '';

beforeAll(async () => {
  // A server on a closed port: registration works, it is just marked failed.
  const res = await call<Created>(serversRoute.POST, 'POST', '/api/servers', { body: { name: 'names', transport: 'streamable-http', url: 'http://127.0.0.1:9/names' } });
  serverId = res.body.id;
});

const createCase = (name: string) =>
  call<Created & ErrorBody>(casesRoute.POST, 'POST', '/api/test-cases', { body: { name, query: `query for ${name}`, serverIds: [serverId] } });

describe('test case names are unique, case-insensitively', () => {
  it('answers 409 name_conflict for a second case of the same name in another letter case', async () => {
    expect((await createCase('Weather in Oslo')).status).toBe(201);
    const dup = await createCase('weather in OSLO');
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('name_conflict');
    expect(dup.body.error.message).toContain('Weather in Oslo');
    expect(dup.body.error.details?.field).toBe('name');
  });

  it('refuses renaming onto another case, and allows a case to keep or recase its own name', async () => {
    const other = await createCase('Rain in Bergen');
    expect(other.status).toBe(201);
    const patch = (name: string) => call<Created & ErrorBody>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${other.body.id}`, { params: { id: other.body.id }, body: { name } });
    const clash = await patch('WEATHER in oslo');
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe('name_conflict');
    const recased = await patch('rain in bergen');
    expect(recased.status).toBe(200);
    expect(recased.body.name).toBe('rain in bergen');
  });
});

describe('API key names are unique among keys in use', () => {
  const createKey = (name: string, kind?: 'mcp' | 'api') =>
    call<Created & ErrorBody>(keysRoute.POST, 'POST', '/api/api-keys', { body: kind ? { name, kind } : { name } });

  it('answers 409 name_conflict for a second key of the same kind and name; a revoked name is free again', async () => {
    const first = await createKey('Claude Desktop (names test)');
    expect(first.status).toBe(201);
    const dup = await createKey('claude desktop (NAMES TEST)');
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('name_conflict');
    // Another kind is another list: a REST token may share the name.
    expect((await createKey('Claude Desktop (names test)', 'api')).status).toBe(201);
    await call(keyRoute.DELETE, 'DELETE', `/api/api-keys/${first.body.id}`, { params: { id: first.body.id } });
    expect((await createKey('Claude Desktop (names test)')).status).toBe(201);
  });
});
