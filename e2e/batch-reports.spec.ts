import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../tests/helpers/llm-server';
import { openPage, tabTo } from './helpers/a11y';
import { lowContrast } from './helpers/contrast';

/*
 * Batch reports, the pinned baseline, flaky cases and the trend by batch, in Chromium and by
 * keyboard. Two batches are made here: a local one with two models (reports, baseline) and a
 * samples=2 run against a scripted OpenAI-compatible model that answers differently each time
 * (its samples disagree: a flaky case). The baseline is unpinned at the end.
 */

type List<T> = { items: T[]; total: number };
type Batch = { id: string; name: string; status: string };

const unique = (label: string) => `e2e reports ${label} ${Date.now().toString(36)}`;
const names = { local: unique('local'), flaky: unique('flaky') };
const ids = { local: '', flaky: '', flakyCase: '', flakyCaseName: '' };
let llm: LlmServer;

async function finished(request: APIRequestContext, id: string): Promise<void> {
  await expect.poll(async () => ((await (await request.get(`/api/batches/${id}`)).json()) as Batch).status, { timeout: 60_000 }).not.toMatch(/^(pending|running)$/);
  const runs = ((await (await request.get(`/api/test-runs?batchId=${id}&status=failed&limit=3`)).json()) as List<{ errorMessage: string | null }>).items;
  expect(runs.map((r) => r.errorMessage), 'no run of the batch failed').toEqual([]);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  // Alternates between calling the first tool offered and calling none: samples never agree.
  let turn = 0;
  llm = await startLlmServer({
    respond: ({ body }) => {
      const tools = (body as { tools?: { function?: { name?: string } }[] }).tools ?? [];
      // "all-miss" never calls a tool: every sample of a positive case is wrong.
      if ((body as { model?: string }).model === 'all-miss') return { text: 'I would not call a tool.' };
      turn += 1;
      const first = tools[0]?.function?.name;
      return turn % 2 === 1 && first ? { toolCalls: [{ name: first, arguments: {} }] } : { text: 'I would not call a tool.' };
    },
  });
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await expect.poll(async () => ((await (await request.get('/api/servers')).json()) as List<{ status: string }>).items.filter((s) => s.status === 'active').length, { timeout: 30_000 }).toBe(3);
  const cases = ((await (await request.get('/api/test-cases?limit=5&sort=created&dir=asc')).json()) as List<{ id: string; name: string }>).items;
  ids.flakyCase = cases[0]?.id ?? '';
  ids.flakyCaseName = cases[0]?.name ?? '';
  const local = await request.post('/api/batches', {
    data: { name: names.local, testCaseIds: cases.map((c) => c.id), models: [{ provider: 'local', model: 'lexical' }, { provider: 'local', model: 'hybrid' }] },
  });
  expect(local.status(), await local.text()).toBe(202);
  ids.local = ((await local.json()) as Batch).id;
  const flaky = await request.post('/api/batches', {
    data: { name: names.flaky, testCaseIds: [ids.flakyCase], samples: 2, models: [{ provider: 'openai-compatible', model: 'flaky-fake', baseUrl: llm.openaiBaseUrl, maxRetries: 0 }] },
  });
  expect(flaky.status(), await flaky.text()).toBe(202);
  ids.flaky = ((await flaky.json()) as Batch).id;
  await finished(request, ids.local);
  await finished(request, ids.flaky);
  await request.dispose();
});

test.afterAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await request.delete('/api/baseline');
  await request.dispose();
  await llm?.close();
});

async function download(page: Page, format: string): Promise<{ name: string; text: string }> {
  const menu = page.getByTestId('report-menu').first();
  const summary = menu.locator('summary');
  if (!(await menu.evaluate((d) => (d as HTMLDetailsElement).open))) {
    await summary.focus();
    await page.keyboard.press('Enter');
  }
  const link = menu.getByRole('link', { name: new RegExp(`^${format}`, 'i') });
  await link.focus();
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('the batch page downloads the report in each format, by keyboard', async ({ page }) => {
  await openPage(page, `/runs/batches/${ids.local}`);
  const html = await download(page, 'HTML');
  // The file as a reader opens it, in both colour schemes (no script, no request leaves it).
  for (const scheme of ['light', 'dark'] as const) {
    const viewer = await page.context().newPage();
    await viewer.emulateMedia({ colorScheme: scheme });
    await viewer.setContent(html.text);
    const background = await viewer.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(scheme === 'dark' ? 'rgb(18, 19, 24)' : 'rgb(247, 247, 248)');
    await viewer.screenshot({ path: `test-results/screenshots/batch-report-html-${scheme}.png` });
    await viewer.close();
  }
  expect(html.name).toMatch(/^batch-report-e2e-reports-local-[a-z0-9]+-[0-9a-f]{8}\.html$/);
  expect(html.text).toContain(`<h1>${names.local}</h1>`);
  expect(html.text.match(/<svg /g)).toHaveLength(2);
  expect(html.text).toContain('local/lexical');
  expect(html.text).toContain('local/hybrid');
  const md = await download(page, 'Markdown');
  expect(md.name.endsWith('.md')).toBe(true);
  expect(md.text).toContain(`# Batch report: ${names.local}`);
  const csv = await download(page, 'CSV');
  const lines = csv.text.trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^runId,testCaseId,testCaseName,provider,model,status,classification,correct/);
  expect(lines).toHaveLength(1 + 10);
  const json = await download(page, 'JSON');
  const report = JSON.parse(json.text) as { version: number; runs: unknown[]; batch: { url: string } };
  expect(report.version).toBe(1);
  expect(report.runs).toHaveLength(10);
  expect(report.batch.url).toMatch(new RegExp(`/runs/batches/${ids.local}$`));
});

