import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tabTo } from './helpers/a11y';
import { lowContrast } from './helpers/contrast';

/*
 * Issue 18: the batch page's test case x model matrix and the test case page. A local batch
 * with two models (hybrid and lexical, no key needed) at samples = 3 over six demo cases is
 * launched through the API, then everything after it is done in the browser: open the batch
 * from the list, sort the matrix, open a cell's run, go to the case, run it again with one
 * model and see the new run land in its history; the same again by keyboard only. Found by
 * unique names: other specs share the database.
 */

type List<T> = { items: T[]; total: number };
type Matrix = {
  models: { id: string; label: string }[];
  rows: { testCaseId: string; testCaseName: string; cells: ({ runId: string; outcome: string } | null)[] }[];
  total: number;
};
type History = { items: { id: string; batchName: string | null; modelLabel: string; outcome: string }[]; total: number };

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/screenshots/matrix-${name}.png`, fullPage: true });

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const batch = { id: '', name: '' };
let caseIds: string[] = [];

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await expect
    .poll(async () => (await getJson<List<{ status: string }>>(request, '/api/servers')).items.filter((s) => s.status === 'active').length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  caseIds = (await getJson<List<{ id: string }>>(request, '/api/test-cases?limit=6&sort=created&dir=asc')).items.map((c) => c.id);
  expect(caseIds).toHaveLength(6);
  batch.name = `e2e matrix ${Date.now().toString(36)}`;
  const created = await request.post('/api/batches', {
    data: { name: batch.name, testCaseIds: caseIds, samples: 3, models: [{ provider: 'local', model: 'hybrid' }, { provider: 'local', model: 'lexical' }] },
  });
  expect(created.status(), await created.text()).toBe(202);
  batch.id = ((await created.json()) as { id: string }).id;
  await expect.poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${batch.id}`)).status, { timeout: 60_000 }).toBe('completed');
  await request.dispose();
});

const rowNames = (page: Page) => page.getByTestId('matrix-row').locator('th').allInnerTexts();

