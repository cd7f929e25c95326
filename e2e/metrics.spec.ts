import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// Runs after evaluation.spec.ts on the same server and database. It makes its own batches:
// a one-case baseline and "metrics e2e" over every case, with a probe test case whose
// expectation changes in between, so the comparison has a known regression.

type Counts = { tp: number; fp: number; tn: number; fn: number; total: number };
type Summary = {
  counts: Counts;
  precision: number | null;
  recall: number | null;
  f1: number | null;
  accuracy: number | null;
  specificity: number | null;
  passK: { rate: number | null } | null;
  confusionMatrix: { labels: string[]; cells: { expected: string; selected: string; count: number }[] };
  byTool: { tool: string }[];
};
type Confusion = { expected: { server: string; tool: string } | null; selected: { server: string; tool: string } | null; count: number; similarity: number | null };
type Comparison = { deltas: Record<string, number | null>; changes: Record<string, number>; cases: { testCaseName: string; change: string }[] };

const LOCAL = [{ provider: 'local', model: 'lexical' }];
const PROBE = {
  name: 'metrics e2e probe',
  // The local router answers this with rag_search (it is a demo case's query).
  query: 'Which passages mention WAL checkpoints? Give me the top 3 matches with their scores.',
  expectedServer: 'rag',
  expectedTool: 'rag_search',
};
const ids = { probe: '', baseline: '', batch: '' };

test.describe.configure({ mode: 'serial' });

/** As the page shows a rate: one decimal percent, an em dash when undefined. */
const rate = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(1)}%`);

/** As the comparison shows a rate's change: signed percentage points with a real minus sign. */
function ppDelta(v: number | null): string {
  if (v === null) return '—';
  const pp = Math.round(v * 1000) / 10;
  return `${pp > 0 ? '+' : pp < 0 ? '\u2212' : ''}${Math.abs(pp).toFixed(1)} pp`;
}

const kpi = (page: Page, key: string): Locator => page.getByTestId(`kpi-${key}`).locator('dd').first();

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function runBatch(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  const res = await request.post('/api/batches', { data: body });
  expect(res.status()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${id}`)).status, { timeout: 45_000, intervals: [250, 500, 1000] })
    .toBe('completed');
  return id;
}

test.afterAll(async ({ playwright }, testInfo) => {
  if (!ids.probe) return;
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await api.delete(`/api/test-cases/${ids.probe}`);
  await api.dispose();
});

test('a baseline batch and the "metrics e2e" batch run offline', async ({ request }) => {
  const servers = await getJson<{ items: { id: string; name: string }[] }>(request, '/api/servers');
  const rag = servers.items.find((s) => s.name === 'rag');
  expect(rag).toBeTruthy();
  const created = await request.post('/api/test-cases', { data: { ...PROBE, serverIds: [rag?.id] } });
  expect(created.status()).toBe(201);
  ids.probe = ((await created.json()) as { id: string }).id;

  ids.baseline = await runBatch(request, { name: 'metrics e2e baseline', testCaseIds: [ids.probe], models: LOCAL });
  const baseline = await getJson<Summary>(request, `/api/metrics/summary?batchId=${ids.baseline}`);
  expect(baseline.counts).toMatchObject({ tp: 1, total: 1 });

  // The same answer is now a miss: the probe expects another tool.
  const patched = await request.patch(`/api/test-cases/${ids.probe}`, { data: { expectedTool: 'rag_answer_question' } });
  expect(patched.ok()).toBe(true);
  ids.batch = await runBatch(request, { name: 'metrics e2e', models: LOCAL, samples: 2 });
});