test('pin the batch as the baseline by keyboard; the comparison starts from it; other batches link to it', async ({ page, request }) => {
  await openPage(page, `/runs/batches/${ids.local}`);
  const pin = page.getByRole('button', { name: `Pin ${names.local} as the baseline` });
  await tabTo(page, pin, 60);
  await page.keyboard.press('Enter');
  const pinned = page.getByRole('button', { name: `Unpin ${names.local} as the baseline` });
  await expect(pinned).toHaveAttribute('aria-pressed', 'true');
  const baseline = (await (await request.get('/api/baseline')).json()) as { batch: Batch | null };
  expect(baseline.batch?.id).toBe(ids.local);

  await openPage(page, `/runs/batches/${ids.flaky}`);
  const versus = page.getByRole('link', { name: `Compare ${names.flaky} with the baseline` });
  await expect(versus).toHaveAttribute('href', `/metrics?a=${ids.local}&b=${ids.flaky}#compare`);
  await versus.click();
  await expect(page.getByTestId('baseline-note')).toContainText(`A is the pinned baseline, “${names.local}”.`);
  // The batches ran different cases: the comparison says so and compares the shared ones only.
  await expect(page.getByTestId('compare-shared-warning')).toContainText('Significance compares only the 1 shared case(s)');
});

test('the flaky case is listed with why and its history; the trend switches to by batch', async ({ page }) => {
  await openPage(page, '/metrics');
  const section = page.locator('#flaky');
  const row = section.getByTestId('flaky-row').filter({ hasText: 'openai-compatible/flaky-fake' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ids.flakyCaseName);
  await expect(row).toContainText('samples disagree');
  const history = row.getByRole('list', { name: 'Latest runs, newest first' }).getByRole('link');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toHaveAttribute('aria-label', /50% of 2 samples agree/);
  await section.screenshot({ path: 'test-results/screenshots/batch-reports-flaky.png' });
  await darkShot(page, section, 'batch-reports-flaky');

  const byBatch = page.getByRole('radio', { name: 'By batch' });
  await byBatch.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/trend=batch/);
  await expect(page.getByRole('heading', { name: 'Trend by batch' })).toBeVisible();
  await expect(page.getByTestId('trend-batch-table')).toContainText(names.local);
  await page.getByTestId('chart-trend-batch').screenshot({ path: 'test-results/screenshots/batch-reports-trend-by-batch.png' });
  await darkShot(page, page.locator('section').filter({ has: page.getByRole('heading', { name: 'Trend by batch' }) }).last(), 'batch-reports-trend-by-batch');
});

