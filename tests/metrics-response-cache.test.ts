import Database from 'better-sqlite3';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as flakyRoute from '@/app/api/metrics/flaky/route';
import * as summaryRoute from '@/app/api/metrics/summary/route';
import { databaseFile } from '@/db/client';
import { withTransaction } from '@/db/transaction';
import { run } from '@/db/sql';
import { sql } from 'drizzle-orm';
import { listFlakyCases } from '@/lib/metrics/flaky';
import { cachedUntilChanged, clearMetricsCache } from '@/lib/metrics/response-cache';
import { getMetricsSummary } from '@/lib/metrics/summary';
import { call } from './helpers/api';
import { createRunWriter, writeSyntheticRuns, type SyntheticRuns } from './helpers/synthetic-runs';

/**
 * The metrics answers kept until the database changes (SQLite): a cache keyed by the filter alone would serve the
 * answer from before a run was written. Each change below (this connection's writes, another connection's, a write
 * while the answer was being read) must give the exact answer of a fresh read on the next call.
 */

let data: SyntheticRuns;
type Summary = Awaited<ReturnType<typeof getMetricsSummary>>;

beforeAll(async () => {
  data = await writeSyntheticRuns(300, { seed: 3, batches: 2, days: 2, testCases: 8, servers: 2 });
});

beforeEach(() => clearMetricsCache());

const summary = (query: Record<string, string> = {}) => call<Summary>(summaryRoute.GET, 'GET', '/api/metrics/summary', { query });

/** One more completed run of the first test case, through this process's connection. */
async function writeRun(): Promise<void> {
  const w = createRunWriter();
  w.run({ testCaseId: data.testCaseIds[0] ?? '', batchId: data.batchIds[0], modelSettingsId: null, selected: null });
  await w.flush();
}

describe('GET /api/metrics/summary and /flaky, kept until the database changes', () => {
  it('answers a repeated query from the cache, and the fresh answer after this connection writes', async () => {
    const first = await summary();
    expect(first.body).toEqual(JSON.parse(JSON.stringify(await getMetricsSummary({}))));
    let computed = 0;
    const again = await cachedUntilChanged(`summary ${JSON.stringify({})}`, async () => {
      computed++;
      return getMetricsSummary({});
    });
    expect(computed, 'unchanged database: served from the cache').toBe(0);
    expect(JSON.parse(JSON.stringify(again))).toEqual(first.body);

    await writeRun();
    const after = await summary();
    expect(after.body.counts.total).toBe(first.body.counts.total + 1);
    expect(after.body).toEqual(JSON.parse(JSON.stringify(await getMetricsSummary({}))));
  });

  it('sees another connection’s write (a worker, the CLI)', async () => {
    const before = await summary({ batchId: data.batchIds[1] ?? '' });
    const other = new Database(databaseFile());
    try {
      other.prepare(`update test_runs set status = 'failed', classification = null where batch_id = ? and status = 'completed' and rowid in (select rowid from test_runs where batch_id = ? and status = 'completed' limit 3)`).run(data.batchIds[1], data.batchIds[1]);
    } finally {
      other.close();
    }
    const after = await summary({ batchId: data.batchIds[1] ?? '' });
    expect(after.body, 'the other connection changed the figures').not.toEqual(before.body);
    expect(after.body).toEqual(JSON.parse(JSON.stringify(await getMetricsSummary({ batchId: data.batchIds[1] }))));
  });

  it('computes again when a write landed while the answer was being read', async () => {
    let computed = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const key = 'a slow read';
    const slow = cachedUntilChanged(key, async () => {
      computed++;
      await gate;
      return 'old';
    });
    await writeRun();
    release();
    expect(await slow).toBe('old');
    expect(await cachedUntilChanged(key, async () => (computed++, 'new'))).toBe('new');
    expect(computed).toBe(2);
    // A write inside a transaction (rolled back or not) counts as a change too: never a stale answer.
    await withTransaction(async () => {
      await run(sql`update test_cases set name = name where id = ${data.testCaseIds[0] ?? ''}`);
    });
    expect(await cachedUntilChanged(key, async () => (computed++, 'newer'))).toBe('newer');
  });

  it('keeps flaky cases per query and gives the fresh list after a change', async () => {
    const path = '/api/metrics/flaky';
    const first = await call<{ total: number }>(flakyRoute.GET, 'GET', path, { query: { limit: '5' } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual(JSON.parse(JSON.stringify(await listFlakyCases({ limit: 5, offset: 0, history: 10 }))));
    await writeRun();
    const after = await call(flakyRoute.GET, 'GET', path, { query: { limit: '5' } });
    expect(after.body).toEqual(JSON.parse(JSON.stringify(await listFlakyCases({ limit: 5, offset: 0, history: 10 }))));
  });
});
