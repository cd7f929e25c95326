import { expect, test, type Page } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../../tests/helpers/llm-server';
import { hangingEndpoint } from '../helpers/hanging-endpoint';
import {
  appProcessId,
  batchNamed,
  closeDb,
  db,
  getJson,
  leaseName,
  runLockHolders,
  sampleRunLocks,
  sseFrames,
  uniqueName,
  waitForBatchEnd,
  watchPageErrors,
  workerProcessId,
  type Batch,
  type Counts,
  type List,
} from './helpers';

/*
 * Batches on Postgres: runs go through pg-boss, progress reaches the page over SSE from
 * Postgres LISTEN/NOTIFY, and the `npm run worker` process beside the app takes its share.
 * Which process executes a run is seen in pg_locks: each holds a run's advisory lock on its
 * lease connection (named after its queue process id, which its log announces) while it works it.
 */

type Summary = { counts: { tp: number; fp: number; tn: number; fn: number; total: number }; precision: number | null; recall: number | null; f1: number | null; accuracy: number | null };

test.describe.configure({ mode: 'serial' });

const SHOTS = 'test-results/screenshots';
const rate = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);
const ids = { batch: '', name: '' };

test.afterAll(async () => {
  await closeDb();
});

async function caseTotal(page: Page): Promise<number> {
  const total = (await getJson<List<unknown>>(page.request, '/api/test-cases?limit=1')).total;
  expect(total).toBeGreaterThanOrEqual(20);
  return total;
}

