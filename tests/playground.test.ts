import { beforeAll, describe, expect, it } from 'vitest';
import * as executionsRoute from '@/app/api/servers/[id]/executions/route';
import * as callRoute from '@/app/api/servers/[id]/tools/[name]/call/route';
import * as serversRoute from '@/app/api/servers/route';
import { call } from './helpers/api';
import { EVERYTHING_BIN } from './helpers/everything';

type Execution = { id: string; toolName: string; status: string; arguments: Record<string, unknown>; result: { content: { type: string; text?: string }[] } | null; errorMessage: string | null; durationMs: number };
type ErrorBody = { error: { code: string; message: string; details?: unknown } };

let serverId = '';

beforeAll(async () => {
  const res = await call<{ id: string; status: string }>(serversRoute.POST, 'POST', '/api/servers', {
    body: { name: 'everything', transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'], env: { PLAYGROUND_MARK: 'from-env' } },
  });
  expect(res.body.status).toBe('active');
  serverId = res.body.id;
});

const callTool = (name: string, body: unknown) =>
  call<Execution & ErrorBody>(callRoute.POST, 'POST', `/api/servers/${serverId}/tools/${name}/call`, { params: { id: serverId, name }, body });

describe('tool playground', () => {
  it('calls a tool with valid arguments and returns the result', async () => {
    const res = await callTool('echo', { arguments: { message: 'hello playground' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.result?.content[0]?.text).toContain('hello playground');
    expect(res.body.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('passes the stored (encrypted) env to a stdio server', async () => {
    const res = await callTool('get-env', {});
    expect(res.body.result?.content[0]?.text).toContain('from-env');
  });

  it('refuses arguments that break the inputSchema before sending anything', async () => {
    const missing = await callTool('get-sum', { arguments: { a: 1 } });
    expect(missing.status).toBe(422);
    expect(missing.body.error.code).toBe('invalid_arguments');
    expect(missing.body.error.message).toContain('b');
    const wrongType = await callTool('get-sum', { arguments: { a: 1, b: 'two' } });
    expect(wrongType.status).toBe(422);
    const notObject = await callTool('get-sum', { arguments: [1, 2] });
    expect(notObject.status).toBe(400);
  });

  it('answers 404 for an unknown tool or server', async () => {
    const res = await callTool('no-such-tool', {});
    expect(res.status).toBe(404);
    const server = await call<ErrorBody>(callRoute.POST, 'POST', '/api/servers/nope/tools/echo/call', { params: { id: 'nope', name: 'echo' }, body: {} });
    expect(server.status).toBe(404);
  });

  it('records a call that times out as failed, with its error', async () => {
    const res = await callTool('trigger-long-running-operation', { arguments: { duration: 5, steps: 5 }, timeoutMs: 500 });
    expect(res.status).toBe(502);
    expect(res.body.error.message).toMatch(/timed out/i);
    const execution = (res.body.error.details as { execution: Execution }).execution;
    expect(execution.status).toBe('failed');
  });

  it('keeps the history of executions, newest first', async () => {
    const res = await call<{ items: Execution[]; total: number }>(executionsRoute.GET, 'GET', `/api/servers/${serverId}/executions`, { params: { id: serverId } });
    expect(res.status).toBe(200);
    expect(res.body.items.map((e) => `${e.toolName}:${e.status}`)).toEqual(['trigger-long-running-operation:failed', 'get-env:success', 'echo:success']);
    expect(res.body.items[2]?.arguments).toEqual({ message: 'hello playground' });
    const filtered = await call<{ total: number }>(executionsRoute.GET, 'GET', `/api/servers/${serverId}/executions`, { params: { id: serverId }, query: { toolName: 'echo' } });
    expect(filtered.body.total).toBe(1);
  });
});
