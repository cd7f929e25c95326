import { expect, test, type Page } from '@playwright/test';
import { hangingEndpoint } from './helpers/hanging-endpoint';

// Runs against the shared production server with the demo data (31 test cases). Other specs
// launch batches too, so everything here is found by a unique batch name; nothing is deleted.

type List<T> = { items: T[]; total: number };
type Batch = { id: string; name: string; status: string; counts: { total: number; completed: number; failed: number } };
type Run = { id: string; status: string; errorMessage: string | null };

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/runs-${name}.png`, fullPage: true });

function uniqueName(label: string): string {
  return `e2e ${label} ${Date.now().toString(36)}`;
}

async function batchNamed(page: Page, name: string): Promise<Batch> {
  const res = await page.request.get('/api/batches?limit=200');
  const batch = ((await res.json()) as List<Batch>).items.find((b) => b.name === name);
  expect(batch, `batch "${name}" exists`).toBeTruthy();
  return batch as Batch;
}

test('launch a local batch from the UI, watch it finish live, and open a run', async ({ page }) => {
  const cases = (await (await page.request.get('/api/test-cases?limit=1')).json()) as List<unknown>;
  const total = cases.total;
  expect(total).toBeGreaterThanOrEqual(20);
  const name = uniqueName('local');

  await page.goto('/runs');
  await expect(page.getByRole('heading', { level: 1, name: 'Runs' })).toBeVisible();
  await expect(page.getByText(`All test cases (${total})`)).toBeVisible();
  const row = page.getByTestId('model-row').first();
  await expect(row.getByLabel('Provider')).toHaveValue('local');
  await expect(row.getByText('offline retrieval baseline (not an LLM), no key needed: hybrid = TF-IDF + word vectors, lexical = TF-IDF only', { exact: true })).toBeVisible();
  await shot(page, 'launch-form');

  await page.getByLabel('Batch name (optional)').fill(name);
  await expect(page.getByText(`${total} runs: ${total} test cases × 1 model`)).toBeVisible();
  await page.getByRole('button', { name: 'Launch batch' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Started “${name}” with ${total} runs` })).toBeVisible();

  // Live progress over SSE: the bar and the counts reach the total.
  const card = page.getByTestId('batch-live').filter({ hasText: name });
  await expect(card).toBeVisible();
  const bar = card.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuemax', String(total));
  await expect(bar).toHaveAttribute('aria-valuenow', String(total), { timeout: 30_000 });
  await expect(card.getByTestId('batch-finished')).toHaveText(`${total} / ${total}`);
  await expect(card).toHaveAttribute('data-status', 'completed');
  await shot(page, 'live-progress');

  // The batch list and the run table, filtered to this batch (server-side pagination).
  const batch = await batchNamed(page, name);
  await expect(page.getByTestId('batch-row').filter({ hasText: name })).toContainText('completed');
  await card.getByRole('link', { name: 'Show runs' }).click();
  await expect(page).toHaveURL(new RegExp(`batchId=${batch.id}`));
  const table = page.getByTestId('run-table');
  await expect(table.getByTestId('run-row')).toHaveCount(Math.min(total, 25));
  // The batch list has its own pagination once the shared database holds many batches.
  await expect(page.getByRole('navigation', { name: 'Pagination' }).filter({ hasText: `(${total})` })).toHaveCount(1);
  await page.getByLabel('Classification').selectOption('TP');
  await expect(page).toHaveURL(/classification=TP/);
  await expect(table.getByTestId('run-row').first()).toContainText('TP');
  await expect(table.getByTestId('run-row').filter({ hasNotText: 'TP' })).toHaveCount(0);
  await shot(page, 'table');

  // Run detail: snapshot, classification, reasoning, argument diff, raw response.
  await table.getByTestId('run-row').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('run-classification')).toContainText('TP');
  await expect(page.getByTestId('run-confidence')).toContainText('%');
  await expect(page.getByTestId('run-reasoning')).toContainText('the expected tool (TP)');
  const snapshot = page.getByTestId('tool-snapshot');
  expect(await snapshot.getByTestId('snapshot-tool').count()).toBeGreaterThan(0);
  await expect(snapshot.getByTestId('snapshot-tool').filter({ hasText: 'expected' }).first()).toContainText('selected');
  await snapshot.getByText('Input schema').first().click();
  await expect(snapshot.getByLabel(/^Input schema of /).first()).toContainText('"type": "object"');
  await page.getByText('Show the raw response (JSON)').click();
  await expect(page.getByLabel('Raw response JSON')).toContainText('"toolCalls"');
  await expect(page.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Model settings' })).toBeVisible();
  await shot(page, 'detail');

  // The breadcrumb leads to the batch's own page (its matrix), a permalink.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: /^Batch / }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/batches/${batch.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('a run whose arguments differ shows the per-key diff', async ({ page }) => {
  // Any completed TP run with a failure reason about a parameter (the local baseline leaves some out).
  const runs = (await (await page.request.get('/api/test-runs?classification=TP&limit=200')).json()) as List<Run & { failureReasons: string[] }>;
  const run = runs.items.find((r) => r.failureReasons.some((f) => f.startsWith('value_mismatch:') || f.startsWith('missing_required:')));
  test.skip(!run, 'no TP run with an argument failure in this database');
  await page.goto(`/runs/${run?.id}`);
  const diff = page.getByTestId('argument-diff');
  await expect(diff).toBeVisible();
  await expect(diff.getByText(/^(mismatch|missing)$/).first()).toBeVisible();
  await shot(page, 'argument-diff');
});

