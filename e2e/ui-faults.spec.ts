import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { lowContrast } from './helpers/contrast';

/*
 * One check per small fault of issue 18 (each failed before its fix), dark mode with its
 * screenshots, and the playground's progress and cancel. Runs on the shared e2e database: what it
 * makes is named with this run's tag and removed at the end; the demo data is only read (the
 * server delete below is refused because test cases use the server, and cancelled).
 */

const TAG = `e2e-faults-${Date.now().toString(36)}`;
const SHOTS = 'test-results/screenshots';
const EVERYTHING_BIN = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');

type List<T> = { items: T[]; total: number };
type Named = { id: string; name: string };

const made = { testCases: new Set<string>(), keys: new Set<string>(), servers: new Set<string>() };

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const res = await request.get(url);
  expect(res.ok(), `${url} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

async function demoServers(request: APIRequestContext): Promise<Named[]> {
  await expect
    .poll(async () => (await getJson<List<{ status: string }>>(request, '/api/servers')).items.filter((s) => s.status === 'active').length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  return (await getJson<List<Named>>(request, '/api/servers?limit=200')).items;
}

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ request }) => {
  for (const id of made.testCases) await request.delete(`/api/test-cases/${id}`);
  for (const id of made.keys) await request.delete(`/api/api-keys/${id}`);
  for (const id of made.servers) await request.delete(`/api/servers/${id}?force=true`);
});

test('a confirmation dialog opened from a table cell wraps its text instead of clipping it', async ({ page, request }) => {
  await demoServers(request);
  await page.goto('/servers');
  const row = page.getByTestId('server-row-rag');
  await expect(row).toContainText('active');
  await row.getByRole('button', { name: 'Delete rag' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  // The demo cases use rag, so the delete is refused and the dialog says so at length.
  await dialog.getByRole('button', { name: 'Delete server' }).click();
  await expect(dialog).toContainText('test cases use this server');
  const clipped = await dialog.evaluate((d) => ({
    whiteSpace: getComputedStyle(d).whiteSpace,
    overflowing: [...d.querySelectorAll('p')].filter((p) => p.scrollWidth > p.clientWidth + 1).length,
    dialogOverflow: d.scrollWidth > d.clientWidth + 1,
  }));
  expect(clipped).toEqual({ whiteSpace: 'normal', overflowing: 0, dialogOverflow: false });
  await page.screenshot({ path: `${SHOTS}/faults-dialog-wraps.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('button', { name: 'Delete rag' })).toBeFocused();
});

test('on a phone, /test-cases does not scroll sideways (the hidden Actions header stays in its scroller)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/test-cases');
  await expect(page.getByTestId('test-case-row').first()).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
});

test('the overview counters follow a batch without a reload, and "Read the metrics" waits for the reader', async ({ page, request }) => {
  await demoServers(request);
  await page.goto('/');
  const runs = page.getByTestId('runs-last-hour');
  const before = Number(await runs.textContent());
  const guide = page.getByTestId('first-run-guide');
  const readStep = guide.locator('li').filter({ hasText: 'Read the metrics' });
  await page.getByRole('button', { name: 'Run the demo evaluation (offline)' }).click();
  await expect(guide.getByRole('link', { name: /Follow its progress/ })).toBeVisible();
  // No reload: the server-rendered counter changes once the batch is done.
  await expect.poll(async () => Number(await runs.textContent()), { timeout: 60_000 }).toBeGreaterThan(before);
  // A completed batch alone does not tick the step; opening the metrics from it does.
  await expect(readStep).not.toContainText('(done)');
  await readStep.getByRole('link', { name: 'Metrics' }).click();
  await expect(page).toHaveURL(/\/metrics/);
  await page.goBack();
  await expect(page.getByTestId('first-run-guide').locator('li').filter({ hasText: 'Read the metrics' })).toContainText('(done)');
});