test('the batch page shows the matrix: sortable, every cell a link to its run, and on to the case page and "Run again"', async ({ page }) => {
  const api = await getJson<Matrix>(page.request, `/api/batches/${batch.id}/matrix?sort=name&dir=desc`);
  expect(api.models.map((m) => m.label)).toEqual(['local/hybrid', 'local/lexical']);
  expect(api.total).toBe(6);

  // From the batch list to the batch's own page.
  await page.goto('/runs');
  await page.getByTestId('batch-row').filter({ hasText: batch.name }).getByRole('link', { name: batch.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/batches/${batch.id}`));
  await expect(page.getByRole('heading', { level: 1, name: batch.name })).toBeVisible();
  const matrix = page.getByTestId('batch-matrix');
  await expect(matrix.getByTestId('matrix-row')).toHaveCount(6);
  await expect(matrix.getByRole('columnheader', { name: /local\/hybrid/ })).toBeVisible();
  await expect(matrix.getByRole('columnheader', { name: /local\/lexical/ })).toBeVisible();
  // Every cell says its verdict in words, not only in colour.
  const cellTexts = await matrix.locator('td.mx-cell').allInnerTexts();
  expect(cellTexts).toHaveLength(12);
  for (const t of cellTexts) expect(t).toMatch(/^(TP|TN|FP|FN) (correct|wrong)|^error|^cancelled|^not finished/);
  await expect(matrix.locator('td.mx-cell').first()).toContainText(/pass\^3 (yes|no)/);
  await shot(page, 'batch-page');

  // Sorting: by name A-Z first, then Z-A (the API's order), then by disagreement (most first).
  const nameHeader = matrix.getByRole('columnheader', { name: /Test case/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await expect.poll(() => rowNames(page)).toEqual(api.rows.map((r) => r.testCaseName));
  const disagreement = matrix.getByRole('columnheader', { name: /Disagreement/ });
  await disagreement.getByRole('button').click();
  await expect(disagreement).toHaveAttribute('aria-sort', 'descending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  const byDisagreement = await getJson<Matrix>(page.request, `/api/batches/${batch.id}/matrix?sort=disagreement`);
  await expect.poll(() => rowNames(page)).toEqual(byDisagreement.rows.map((r) => r.testCaseName));
  // The sorted view survives a reload (it lives in the URL).
  await page.reload();
  await expect(matrix.getByRole('columnheader', { name: /Disagreement/ })).toHaveAttribute('aria-sort', 'descending');
  const lexical = matrix.getByRole('columnheader', { name: /local\/lexical/ });
  await lexical.getByRole('button').click();
  await expect(lexical).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(new RegExp(`sort=model&dir=asc&model=${api.models[1]?.id}`));

  // A cell opens its run; the run page leads to the test case page.
  const firstRow = byDisagreement.rows[0];
  const hybridRun = firstRow?.cells[0]?.runId ?? '';
  await page.goto(`/runs/batches/${batch.id}?sort=disagreement`);
  await matrix.getByTestId('matrix-row').first().locator('td.mx-cell a').first().click();
  await expect(page).toHaveURL(new RegExp(`/runs/${hybridRun}$`));
  await expect(page.getByRole('heading', { level: 1, name: firstRow?.testCaseName })).toBeVisible();
  await page.getByRole('link', { name: 'the test case and its history' }).click();
  await expect(page).toHaveURL(new RegExp(`/test-cases/${firstRow?.testCaseId}$`));
  await expect(page.getByRole('heading', { level: 1, name: firstRow?.testCaseName })).toBeVisible();

  // The history lists this batch's two runs; the timeline has a row per model.
  const before = await getJson<History>(page.request, `/api/test-cases/${firstRow?.testCaseId}/runs`);
  expect(before.items.filter((r) => r.batchName === batch.name).map((r) => r.modelLabel).sort()).toEqual(['local/hybrid', 'local/lexical']);
  await expect(page.getByRole('heading', { level: 2, name: `Runs (${before.total})` })).toBeVisible();
  await expect(page.getByTestId('timeline-model').filter({ hasText: 'local/lexical' })).toBeVisible();
  await shot(page, 'case-page');

  // Run again with one model (lexical): the new run appears at the top of the history, finished.
  const again = page.getByRole('form', { name: 'Run again' });
  await again.getByLabel('Model', { exact: true }).fill('lexical');
  await again.getByRole('button', { name: 'Run again' }).click();
  await expect(again.getByRole('status')).toContainText('Started “Again:');
  await expect(page.getByRole('heading', { level: 2, name: `Runs (${before.total + 1})` })).toBeVisible();
  const newest = page.getByTestId('case-run-row').first();
  await expect(newest).toContainText('local/lexical');
  await expect(newest).toContainText(`Again: ${firstRow?.testCaseName}`);
  await expect(newest).toContainText(/(TP|TN|FP|FN) (correct|wrong)/, { timeout: 30_000 });
});

test("the test-case list shows each case's last verdict per model and links the case to its page", async ({ page }) => {
  const api = await getJson<Matrix>(page.request, `/api/batches/${batch.id}/matrix`);
  const row = api.rows[0];
  const item = (await getJson<List<{ id: string; lastVerdicts: { model: string; modelLabel: string; classification: string; runId: string }[] }>>(page.request, `/api/test-cases?search=${encodeURIComponent(row?.testCaseName ?? '')}`)).items.find((c) => c.id === row?.testCaseId);
  const latest = item?.lastVerdicts ?? [];
  expect(latest.length).toBeGreaterThanOrEqual(2);
  await page.goto(`/test-cases?search=${encodeURIComponent(row?.testCaseName ?? '')}`);
  const tr = page.getByTestId('test-case-row').filter({ has: page.getByRole('link', { name: row?.testCaseName, exact: true }) });
  const cell = tr.getByTestId('last-verdicts');
  for (const v of latest.slice(0, 3)) {
    await expect(cell).toContainText(`${v.model}: ${v.classification}`);
    await expect(cell.getByRole('link', { name: new RegExp(`last run with ${v.modelLabel}: ${v.classification}`) })).toBeVisible();
  }
  await cell.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/runs/${latest[0]?.runId}$`));
  await page.goBack();
  await tr.getByRole('link', { name: row?.testCaseName, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/test-cases/${row?.testCaseId}$`));
});

test('by keyboard only: sort the matrix, open a run from a cell, run a case again', async ({ page }) => {
  await page.goto(`/runs/batches/${batch.id}`);
  const matrix = page.getByTestId('batch-matrix');
  await expect(matrix.getByTestId('matrix-row')).toHaveCount(6);
  const worst = matrix.getByRole('columnheader', { name: /Worst/ });
  await tabTo(page, worst.getByRole('button'));
  await page.keyboard.press('Enter');
  await expect(worst).toHaveAttribute('aria-sort', 'ascending');
  const byWorst = await getJson<Matrix>(page.request, `/api/batches/${batch.id}/matrix?sort=worst`);
  await expect.poll(() => rowNames(page)).toEqual(byWorst.rows.map((r) => r.testCaseName));
  // Find a case by part of its name: the rows narrow to the matches, the text goes into the URL.
  const target = byWorst.rows[0]?.testCaseName ?? '';
  const word = target.split(':')[0] ?? target;
  const matching = byWorst.rows.filter((r) => r.testCaseName.toLowerCase().includes(word.toLowerCase())).length;
  await tabTo(page, page.getByLabel('Find a test case'));
  await page.keyboard.type(word);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word).replace(/%20/g, '(\\+|%20)')}`));
  await expect(matrix.getByTestId('matrix-row')).toHaveCount(matching);
  await expect(page.getByRole('status').filter({ hasText: 'matching' })).toHaveText(`${matching} matching`);
  const cell = matrix.getByTestId('matrix-row').first().locator('td.mx-cell a').last();
  await tabTo(page, cell, 80);
  await page.keyboard.press('Enter');
  const run = byWorst.rows[0]?.cells[1]?.runId ?? '';
  await expect(page).toHaveURL(new RegExp(`/runs/${run}$`));

  const caseId = byWorst.rows[0]?.testCaseId ?? '';
  await page.goto(`/test-cases/${caseId}`);
  const before = await getJson<History>(page.request, `/api/test-cases/${caseId}/runs`);
  const again = page.getByRole('form', { name: 'Run again' });
  const button = again.getByRole('button', { name: 'Run again' });
  await tabTo(page, button, 80);
  await page.keyboard.press('Enter');
  await expect(again.getByRole('status')).toContainText('Started');
  await expect(page.getByRole('heading', { level: 2, name: `Runs (${before.total + 1})` })).toBeVisible();
  await expect(page.getByTestId('case-run-row').first()).toContainText(/(TP|TN|FP|FN) (correct|wrong)/, { timeout: 30_000 });
});

