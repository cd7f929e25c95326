import { beforeAll, describe, expect, it } from 'vitest';
import * as executionsRoute from '@/app/api/servers/[id]/executions/route';
import * as callRoute from '@/app/api/servers/[id]/tools/[name]/call/route';
import * as serversRoute from '@/app/api/servers/route';
import { call } from './helpers/api';
import { EVERYTHING_BIN } from './helpers/everything';

type Execution = { id: string; status: string; errorMessage: string | null; result: { content: { text?: string }[] } | null };
type StreamEvent = { event: string; data: unknown };

const TOOL = 'trigger-long-running-operation';
let serverId = '';

beforeAll(async () => {
  const res = await call<{ id: string; status: string }>(serversRoute.POST, 'POST', '/api/servers', {
    body: { name: 'everything-progress', transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] },
  });
  expect(res.body.status).toBe('active');
  serverId = res.body.id;
});

async function openStream(args: Record<string, unknown>): Promise<{ status: number; type: string | null; reader: ReadableStreamDefaultReader<Uint8Array> }> {
  const req = new Request(`http://localhost/api/servers/${serverId}/tools/${TOOL}/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ arguments: args }),
  });
  const res = await callRoute.POST(req, { params: Promise.resolve({ id: serverId, name: TOOL }) });
  if (!res.body) throw new Error('no body');
  return { status: res.status, type: res.headers.get('content-type'), reader: res.body.getReader() };
}

/** Reads SSE events until `stop` says so or the stream ends. */
async function readEvents(reader: ReadableStreamDefaultReader<Uint8Array>, stop: (events: StreamEvent[]) => boolean): Promise<StreamEvent[]> {
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let buffer = '';
  while (!stop(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.+)$/m.exec(block)?.[1];
      events.push({ event, data: data ? JSON.parse(data) : null });
    }
  }
  return events;
}

describe('playground progress and cancel', () => {
  it('streams the server progress notifications, then the result', async () => {
    const { status, type, reader } = await openStream({ duration: 0.6, steps: 3 });
    expect(status).toBe(200);
    expect(type).toContain('text/event-stream');
    const events = await readEvents(reader, () => false);
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data);
    // The last notification races the result itself (the SDK drops a request's progress handler once it is answered).
    expect(progress.slice(0, 2)).toEqual([
      { progress: 1, total: 3 },
      { progress: 2, total: 3 },
    ]);
    const last = events.at(-1);
    expect(last?.event).toBe('result');
    expect((last?.data as Execution).status).toBe('success');
    expect((last?.data as Execution).result?.content[0]?.text).toContain('Long running operation completed');
  });

  it('sends refused arguments as an error event with the JSON error answer', async () => {
    const { reader } = await openStream({ duration: 'long' });
    const events = await readEvents(reader, () => false);
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toBe('error');
    expect(events[0]?.data).toMatchObject({ status: 422, body: { error: { code: 'invalid_arguments' } } });
  });

  it('cancelling the stream aborts the call and records it as cancelled, long before the tool would finish', async () => {
    const started = Date.now();
    const { reader } = await openStream({ duration: 20, steps: 40 });
    const events = await readEvents(reader, (e) => e.some((x) => x.event === 'progress'));
    expect(events[0]?.event).toBe('progress');
    await reader.cancel();
    let cancelled: Execution | undefined;
    while (!cancelled && Date.now() - started < 10_000) {
      const list = await call<{ items: Execution[] }>(executionsRoute.GET, 'GET', `/api/servers/${serverId}/executions`, { params: { id: serverId } });
      cancelled = list.body.items.find((x) => x.status === 'failed' && /cancel/i.test(x.errorMessage ?? ''));
      if (!cancelled) await new Promise((r) => setTimeout(r, 100));
    }
    expect(cancelled?.status).toBe('failed');
    expect(cancelled?.errorMessage).toMatch(/cancel/i);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