test('an API key typed in the password field travels only as a header, and failed runs say why', async ({ page }) => {
  const key = `sk-e2e-secret-${Date.now().toString(36)}`;
  const name = uniqueName('openai key');
  const batchPosts: { header: string | null; body: string }[] = [];
  const bodies: Promise<string>[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/batches') batchPosts.push({ header: req.headers()['x-openai-api-key'] ?? null, body: req.postData() ?? '' });
  });
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (new URL(res.url()).pathname.startsWith('/api/') && type.includes('json')) bodies.push(res.text().catch(() => ''));
  });

  await page.goto('/runs');
  await page.getByLabel('Batch name (optional)').fill(name);

  // Two chosen test cases, through the searchable picker.
  await page.getByLabel('Choose test cases').check();
  await page.getByLabel('Search test cases').fill('todo');
  const picker = page.getByRole('list', { name: 'Test cases to run' });
  await expect(picker.getByRole('listitem').first()).toBeVisible();
  await expect(picker.getByRole('listitem').filter({ hasNotText: /todo/i })).toHaveCount(0);
  const options = picker.getByRole('checkbox');
  await options.nth(0).check();
  await options.nth(1).check();
  await expect(page.getByText('2 selected')).toBeVisible();

  const row = page.getByTestId('model-row').first();
  await row.getByLabel('Provider').selectOption('openai');
  await expect(row.getByLabel('Model', { exact: true })).toHaveValue('gpt-4o-mini');
  await row.getByLabel('Base URL (optional)').fill('http://127.0.0.1:9/v1');
  await row.getByLabel('Max retries').fill('0');
  await row.getByLabel('Timeout (s)').fill('5');

  // Without a key the form refuses before sending anything.
  await page.getByRole('button', { name: 'Launch batch' }).click();
  await expect(page.getByText('Needed for the openai model (or fill the generic key).')).toBeVisible();
  expect(batchPosts).toHaveLength(0);

  const keyField = page.getByLabel(/^OpenAI API key/);
  await expect(keyField).toHaveAttribute('type', 'password');
  await keyField.fill(key);
  await shot(page, 'key-form');
  await page.getByRole('button', { name: 'Launch batch' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Started “${name}” with 2 runs` })).toBeVisible();

  // The key went out as the header and nowhere else.
  expect(batchPosts).toHaveLength(1);
  expect(batchPosts[0]?.header).toBe(key);
  expect(batchPosts[0]?.body).not.toContain(key);
  expect(batchPosts[0]?.body).toContain('"baseUrl":"http://127.0.0.1:9/v1"');

  const card = page.getByTestId('batch-live').filter({ hasText: name });
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2', { timeout: 30_000 });
  await expect(card).toHaveAttribute('data-status', 'failed');
  await expect(card.getByText(/Could not reach OpenAI/).first()).toBeVisible();
  await shot(page, 'key-failed-live');

  // Not in browser storage (the remember box was left unchecked).
  const storage = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage } }));
  expect(storage).not.toContain(key);

  // The failed runs show a clear error in the table and on the detail page.
  const batch = await batchNamed(page, name);
  expect(batch.status).toBe('failed');
  await page.goto(`/runs?batchId=${batch.id}`);
  const rows = page.getByTestId('run-table').getByTestId('run-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'failed' })).toHaveCount(2);
  await expect(rows.first()).toContainText(/Could not reach OpenAI/);
  await shot(page, 'key-failed-table');
  await rows.first().getByRole('link').click();
  await expect(page.getByTestId('run-error')).toContainText(/The run failed:.*Could not reach OpenAI/);
  await expect(page.getByRole('heading', { name: 'Model settings' })).toBeVisible();
  await expect(page.getByText('http://127.0.0.1:9/v1')).toBeVisible();
  await shot(page, 'key-failed-detail');

  // Nor in any API answer: the ones the pages fetched, and a fresh look at every list.
  const runs = (await (await page.request.get(`/api/test-runs?batchId=${batch.id}`)).json()) as List<Run>;
  expect(runs.items.every((r) => r.status === 'failed' && /Could not reach OpenAI/.test(r.errorMessage ?? ''))).toBe(true);
  const fetched = await Promise.all([
    page.request.get('/api/test-runs?limit=200'),
    page.request.get(`/api/test-runs?batchId=${batch.id}`),
    page.request.get('/api/batches?limit=200'),
    page.request.get(`/api/batches/${batch.id}`),
    page.request.get(`/api/batches/${batch.id}/events`),
    ...runs.items.map((r) => page.request.get(`/api/test-runs/${r.id}`)),
  ]);
  const texts = [...(await Promise.all(fetched.map((r) => r.text()))), ...(await Promise.all(bodies))];
  expect(texts.length).toBeGreaterThan(fetched.length);
  for (const text of texts) expect(text).not.toContain(key);
});

test('"remember for this tab" keeps keys in sessionStorage only, and forgets them when unchecked', async ({ page }) => {
  const key = `sk-e2e-remember-${Date.now().toString(36)}`;
  await page.goto('/runs');
  await page.getByLabel(/^Anthropic API key/).fill(key);
  await page.getByLabel(/Remember for this tab/).check();
  const read = () => page.evaluate(() => ({ local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) }));
  let stored = await read();
  expect(stored.session).toContain(key);
  expect(stored.local).not.toContain(key);

  await page.reload();
  await expect(page.getByLabel(/^Anthropic API key/)).toHaveValue(key);
  await expect(page.getByLabel(/Remember for this tab/)).toBeChecked();

  await page.getByLabel(/Remember for this tab/).uncheck();
  stored = await read();
  expect(stored.session).not.toContain(key);
  expect(stored.local).not.toContain(key);
});

test('the demo button runs the offline evaluation in one click', async ({ page }) => {
  await page.goto('/runs');
  const before = ((await (await page.request.get('/api/batches?limit=1')).json()) as List<Batch>).total;
  // The response, not the request: the batch exists only once the POST has been answered.
  const answered = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/batches');
  await page.getByRole('button', { name: 'Run the demo evaluation (offline)' }).click();
  const response = await answered;
  expect(response.request().postDataJSON()).toEqual({ models: [{ provider: 'local', model: 'hybrid' }] });
  expect(response.status()).toBe(202);
  const after = (await (await page.request.get('/api/batches?limit=1')).json()) as List<Batch>;
  expect(after.total).toBe(before + 1);
  const demo = after.items[0] as Batch;
  const card = page.locator(`[data-testid="batch-live"][data-batch-id="${demo.id}"]`);
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });
  await expect(card.getByTestId('batch-finished')).toHaveText(`${demo.counts.total} / ${demo.counts.total}`);
  await shot(page, 'overview');
  await card.getByRole('button', { name: /^Dismiss/ }).click();
  await expect(card).toHaveCount(0);
});

test('a running batch can be cancelled from its live progress card', async ({ page }) => {
  // A model endpoint that never answers: the batch runs until cancelled,
  // whatever the machine's speed (the local provider alone can finish before the click lands).
  const { port, close } = await hangingEndpoint();
  try {
    const name = uniqueName('cancel');
    await page.goto('/runs');
    await page.getByLabel('Batch name (optional)').fill(name);
    const row = page.getByTestId('model-row').first();
    await row.getByLabel('Provider').selectOption('openai-compatible');
    await row.getByLabel('Model', { exact: true }).fill('hangs');
    await row.getByLabel(/Base URL/).fill(`http://127.0.0.1:${port}/v1`);
    await row.getByLabel('Max retries').fill('0');
    await row.getByLabel('Timeout (s)').fill('60');
    await page.getByLabel('Concurrency').fill('1');
    await page.getByRole('button', { name: 'Launch batch' }).click();
    await cancelAndCheck(page, name);
  } finally {
    await close();
  }
});

async function cancelAndCheck(page: Page, name: string): Promise<void> {
  const card = page.getByTestId('batch-live').filter({ hasText: name });
  await card.getByRole('button', { name: `Cancel batch ${name}` }).click();
  await expect(card).toHaveAttribute('data-status', 'cancelled', { timeout: 15_000 });
  await expect(card.getByText(/cancelled/).first()).toBeVisible();
  const batch = await batchNamed(page, name);
  expect(batch.status).toBe('cancelled');
  expect(batch.counts.completed).toBeLessThan(batch.counts.total);
  await expect(page.getByTestId('batch-row').filter({ hasText: name })).toContainText('cancelled');
  await shot(page, 'cancelled');
}

test('an unknown run id shows a not-found state', async ({ page }) => {
  await page.goto('/runs/00000000-0000-0000-0000-000000000000');
  await expect(page.getByText('Run not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to runs' })).toBeVisible();
});
