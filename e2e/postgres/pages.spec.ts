import { expect, test, type Locator } from '@playwright/test';
import { getJson, uniqueName, watchPageErrors, type List } from './helpers';

// The app on Postgres with the demo data: every main page renders its data without an error, and a
// test case made in the editor is stored and listed.

type Server = { id: string; name: string; status: string };

test('the overview and the main pages load on Postgres without errors', async ({ page, request }) => {
  await expect
    .poll(async () => (await getJson<List<Server>>(request, '/api/servers')).items.map((s) => `${s.name}:${s.status}`).sort(), { timeout: 30_000 })
    .toEqual(['rag:active', 'todo:active', 'valuerank:active']);
  const cases = await getJson<List<unknown>>(request, '/api/test-cases?limit=1');
  expect(cases.total).toBeGreaterThanOrEqual(20);
  const health = await getJson<{ status: string }>(request, '/api/health');
  expect(health.status).toMatch(/healthy|degraded/);

  const errors = watchPageErrors(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('MCP Eval Harness');
  await expect(page.getByTestId('server-count')).toHaveText('3');
  await expect(page.getByTestId('server-rag')).toContainText('active');

  const pages: [string, string, (p: typeof page) => Locator][] = [
    ['/servers', 'MCP servers', (p) => p.getByRole('main').getByRole('link', { name: 'valuerank', exact: true })],
    ['/test-cases', 'Test cases', (p) => p.getByText(`${cases.total} test cases`)],
    ['/runs', 'Runs', (p) => p.getByText(`All test cases (${cases.total})`)],
    ['/metrics', 'Metrics', (p) => p.getByLabel('Batch', { exact: true })],
    ['/similarity', 'Similarity', (p) => p.getByRole('checkbox', { name: /^valuerank / })],
  ];
  for (const [path, heading, content] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    await expect(page.locator('.state-loading'), `${path} finished loading`).toHaveCount(0, { timeout: 20_000 });
    await expect(content(page), `${path} shows its data`).toBeVisible();
    await expect(page.locator('.state-error'), `${path} shows no error state`).toHaveCount(0);
  }
  expect(errors).toEqual([]);
});

test('the similarity of the demo servers is analysed on Postgres (its embedding cache there)', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.goto('/similarity');
  for (const server of ['rag', 'todo', 'valuerank']) await page.getByRole('checkbox', { name: new RegExp(`^${server} `) }).check();
  await page.getByRole('button', { name: 'Run analysis' }).click();
  await expect(page.getByRole('button', { name: 'Run analysis' })).toBeEnabled({ timeout: 45_000 });
  const grid = page.getByRole('grid', { name: /Overlap heatmap of \d+ tools/ });
  await expect(grid.getByRole('rowheader', { name: 'rag_search' })).toBeVisible();
  await expect(grid.getByRole('gridcell', { name: /^rag_search and rag_retrieve_context: similarity/ })).toBeVisible();
  await expect(page.locator('.state-error')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a test case made in the editor is stored in Postgres and listed', async ({ page, request }) => {
  const name = uniqueName('case');
  const errors = watchPageErrors(page);
  await page.goto('/test-cases/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New test case' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Query', { exact: true }).fill('Find passages about vector databases in the knowledge base');
  await page.getByRole('checkbox', { name: /^rag\b/ }).check();
  await page.getByRole('radio', { name: 'rag_search' }).check();
  await page.getByLabel('Check query', { exact: true }).selectOption('$contains');
  await page.getByLabel('Text for query', { exact: true }).fill('vector');
  await page.getByRole('button', { name: 'Create test case' }).click();
  await expect(page).toHaveURL(/\/test-cases$/);
  await expect(page.getByRole('status').filter({ hasText: `Saved “${name}”.` })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  const rows = page.getByTestId('test-case-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('rag_search on rag');
  await expect(rows.first()).toContainText('query contains "vector"');

  const saved = (await getJson<List<{ id: string; name: string; expectedTool: string; expectedParameters: unknown }>>(request, `/api/test-cases?search=${encodeURIComponent(name)}`)).items;
  expect(saved.map((c) => [c.name, c.expectedTool, c.expectedParameters])).toEqual([[name, 'rag_search', { query: { $contains: 'vector' } }]]);
  // Gone again, so the batches launched next run the demo cases only.
  expect((await request.delete(`/api/test-cases/${saved[0]?.id}`)).ok()).toBe(true);
  expect(errors).toEqual([]);
});