test('the KPI cards show the numbers of the summary API for the batch', async ({ page, request }) => {
  const summary = await getJson<Summary>(request, `/api/metrics/summary?batchId=${ids.batch}`);
  expect(summary.counts.total).toBeGreaterThanOrEqual(26);

  await page.goto(`/metrics?batchId=${ids.batch}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  await expect(page.getByLabel('Batch', { exact: true })).toHaveValue(ids.batch);
  await expect(page.getByTestId('metrics-scope')).toContainText('metrics e2e');
  for (const key of ['tp', 'fp', 'tn', 'fn'] as const) await expect(kpi(page, key)).toHaveText(String(summary.counts[key]));
  await expect(kpi(page, 'runs')).toHaveText(String(summary.counts.total));
  for (const key of ['f1', 'precision', 'recall', 'accuracy', 'specificity'] as const) await expect(kpi(page, key)).toHaveText(rate(summary[key]));
  expect(summary.passK).not.toBeNull();
  await expect(kpi(page, 'pass-k')).toHaveText(rate(summary.passK?.rate ?? null));
  // Charts below the fold draw progressively; the full-page screenshot waits for all of them.
  await expect(page.locator('[data-progressive="pending"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/metrics-batch.png', fullPage: true });
});

test('the heatmap has a cell with the right count for every non-zero confusion cell', async ({ page, request }) => {
  const { confusionMatrix } = await getJson<Summary>(request, `/api/metrics/summary?batchId=${ids.batch}`);
  const { items: confusions } = await getJson<{ items: Confusion[] }>(request, `/api/metrics/confusions?batchId=${ids.batch}`);
  const label = (t: Confusion['expected']) => (t ? `${t.server}/${t.tool}` : 'none');
  await page.goto(`/metrics?batchId=${ids.batch}`);
  const matrix = page.getByTestId('confusion-matrix');
  await expect(matrix.getByRole('columnheader')).toHaveCount(confusionMatrix.labels.length + 1);
  await expect(matrix.getByRole('rowheader')).toHaveCount(confusionMatrix.labels.length);
  await expect(matrix.getByTestId('confusion-cell')).toHaveCount(confusionMatrix.cells.length);
  let mistakes = 0;
  for (const c of confusionMatrix.cells) {
    const cell = matrix.locator(`[data-testid="confusion-cell"][data-expected="${c.expected}"][data-selected="${c.selected}"]`);
    const base = `Expected ${c.expected}, selected ${c.selected}: ${c.count} run${c.count === 1 ? '' : 's'}`;
    if (c.expected === c.selected || c.expected === 'none' || c.selected === 'none') {
      // A correct call or a no-call mistake: the count alone, no pair to compare.
      await expect(cell).toHaveText(String(c.count));
      await expect(cell).toHaveAttribute('title', base);
      await expect(cell).not.toHaveAttribute('data-similarity');
      continue;
    }
    // A mistake between two tools: the count, then (for screen readers and in the title) their descriptions' similarity.
    const confusion = confusions.find((x) => label(x.expected) === c.expected && label(x.selected) === c.selected);
    expect(confusion, `${c.expected} -> ${c.selected} is one of the batch's confusions`).toBeTruthy();
    const shown = confusion!.similarity === null ? 'n/a' : confusion!.similarity.toFixed(2);
    await expect(cell).toHaveText(`${c.count}, similarity ${shown}`);
    await expect(cell).toHaveAttribute('data-similarity', shown);
    await expect(cell).toHaveAttribute('title', `${base}; similarity of the two descriptions ${shown}`);
    mistakes += 1;
  }
  expect(mistakes, 'the batch confuses two tools at least once (the probe below)').toBeGreaterThan(0);
  // The probe's miss is where it should be.
  await expect(matrix.locator('[data-testid="confusion-cell"][data-expected="rag/rag_answer_question"][data-selected="rag/rag_search"]')).toBeVisible();
  await matrix.scrollIntoViewIfNeeded();
  await page.getByTestId('confusion-matrix').screenshot({ path: 'test-results/screenshots/metrics-heatmap.png' });
});

test('the charts render as SVG with their numbers as text', async ({ page, request }) => {
  const summary = await getJson<Summary>(request, `/api/metrics/summary?batchId=${ids.batch}`);
  await page.goto(`/metrics?batchId=${ids.batch}`);
  for (const id of ['chart-tools', 'chart-confidence', 'chart-models', 'chart-trend']) {
    const chart = page.getByTestId(id);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
  }
  const tools = page.getByTestId('chart-tools');
  await expect(tools.locator('figcaption')).toContainText(summary.byTool[0]?.tool ?? '');
  await expect(tools.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await tools.getByText('Show the numbers').click();
  await expect(page.getByTestId('tool-table').locator('tbody tr')).toHaveCount(summary.byTool.length);
  await expect(page.getByTestId('model-table')).toContainText('local · lexical');
  await expect(page.getByTestId('model-table')).toContainText(rate(summary.f1));
  await expect(page.getByTestId('argument-scores')).toBeVisible();
  await page.getByTestId('chart-tools').screenshot({ path: 'test-results/screenshots/metrics-tools.png' });
});

test('when the charts cannot be drawn the numbers stay, and each chart says why and offers a reload', async ({ page, request }) => {
  const summary = await getJson<Summary>(request, `/api/metrics/summary?batchId=${ids.batch}`);
  // The drawing code (recharts) arrives on demand; refuse it, as after the app was rebuilt under an open page.
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes('recharts_measurement_span')) return route.abort('failed');
    return route.fulfill({ response, body });
  });
  await page.goto(`/metrics?batchId=${ids.batch}`);
  await expect(kpi(page, 'runs')).toHaveText(String(summary.counts.total));
  await expect(page.getByTestId('confusion-matrix').getByTestId('confusion-cell')).toHaveCount(summary.confusionMatrix.cells.length);
  for (const id of ['chart-tools', 'chart-confidence', 'chart-models', 'chart-trend']) {
    const chart = page.getByTestId(id);
    await expect(chart.getByRole('alert')).toContainText('This chart could not be drawn');
    await expect(chart.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    await expect(chart.locator('figcaption')).toHaveText(/\d/);
    await expect(chart.locator('svg.recharts-surface')).toHaveCount(0);
  }
  await page.getByTestId('chart-tools').getByText('Show the numbers').click();
  await expect(page.getByTestId('tool-table').locator('tbody tr')).toHaveCount(summary.byTool.length);

  // Once the code can load again, the reload brings the drawings back.
  await page.unrouteAll({ behavior: 'wait' });
  await page.getByTestId('chart-tools').getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByTestId('chart-tools').locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be drawn' })).toHaveCount(0);
});