test('/runs hydrates without a mismatch, and "+ Add model" copies the last row and takes focus', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|did not match/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (/hydrat/i.test(e.message)) problems.push(e.message);
  });
  await page.goto('/runs');
  const rows = page.getByTestId('model-row');
  await expect(rows).toHaveCount(1);
  const first = rows.nth(0);
  await first.getByLabel('Provider').selectOption('local');
  await first.getByLabel('Model', { exact: true }).fill('lexical');
  const add = page.getByRole('button', { name: '+ Add model' });
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  const second = rows.nth(1);
  await expect(second.getByLabel('Provider')).toBeFocused();
  await expect(second.getByLabel('Provider')).toHaveValue('local');
  await expect(second.getByLabel('Model', { exact: true })).toHaveValue('lexical');
  expect(problems).toEqual([]);
});

test('after a refused launch, focus moves to the message and it is on screen', async ({ page }) => {
  await page.route('**/api/batches', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: { code: 'conflict', message: `Refused for ${TAG}` }, requestId: 'e2e' }) });
  });
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/runs');
  const launch = page.getByRole('button', { name: 'Launch batch' });
  await launch.focus();
  await page.keyboard.press('Enter');
  const message = page.getByTestId('launch-error');
  await expect(message).toContainText(`Refused for ${TAG}`);
  await expect(message).toBeFocused();
  await expect(message).toBeInViewport();
});

test('duplicate test case and key names are refused with 409 name_conflict, and the editor says so on the name', async ({ page, request }) => {
  const existing = (await getJson<List<Named>>(request, '/api/test-cases?limit=1')).items[0];
  expect(existing).toBeDefined();
  const servers = await demoServers(request);
  const rag = servers.find((s) => s.name === 'rag') as Named;
  const dup = await request.post('/api/test-cases', { data: { name: existing?.name.toUpperCase(), query: 'any query', serverIds: [rag.id] } });
  expect(dup.status()).toBe(409);
  expect(((await dup.json()) as { error: { code: string } }).error.code).toBe('name_conflict');

  const key = await request.post('/api/api-keys', { data: { name: `${TAG} key` } });
  expect(key.status()).toBe(201);
  made.keys.add(((await key.json()) as Named).id);
  const dupKey = await request.post('/api/api-keys', { data: { name: `${TAG} KEY` } });
  expect(dupKey.status()).toBe(409);
  expect(((await dupKey.json()) as { error: { code: string } }).error.code).toBe('name_conflict');

  await page.goto('/test-cases/new');
  await page.getByLabel('Name', { exact: true }).fill(existing?.name ?? '');
  await page.getByLabel('Query', { exact: true }).fill('a query that will not be saved');
  await page.getByRole('checkbox', { name: /^rag\b/ }).check();
  await page.getByLabel('Negative case (the model should call no tool)').check();
  await page.getByRole('button', { name: 'Create test case' }).click();
  await expect(page.getByRole('alert').first()).toContainText('already exists');
  await expect(page.locator('.field').filter({ has: page.getByLabel('Name', { exact: true }) })).toContainText('already exists');
});

