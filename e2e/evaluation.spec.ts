import { expect, test } from '@playwright/test';

type Batch = { id: string; status: string; counts: { total: number; completed: number; failed: number } };

test('the demo evaluation runs offline with the local provider, end to end in the production build', async ({ request }) => {
  const created = await request.post('/api/batches', { data: { name: 'demo offline', models: [{ provider: 'local', model: 'hybrid' }], concurrency: 4 } });
  expect(created.status()).toBe(202);
  const batch = (await created.json()) as Batch;
  expect(batch.counts.total).toBeGreaterThanOrEqual(25);

  const events = await request.get(`/api/batches/${batch.id}/events`);
  const stream = await events.text();
  expect(stream).toContain('event: done');

  const done = (await (await request.get(`/api/batches/${batch.id}`)).json()) as Batch;
  expect(done.status).toBe('completed');
  expect(done.counts.completed).toBe(done.counts.total);

  const runs = (await (await request.get(`/api/test-runs?batchId=${batch.id}&limit=200`)).json()) as { items: { id: string; classification: string }[] };
  const classes = new Set(runs.items.map((r) => r.classification));
  expect([...classes].every((c) => ['TP', 'FP', 'TN', 'FN'].includes(c))).toBe(true);
  expect(classes.has('TP')).toBe(true);

  const detail = (await (await request.get(`/api/test-runs/${runs.items[0]?.id}`)).json()) as { tools: unknown[]; evaluation: { reasoning: string } };
  expect(detail.tools.length).toBeGreaterThan(0);
  expect(detail.evaluation.reasoning).toBeTruthy();
});

test('a cloud model without a key is refused before any work', async ({ request }) => {
  const res = await request.post('/api/batches', { data: { models: [{ provider: 'openai', model: 'gpt-4o-mini' }] } });
  expect(res.status()).toBe(400);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('missing_api_key');
});