test('filters live in the URL and narrow the numbers', async ({ page, request }) => {
  await page.goto(`/metrics?batchId=${ids.batch}`);
  await page.getByLabel('Tool name').fill('rag_search');
  await page.getByLabel('Tool name').press('Enter');
  await expect(page).toHaveURL(/toolName=rag_search/);
  const narrowed = await getJson<Summary>(request, `/api/metrics/summary?batchId=${ids.batch}&toolName=rag_search`);
  await expect(kpi(page, 'runs')).toHaveText(String(narrowed.counts.total));
  await expect(kpi(page, 'tp')).toHaveText(String(narrowed.counts.tp));

  await page.getByLabel('Provider').selectOption('openai');
  await expect(page).toHaveURL(/provider=openai/);
  await expect(page.getByText('No evaluated runs match these filters.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/metrics-empty.png', fullPage: true });
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/metrics$/);
  await expect(page.getByTestId('kpi-f1')).toBeVisible();
});

test('comparing the baseline with the batch shows signed deltas and the regression first', async ({ page, request }) => {
  const comparison = await getJson<Comparison>(request, `/api/metrics/compare?a=${ids.baseline}&b=${ids.batch}`);
  expect(comparison.changes.regressed).toBe(1);

  await page.goto('/metrics');
  const compare = page.getByTestId('batch-compare');
  await compare.getByLabel('Baseline (A)').selectOption(ids.baseline);
  await compare.getByLabel('Compared (B)').selectOption(ids.batch);
  await expect(page).toHaveURL(new RegExp(`a=${ids.baseline}.*b=${ids.batch}|b=${ids.batch}.*a=${ids.baseline}`));

  const f1 = compare.getByTestId('delta-f1');
  await expect(f1.getByTestId('delta-value')).toHaveText(ppDelta(comparison.deltas.f1 ?? null));
  expect(comparison.deltas.f1 ?? 0).toBeLessThan(0);
  await expect(f1).toContainText('(worse)');
  await expect(compare.getByTestId('delta-accuracy').getByTestId('delta-value')).toHaveText(ppDelta(comparison.deltas.accuracy ?? null));

  await expect(compare.getByTestId('changes-regressed')).toContainText(String(comparison.changes.regressed));
  const first = compare.getByTestId('compare-case').first();
  await expect(first).toHaveAttribute('data-change', 'regressed');
  await expect(first).toContainText(PROBE.name);
  await expect(compare.getByTestId('compare-case')).toHaveCount(comparison.cases.filter((c) => c.change !== 'same').length);
  await compare.scrollIntoViewIfNeeded();
  await compare.screenshot({ path: 'test-results/screenshots/metrics-compare.png' });
});

test('the overview shows the latest batch F1 and starts the demo evaluation', async ({ page, request }) => {
  const summary = await getJson<Summary>(request, `/api/metrics/summary?batchId=${ids.batch}`);
  await page.goto('/');
  await expect(page.getByTestId('health-status')).toHaveText(/healthy|degraded/);
  await expect(page.getByTestId('latest-batch')).toContainText('metrics e2e');
  await expect(page.getByTestId('latest-f1').locator('dd')).toHaveText(rate(summary.f1));
  await expect(page.getByTestId('latest-precision').locator('dd')).toHaveText(rate(summary.precision));
  await expect(page.getByRole('link', { name: 'All metrics of this batch →' })).toHaveAttribute('href', `/metrics?batchId=${ids.batch}`);
  await expect(page.getByTestId('recent-batches')).toContainText('metrics e2e baseline');
  await expect(page.getByTestId('health-panel')).toContainText('Run latency p50 / p95');
  await page.screenshot({ path: 'test-results/screenshots/overview.png', fullPage: true });

  await page.getByRole('button', { name: 'Run the demo evaluation (offline)' }).click();
  const started = page.getByText(/Started Demo evaluation \(offline\)/);
  await expect(started).toBeVisible();
  const follow = page.getByRole('link', { name: /Follow its progress on Runs/ });
  const href = (await follow.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/runs\?batchId=/);
  // Let it finish so the specs after this one start from a quiet server.
  const batchId = new URL(href, 'http://x').searchParams.get('batchId') ?? '';
  await expect
    .poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${batchId}`)).status, { timeout: 45_000 })
    .toBe('completed');
});