test('no sideways scroll on a phone, dark mode follows the system, 404 for an unknown batch or case', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of [`/runs/batches/${batch.id}`, `/test-cases/${caseIds[0]}`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main table').first()).toBeVisible();
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page, `${path} fits 390px`).toBeLessThanOrEqual(widths.viewport);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // Both colour schemes: the body follows the system, every verdict, number and badge reads at 4.5:1 or more.
  const pages = [
    [`/runs/batches/${batch.id}`, 'batch-page'],
    [`/test-cases/${caseIds[0]}`, 'case-page'],
    ['/test-cases', 'list'],
  ] as const;
  for (const scheme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [path, name] of pages) {
      await page.goto(path);
      await expect(page.locator('main table').first()).toBeVisible();
      await expect(page.locator('.state-loading')).toHaveCount(0);
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bg).toBe(scheme === 'dark' ? 'rgb(18, 19, 24)' : 'rgb(247, 247, 248)');
      expect(await lowContrast(page, 'h1, h2, p, th, td, dt, dd, .mx-verdict, .mx-num, .mx-counts, .tcd-verdict, .tcd-dot, .tc-verdict strong, .tc-verdict-model, .badge, .btn'), `${path} (${scheme})`).toEqual([]);
      await shot(page, `${name}-${scheme}`);
    }
  }
  await page.goto('/runs/batches/no-such-batch');
  // (Next's route announcer is an empty alert region too.)
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load' })).toContainText("Batch 'no-such-batch' not found");
  await page.goto('/test-cases/no-such-case');
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load' })).toContainText("Test case 'no-such-case' not found");
});