/** The same part in the dark scheme: dark surfaces, text at 4.5:1 or more, its picture; then light again. */
async function darkShot(page: Page, part: ReturnType<Page['locator']>, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'dark' });
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(18, 19, 24)');
  await expect(part).toBeVisible();
  expect(await lowContrast(page, 'h2, h3, p, th, td, li, a, label, .muted, .badge, dt, dd'), name).toEqual([]);
  await part.screenshot({ path: `test-results/screenshots/${name}-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
}

test('a run of the local router at samples=2 says its confidence is its margin and quotes its scores', async ({ page, request }) => {
  const created = await request.post('/api/batches', { data: { name: unique('margin'), testCaseIds: [ids.flakyCase], samples: 2, models: [{ provider: 'local', model: 'lexical' }] } });
  const batch = (await created.json()) as Batch;
  await finished(request, batch.id);
  const run = ((await (await request.get(`/api/test-runs?batchId=${batch.id}`)).json()) as List<{ id: string; confidenceScore: number | null }>).items[0];
  await openPage(page, `/runs/${run?.id}`);
  await expect(page.getByTestId('confidence-source')).toHaveText("From the local router's score margin (deterministic: samples always agree).");
  await expect(page.getByTestId('run-reasoning')).toContainText("The local router's scores:");
});

test('pass^k says "0 of 3 correct" on a run whose three samples all missed; the matrix names the router margin', async ({ page, request }) => {
  const created = await request.post('/api/batches', {
    data: { name: unique('all-miss'), testCaseIds: [ids.flakyCase], samples: 3, models: [{ provider: 'openai-compatible', model: 'all-miss', baseUrl: llm.openaiBaseUrl, maxRetries: 0 }] },
  });
  expect(created.status(), await created.text()).toBe(202);
  const batch = (await created.json()) as Batch;
  await finished(request, batch.id);
  const run = ((await (await request.get(`/api/test-runs?batchId=${batch.id}`)).json()) as List<{ id: string; classification: string | null }>).items[0];
  expect(run?.classification).toBe('FN');
  await openPage(page, `/runs/${run?.id}`);
  const passK = page.locator('.runs-card').filter({ hasText: 'pass^3' });
  await expect(passK).toContainText('0 of 3 correct');
  await expect(passK).not.toContainText('not all correct');
  await expect(page.getByTestId('confidence-source')).toHaveText('From agreement of the 3 samples.');

  // The local batch's matrix says where each confidence comes from (the local router: its margin).
  await openPage(page, `/runs/batches/${ids.local}`);
  const conf = page.getByTestId('mx-confidence').first();
  await expect(conf).toContainText('(router margin)');
  await expect(page.locator('.mx-link').first()).toHaveAttribute('aria-label', /confidence \d+% from the local router's score margin/);
});

test('the editor refuses an expected argument of the wrong type on its field, by keyboard', async ({ page, request }) => {
  const serverName = unique('typed').replaceAll(' ', '-');
  const server = await request.post('/api/servers', {
    data: { name: serverName, transport: 'static', tools: [{ name: 'get_forecast', description: 'Forecast for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } } }] },
  });
  expect(server.status(), await server.text()).toBe(201);
  const serverId = ((await server.json()) as { id: string }).id;
  const caseName = unique('wrong type');
  try {
    await openPage(page, '/test-cases/new');
    await page.getByLabel('Name', { exact: true }).fill(caseName);
    await page.getByLabel('Query', { exact: true }).fill('Forecast for Oslo for three days');
    const box = page.getByRole('checkbox', { name: new RegExp(`^${serverName}\\b`) });
    await box.focus();
    await page.keyboard.press('Space');
    const tool = page.getByRole('radio', { name: 'get_forecast' });
    await tool.focus();
    await page.keyboard.press('Space');
    await expect(tool).toBeChecked();
    const json = page.getByLabel('Expected arguments as JSON');
    await json.focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText('{"city": "Oslo", "days": "three"}');
    const create = page.getByRole('button', { name: 'Create test case' });
    await create.focus();
    await page.keyboard.press('Enter');
    // Refused on the days field (its row), not saved, still on the form.
    await expect(page.getByTestId('argument-days').locator('.field-error')).toBeVisible();
    await expect(page).toHaveURL(/\/test-cases\/new/);
    const saved = (await (await request.get(`/api/test-cases?search=${encodeURIComponent(caseName)}`)).json()) as List<{ id: string }>;
    expect(saved.total).toBe(0);
    await page.screenshot({ path: 'test-results/screenshots/batch-reports-wrong-type-argument.png', fullPage: true });
  } finally {
    await request.delete(`/api/servers/${serverId}`);
  }
});

test('live progress names each finished run by test case and model, and counts per model', async ({ page }) => {
  const name = unique('live');
  await openPage(page, '/runs');
  await page.getByLabel('Batch name (optional)').fill(name);
  await page.getByRole('button', { name: '+ Add model' }).click();
  const second = page.getByTestId('model-row').nth(1);
  await second.getByLabel('Model', { exact: true }).fill('lexical');
  // The local router takes no temperature, retries, base URL or system prompt: they are not offered.
  await expect(second.getByLabel('Temperature')).toHaveCount(0);
  await expect(second.getByLabel(/Base URL/)).toHaveCount(0);
  await expect(second.getByTestId('deterministic-note')).toBeVisible();
  await page.getByRole('button', { name: 'Launch batch' }).click();
  const card = page.getByTestId('batch-live').filter({ hasText: name });
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
  const perModel = card.getByRole('list', { name: 'Progress per model' });
  await expect(perModel.getByRole('listitem')).toHaveCount(2);
  await expect(perModel).toContainText('local/hybrid');
  await expect(perModel).toContainText('local/lexical');
  const recent = card.getByRole('list', { name: 'Latest finished runs' });
  await expect(recent.getByRole('listitem').first()).toBeVisible();
  await expect(recent).not.toContainText(/\brun [0-9a-f]{8}\b/);
  await expect(recent).toContainText(/local\/(hybrid|lexical)/);
});

test('no sideways scroll at 390 px or 1280 px on the pages these actions live on, in both colour schemes', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const url of ['/runs', `/runs/batches/${ids.local}`, '/metrics?trend=batch']) {
        await openPage(page, url);
        // Charts size themselves after they load: the page settles within the poll.
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${url} at ${width} px (${scheme})` })
          .toBeLessThanOrEqual(0);
      }
    }
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, `/runs/batches/${ids.local}`);
  await page.screenshot({ path: 'test-results/screenshots/batch-reports-batch-page-phone-dark.png', fullPage: true });
});