test('a local batch launched from /runs reaches "completed" live, per model, with its latest runs', async ({ page }) => {
  const total = await caseTotal(page);
  const errors = watchPageErrors(page);
  ids.name = uniqueName('local');

  await page.goto('/runs');
  await expect(page.getByText(`All test cases (${total})`)).toBeVisible();
  await page.getByLabel('Batch name (optional)').fill(ids.name);
  const rows = page.getByTestId('model-row');
  await expect(rows.first().getByLabel('Provider')).toHaveValue('local');
  await page.getByRole('button', { name: '+ Add model' }).click();
  await expect(rows).toHaveCount(2);
  await rows.nth(1).getByLabel('Model', { exact: true }).fill('lexical');
  await expect(page.getByText(`${2 * total} runs: ${total} test cases × 2 models`)).toBeVisible();

  // The progress stream: an SSE response that the page keeps reading.
  const stream = page.waitForResponse((res) => /\/api\/batches\/[0-9a-f-]{36}\/events/.test(res.url()));
  await page.getByRole('button', { name: 'Launch batch' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Started “${ids.name}” with ${2 * total} runs` })).toBeVisible();
  const events = await stream;
  expect(events.status()).toBe(200);
  expect(events.headers()['content-type']).toContain('text/event-stream');

  const card = page.getByTestId('batch-live').filter({ hasText: ids.name });
  await expect(card).toBeVisible();
  await expect(card.getByRole('progressbar', { name: `Progress of ${ids.name}` })).toHaveAttribute('aria-valuenow', String(2 * total), { timeout: 45_000 });
  await expect(card).toHaveAttribute('data-status', 'completed');
  await expect(card.getByTestId('batch-finished')).toHaveText(`${2 * total} / ${2 * total}`);
  await expect(card.getByText('Live updates are unavailable', { exact: false })).toHaveCount(0);

  // One bar per model, each full.
  const perModel = card.getByRole('list', { name: 'Progress per model' });
  await expect(perModel.getByRole('listitem')).toHaveCount(2);
  for (const model of ['local/hybrid', 'local/lexical']) {
    const item = perModel.getByRole('listitem').filter({ hasText: model });
    await expect(item).toContainText(`${total} / ${total}`);
    await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(total));
  }
  const latest = card.getByRole('list', { name: 'Latest finished runs' });
  await expect(latest.getByRole('listitem').first()).toBeVisible();
  await expect(latest.getByRole('listitem').first()).toContainText('completed');
  await page.screenshot({ path: `${SHOTS}/postgres-live-progress.png`, fullPage: true });

  const batch = await batchNamed(page.request, ids.name);
  ids.batch = batch.id;
  expect(batch.status).toBe('completed');
  expect(batch.counts).toMatchObject({ total: 2 * total, completed: 2 * total, failed: 0, pending: 0, running: 0 });
  await expect(page.getByTestId('batch-row').filter({ hasText: ids.name })).toContainText('completed');

  // The run detail, from the latest runs.
  await latest.getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('run-classification')).toContainText(/TP|FP|TN|FN/);
  await expect(page.getByTestId('run-confidence')).toContainText('%');
  await expect(page.getByTestId('run-reasoning')).not.toBeEmpty();
  expect(await page.getByTestId('tool-snapshot').getByTestId('snapshot-tool').count()).toBeGreaterThan(0);
  await page.getByText('Show the raw response (JSON)').click();
  await expect(page.getByLabel('Raw response JSON')).toContainText('"toolCalls"');
  await expect(page.getByRole('heading', { name: 'Model settings' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: /^Batch / }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/batches/${batch.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: ids.name })).toBeVisible();
  expect(errors).toEqual([]);
});

test('/metrics shows the batch\'s numbers', async ({ page }) => {
  test.skip(!ids.batch, 'needs the batch of the previous test');
  const summary = await getJson<Summary>(page.request, `/api/metrics/summary?batchId=${ids.batch}`);
  const total = await caseTotal(page);
  expect(summary.counts.total).toBe(2 * total);
  expect(summary.counts.tp + summary.counts.fp + summary.counts.tn + summary.counts.fn).toBe(2 * total);
  expect(summary.counts.tp).toBeGreaterThan(0);

  const errors = watchPageErrors(page);
  await page.goto(`/metrics?batchId=${ids.batch}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  await expect(page.getByLabel('Batch', { exact: true })).toHaveValue(ids.batch);
  await expect(page.getByTestId('metrics-scope')).toContainText(ids.name);
  const kpi = (key: string) => page.getByTestId(`kpi-${key}`).locator('dd').first();
  for (const key of ['tp', 'fp', 'tn', 'fn'] as const) await expect(kpi(key)).toHaveText(String(summary.counts[key]));
  await expect(kpi('runs')).toHaveText(String(2 * total));
  for (const key of ['f1', 'precision', 'recall', 'accuracy'] as const) await expect(kpi(key)).toHaveText(rate(summary[key]));
  await expect(page.locator('[data-progressive="pending"]')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/postgres-metrics.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test.describe('with a scripted model endpoint', () => {
  let llm: LlmServer;

  test.beforeAll(async () => {
    // Each answer takes a second: runs overlap, both processes hold some at once, and none ends before the stream opens.
    llm = await startLlmServer({
      rules: [{ match: /^Rate your confidence/, replies: [{ text: '{"confidence": 0.8, "reasoning": "fits"}', delayMs: 100 }] }],
      default: { toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search' } }], delayMs: 1_000 },
    });
  });

  test.afterAll(async () => {
    await llm.close();
  });

  test('the worker process beside the app works part of a batch, and its runs reach the app\'s SSE stream', async ({ request }) => {
    const [app, worker] = [leaseName(await appProcessId()), leaseName(await workerProcessId())];
    expect(app).not.toBe(worker);
    // Selection cases only: the demo seed's sequence case runs an agent loop (several model calls), and
    // this test counts one selection call per run.
    const cases = (await getJson<List<{ id: string; mode?: string }>>(request, '/api/test-cases?limit=50')).items.filter((c) => c.mode !== 'sequence').slice(0, 16).map((c) => c.id);
    expect(cases).toHaveLength(16);
    const res = await request.post('/api/batches', {
      data: { name: uniqueName('shared'), testCaseIds: cases, models: [{ provider: 'openai-compatible', model: 'scripted', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 30 }] },
    });
    expect(res.status(), await res.text()).toBe(202);
    const { id } = (await res.json()) as { id: string };
    // The app's progress stream, read to its end (its `done` frame).
    const stream = request.get(`/api/batches/${id}/events`, { timeout: 60_000 });
    // Keyless runs go to the shared queue, which both processes consume.
    const { rows: queues } = await db().query<{ name: string; n: number }>(`SELECT name, count(*)::int AS n FROM pgboss.job WHERE data->>'batchId' = $1 GROUP BY name`, [id]);
    expect(queues).toEqual([{ name: 'runs', n: 16 }]);

    const ended = waitForBatchEnd(request, id, 60_000);
    const held = await sampleRunLocks(id, ended);
    const batch = await ended;
    console.info(`runs executed: ${[...held].map(([name, runs]) => `${name === worker ? 'worker' : name === app ? 'app' : name} ${runs.size}`).join(', ')}`);
    expect([...held.keys()].sort()).toEqual([app, worker].sort());
    const byWorker = [...(held.get(worker) ?? [])];
    expect(byWorker.length, 'the worker executed runs of the batch').toBeGreaterThan(0);
    expect(held.get(app)?.size ?? 0, 'the app executed runs of the batch').toBeGreaterThan(0);

    expect(batch.status).toBe('completed');
    expect(batch.counts).toMatchObject({ total: 16, completed: 16, failed: 0 });
    // Once each: one verdict per run, and the model was asked once per run (plus its self-assessment).
    const { rows } = await db().query<{ verdicts: number }>(`SELECT (SELECT count(*)::int FROM evaluation_results e WHERE e.test_run_id = r.id) AS verdicts FROM test_runs r WHERE r.batch_id = $1`, [id]);
    expect(rows.map((r) => r.verdicts)).toEqual(Array<number>(16).fill(1));
    expect(llm.requests.filter((r) => r.query !== null && !r.query.startsWith('Rate your confidence'))).toHaveLength(16);

    // Progress over SSE from both processes: the app's stream has a run frame for every run, the
    // worker's included (they reach it only by NOTIFY), and ends with the batch completed.
    const events = await stream;
    expect(events.headers()['content-type']).toContain('text/event-stream');
    const frames = sseFrames(await events.text());
    const first = frames[0]?.data as { counts: Counts } | undefined;
    expect(first?.counts.completed, 'the stream opened before any run ended').toBe(0);
    const streamed = new Set(frames.filter((f) => f.event === 'run').map((f) => (f.data as { runId: string }).runId));
    expect(streamed.size).toBe(16);
    for (const runId of byWorker) expect(streamed.has(runId), `the worker's run ${runId} was streamed`).toBe(true);
    expect(frames.at(-1)).toMatchObject({ event: 'done', data: { status: 'completed' } });
  });
});

test('a slower batch is cancelled from its live card, in the app and the worker alike', async ({ page }) => {
  // A model endpoint that accepts connections and never answers: runs stay in flight until cancelled.
  const { port, close } = await hangingEndpoint();
  try {
    const [app, worker] = [leaseName(await appProcessId()), leaseName(await workerProcessId())];
    const total = await caseTotal(page);
    const name = uniqueName('cancel');
    const errors = watchPageErrors(page);
    await page.goto('/runs');
    await page.getByLabel('Batch name (optional)').fill(name);
    const row = page.getByTestId('model-row').first();
    await row.getByLabel('Provider').selectOption('openai-compatible');
    await row.getByLabel('Model', { exact: true }).fill('hangs');
    await row.getByLabel(/Base URL/).fill(`http://127.0.0.1:${port}/v1`);
    await row.getByLabel('Max retries').fill('0');
    await row.getByLabel('Timeout (s)').fill('120');
    await page.getByRole('button', { name: 'Launch batch' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Started “${name}” with ${total} runs` })).toBeVisible();

    // Both processes are working runs of it (the app 2 at once, the worker 4), the rest queued.
    await expect
      .poll(async () => Object.fromEntries(await runLockHolders()), { timeout: 20_000 })
      .toEqual({ [app]: 2, [worker]: 4 });
    const card = page.getByTestId('batch-live').filter({ hasText: name });
    await expect(card).toHaveAttribute('data-status', 'running');
    await card.getByRole('button', { name: `Cancel batch ${name}` }).click();
    await expect(card).toHaveAttribute('data-status', 'cancelled', { timeout: 15_000 });
    await expect(card.getByText(/cancelled/).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/postgres-cancelled.png`, fullPage: true });

    // Every run ended cancelled: the queued ones at once, the in-flight ones in both processes aborted.
    const batch = await batchNamed(page.request, name);
    expect(batch.status).toBe('cancelled');
    await expect
      .poll(async () => (await getJson<Batch>(page.request, `/api/batches/${batch.id}`)).counts, { timeout: 15_000 })
      .toMatchObject({ total, cancelled: total, completed: 0, running: 0, pending: 0 });
    // A process holds a run's lock until its handler returns: the hung model calls were aborted in both (else 120 s).
    await expect.poll(async () => (await runLockHolders()).size, { message: 'no process holds a run any more' }).toBe(0);
    await expect(page.getByTestId('batch-row').filter({ hasText: name })).toContainText('cancelled');
    expect(errors).toEqual([]);
  } finally {
    await close();
  }
});
