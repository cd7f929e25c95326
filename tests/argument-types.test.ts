import { beforeAll, describe, expect, it } from 'vitest';
import * as caseRoute from '@/app/api/test-cases/[id]/route';
import * as casesRoute from '@/app/api/test-cases/route';
import * as serversRoute from '@/app/api/servers/route';
import { call } from './helpers/api';

type Body = { id: string; error: { code: string; message: string; details?: { path: string; message: string }[] } };

let serverId = '';

beforeAll(async () => {
  const res = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', {
    body: {
      name: 'forecast',
      transport: 'static',
      tools: [
        {
          name: 'get_forecast',
          description: 'Weather forecast for a city over the next days.',
          inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' }, detailed: { type: 'boolean' } }, required: ['city'] },
        },
      ],
    },
  });
  expect(res.status).toBe(201);
  serverId = res.body.id;
});

const create = (name: string, expectedParameters: Record<string, unknown>) =>
  call<Body>(casesRoute.POST, 'POST', '/api/test-cases', {
    body: { name, query: 'Forecast for Oslo, 3 days', serverIds: [serverId], expectedServer: 'forecast', expectedTool: 'get_forecast', expectedParameters },
  });

describe('expected arguments are checked against a known schema at save time', () => {
  it('answers 400 naming each argument of the wrong type', async () => {
    const res = await create('wrong types', { city: 'Oslo', days: '3', detailed: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details?.map((d) => d.path).sort()).toEqual(['expectedParameters.days', 'expectedParameters.detailed']);
    expect(res.body.error.message).toContain('days');
    expect(res.body.error.message).toContain('integer');
  });

  it('accepts values of the schema type, matchers, and keys outside the schema (left to the judge)', async () => {
    expect((await create('right types', { city: 'Oslo', days: 3, detailed: false })).status).toBe(201);
    expect((await create('matchers', { city: { $regex: '^oslo$' }, days: { $approx: 3, $tolerance: 1 } })).status).toBe(201);
    expect((await create('extra key', { city: 'Oslo', units: 'metric' })).status).toBe(201);
  });

  it('refuses an update that makes an argument the wrong type', async () => {
    const ok = await create('to be edited', { city: 'Oslo', days: 3 });
    const res = await call<Body>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${ok.body.id}`, { params: { id: ok.body.id }, body: { expectedParameters: { city: 42 } } });
    expect(res.status).toBe(400);
    expect(res.body.error.details?.[0]?.path).toBe('expectedParameters.city');
  });
});
