import { beforeAll, describe, expect, it } from 'vitest';
import * as trendRoute from '@/app/api/metrics/trend/route';
import type { BatchTrendPoint } from '@/lib/metrics/trend';
import { call } from './helpers/api';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

type Body = { items: BatchTrendPoint[]; limit: number; error: { code: string } };

const t: Tool = { server: 'trend-srv', name: 'trend_tool' };
const other: Tool = { server: 'trend-srv', name: 'other_tool' };
const ids: string[] = [];

beforeAll(async () => {
  const w = createRunWriter();
  const c1 = w.testCase({ name: 'trend c1', expected: t });
  const c2 = w.testCase({ name: 'trend c2', expected: t });
  const m = w.modelSettings({ provider: 'openai', model: 'gpt-trend' });
  const l = w.modelSettings({ provider: 'local', model: 'hybrid' });
  // Created out of order: the trend orders batches by creation, oldest first.
  ids.push(w.batch({ name: 'trend second', createdAt: '2025-07-02T00:00:00.000Z' }));
  ids.push(w.batch({ name: 'trend first', createdAt: '2025-07-01T00:00:00.000Z' }));
  w.run({ batchId: ids[1], modelSettingsId: m, testCaseId: c1, selected: other });
  w.run({ batchId: ids[1], modelSettingsId: m, testCaseId: c2, selected: other });
  w.run({ batchId: ids[0], modelSettingsId: m, testCaseId: c1, selected: t });
  w.run({ batchId: ids[0], modelSettingsId: m, testCaseId: c2, selected: other });
  w.run({ batchId: ids[0], modelSettingsId: l, testCaseId: c1, selected: t });
  await w.flush();
});

const get = (query: Record<string, string>) => call<Body>(trendRoute.GET, 'GET', '/api/metrics/trend', { query });

describe('GET /api/metrics/trend (by batch)', () => {
  it('gives accuracy and F1 per batch, oldest first, with the model filter applied', async () => {
    const res = await get({ model: 'gpt-trend' });
    expect(res.status).toBe(200);
    expect(res.body.items.map((p) => [p.name, p.counts.total, p.accuracy])).toEqual([
      ['trend first', 2, 0],
      ['trend second', 2, 0.5],
    ]);
    expect(res.body.items[1]?.f1).toBeCloseTo(2 / 3, 5);
    const all = await get({ testCaseId: '' });
    const second = all.body.items.find((p) => p.batchId === ids[0]);
    expect(second?.counts.total).toBe(3);
  });

  it('refuses a bad filter with a 400', async () => {
    expect((await get({ provider: 'nope' })).status).toBe(400);
  });
});