test('leaving a half-filled test case asks first, in the app and when closing the tab', async ({ page, context }) => {
  await page.goto('/test-cases/new');
  await page.getByLabel('Name', { exact: true }).fill(`${TAG} unsaved`);
  const asked: string[] = [];
  page.once('dialog', async (d) => {
    asked.push(d.type());
    await d.dismiss();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Test cases' }).click();
  await expect.poll(() => asked).toEqual(['confirm']);
  await expect(page).toHaveURL(/\/test-cases\/new$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${TAG} unsaved`);

  const closing = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.type());
      void d.accept();
    }),
  );
  await page.close({ runBeforeUnload: true });
  expect(await closing).toBe('beforeunload');

  // Untouched, the form lets you go without a word.
  const fresh = await context.newPage();
  await fresh.goto('/test-cases/new');
  await fresh.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Test cases' }).click();
  await expect(fresh).toHaveURL(/\/test-cases(\?|$)/);
});

test('expected arguments of the wrong type for a known schema are a 400 naming the argument', async ({ request }) => {
  const server = await request.post('/api/servers', {
    data: { name: `${TAG}-static`, transport: 'static', tools: [{ name: 'get_forecast', description: 'Forecast for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } } }] },
  });
  expect(server.status()).toBe(201);
  const serverId = ((await server.json()) as Named).id;
  made.servers.add(serverId);
  const body = { query: 'Forecast for Oslo', serverIds: [serverId], expectedServer: `${TAG}-static`, expectedTool: 'get_forecast' };
  const wrong = await request.post('/api/test-cases', { data: { ...body, name: `${TAG} wrong`, expectedParameters: { city: 'Oslo', days: 'three' } } });
  expect(wrong.status()).toBe(400);
  expect(JSON.stringify(await wrong.json())).toContain('expectedParameters.days');
  const right = await request.post('/api/test-cases', { data: { ...body, name: `${TAG} right`, expectedParameters: { city: 'Oslo', days: 3 } } });
  expect(right.status()).toBe(201);
  made.testCases.add(((await right.json()) as Named).id);
});

test('the favicon is served', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/image/);
});

const MAIN_PAGES = ['/', '/servers', '/test-cases', '/test-cases/new', '/runs', '/metrics', '/similarity', '/experiments', '/settings'];

test('dark mode follows the system setting: dark surfaces, readable text, a screenshot of each main page', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const url of MAIN_PAGES) {
    await page.goto(url);
    await expect(page.locator('.state-loading')).toHaveCount(0, { timeout: 20_000 });
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r = 255, g = 255, b = 255] = (bg.match(/\d+/g) ?? []).map(Number);
    expect(r + g + b, `${url} body background ${bg}`).toBeLessThan(150);
    expect(await lowContrast(page, 'h1, h2, p, th, td, label, .muted, .mainnav a, .btn, .badge, .card, dt, dd'), url).toEqual([]);
    const slug = url === '/' ? 'overview' : url.slice(1).replaceAll('/', '-');
    await page.screenshot({ path: `${SHOTS}/dark-${slug}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(light).toBe('rgb(247, 247, 248)');
});

test('the playground shows a long tool progress and cancels it, by keyboard', async ({ page, request }) => {
  const created = await request.post('/api/servers', { data: { name: `${TAG}-everything`, transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } });
  expect(created.status(), await created.text()).toBe(201);
  const serverId = ((await created.json()) as Named).id;
  made.servers.add(serverId);
  await page.goto(`/servers/${serverId}`);
  const tool = page.getByLabel('Tool', { exact: true });
  await expect(tool).toBeVisible({ timeout: 15_000 });
  await tool.selectOption('trigger-long-running-operation');
  await page.getByLabel(/^duration/).fill('30');
  await page.getByLabel(/^steps/).fill('30');
  await page.getByRole('button', { name: 'Call trigger-long-running-operation' }).click();
  const progress = page.getByTestId('call-progress');
  await expect(progress).toContainText(/: \d+ of 30/, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/playground-progress.png` });
  const cancel = progress.getByRole('button', { name: 'Cancel call' });
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('call-cancelled')).toBeVisible();
  await expect(progress).toBeHidden();
  // The server stopped the call: the history has it as a cancelled failure, long before 30 s.
  await expect
    .poll(async () => (await getJson<List<{ status: string; errorMessage: string | null }>>(request, `/api/servers/${serverId}/executions`)).items[0], { timeout: 10_000 })
    .toMatchObject({ status: 'failed', errorMessage: expect.stringMatching(/cancel/i) });
});

test('at 1280 px the test case list keeps every row\'s Edit and Delete buttons in view inside its box', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/test-cases');
  const wrap = page.locator('.tc-table-wrap');
  const edit = page.getByTestId('test-case-row').first().getByRole('link', { name: /^Edit / });
  const del = page.getByTestId('test-case-row').first().getByRole('button', { name: /^Delete / });
  await expect(edit).toBeVisible();
  const box = await wrap.boundingBox();
  for (const button of [edit, del]) {
    const b = await button.boundingBox();
    expect(b && box ? b.x + b.width : Infinity, 'the button ends inside the table box').toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0) + 0.5);
  }
  // With long content the table may scroll sideways, but the actions column stays pinned at the right edge.
  const pinned = await edit.evaluate((el) => getComputedStyle(el.closest('td') as Element).position);
  expect(pinned).toBe('sticky');
});
