import { beforeAll, describe, expect, it } from 'vitest';
import * as baselineRoute from '@/app/api/baseline/route';
import { sql } from 'drizzle-orm';
import { run } from '@/db/sql';
import type { Baseline } from '@/lib/metrics/baseline/baseline';
import { call } from './helpers/api';
import { createRunWriter } from './helpers/synthetic-runs';

type ErrorBody = { error: { code: string; message: string } };
type Body = Baseline & ErrorBody;

const ids = { done: '', other: '', running: '' };

beforeAll(async () => {
  const w = createRunWriter();
  ids.done = w.batch({ name: 'nightly 1' });
  ids.other = w.batch({ name: 'nightly 2' });
  ids.running = w.batch({ name: 'still going' });
  await w.flush();
  await run(sql`update run_batches set status = 'running' where id = ${ids.running}`);
});

const get = () => call<Body>(baselineRoute.GET, 'GET', '/api/baseline');
const pin = (body: unknown) => call<Body>(baselineRoute.PUT, 'PUT', '/api/baseline', { body });
const unpin = () => call<Body>(baselineRoute.DELETE, 'DELETE', '/api/baseline');

describe('/api/baseline', () => {
  it('starts with none, pins a finished batch, re-pins another, and unpins', async () => {
    expect((await get()).body).toEqual({ batch: null, pinnedAt: null });
    const pinned = await pin({ batchId: ids.done });
    expect(pinned.status).toBe(200);
    expect(pinned.body.batch?.id).toBe(ids.done);
    expect(pinned.body.batch?.name).toBe('nightly 1');
    expect(pinned.body.pinnedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await get()).body.batch?.id).toBe(ids.done);
    // One baseline for the app: pinning another replaces it.
    await pin({ batchId: ids.other });
    expect((await get()).body.batch?.id).toBe(ids.other);
    expect((await unpin()).body.batch).toBeNull();
    expect((await get()).body.batch).toBeNull();
  });

  it('refuses an unknown batch (404), a running one (409) and a body without batchId (400 naming it)', async () => {
    const missing = await pin({ batchId: 'nope' });
    expect(missing.status).toBe(404);
    const running = await pin({ batchId: ids.running });
    expect(running.status).toBe(409);
    expect(running.body.error.code).toBe('batch_not_finished');
    expect(running.body.error.message).toContain('still going');
    const bad = await pin({});
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('batchId');
    expect((await get()).body.batch).toBeNull();
  });

  it('reads a pinned batch that was deleted since as no baseline', async () => {
    const w = createRunWriter();
    const gone = w.batch({ name: 'to delete' });
    await w.flush();
    await pin({ batchId: gone });
    await run(sql`delete from run_batches where id = ${gone}`);
    expect((await get()).body).toEqual({ batch: null, pinnedAt: null });
  });
});
