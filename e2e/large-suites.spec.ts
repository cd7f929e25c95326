import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// Large suites (issue 18): tags, sortable columns, page and size in the URL, bulk select with
// run and delete, and the batch chooser's "select all matching". The demo data is shared with
// other specs: every case made here carries this run's tag and is gone at the end.
const TAG = `ls-${Date.now().toString(36)}`;
const OTHER = `${TAG}-b`;
const COUNT = 120;
const SHOTS = 'test-results/screenshots';

type TestCase = { id: string; name: string; tags: string[] };
type List = { items: TestCase[]; total: number };

test.describe.configure({ mode: 'serial' });

async function tagged(request: APIRequestContext, tag = TAG): Promise<List> {
  const res = await request.get(`/api/test-cases?tag=${encodeURIComponent(tag)}&limit=200`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as List;
}

test.beforeAll(async ({ request }) => {
  const servers = (await (await request.get('/api/servers?limit=200')).json()) as { items: { id: string; name: string }[] };
  const rag = servers.items.find((s) => s.name === 'rag');
  expect(rag?.name, 'the demo server rag').toBe('rag');
  for (let i = 0; i < COUNT; i++) {
    const res = await request.post('/api/test-cases', {
      data: {
        name: `${TAG} case ${String(i).padStart(3, '0')}`,
        query: `Find passages about topic ${i}`,
        serverIds: [rag?.id],
        expectedServer: 'rag',
        expectedTool: 'rag_search',
        tags: i % 3 === 0 ? [TAG, OTHER] : [TAG],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
});

test.afterAll(async ({ request }) => {
  const batches = (await (await request.get('/api/batches?limit=50')).json()) as { items: { id: string; status: string }[] };
  for (const b of batches.items) if (b.status === 'pending' || b.status === 'running') await request.post(`/api/batches/${b.id}/cancel`);
  const left = await tagged(request);
  if (left.total > 0) await request.post('/api/test-cases/bulk-delete', { data: { filter: { tag: [TAG] } } });
});

const rowNames = (page: Page) => page.getByTestId('test-case-row').locator('th[scope="row"]').evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent ?? ''));

test('tag chips filter the list and the URL keeps the tags', async ({ page, request }) => {
  // The first page comes with the HTML: rows on arrival, not after hydration and a request.
  const html = await (await request.get(`/test-cases?tag=${OTHER}&sort=name&dir=desc`)).text();
  expect(html).toContain(`${TAG} case 117`);
  expect(html).not.toContain(`${TAG} case 118`);
  await page.goto('/test-cases');
  const chips = page.getByRole('group', { name: 'Filter by tag' });
  await chips.getByRole('button', { name: new RegExp(`^${OTHER} `) }).click();
  await expect(chips.getByRole('button', { name: new RegExp(`^${OTHER} `) })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.getAll('tag')).toEqual([OTHER]);
  await expect(page.getByText(`${COUNT / 3} test cases match`)).toBeVisible();
  // Each row names its tags.
  await expect(page.getByTestId('test-case-row').first().getByRole('list', { name: 'Tags' })).toContainText(OTHER);
  await page.reload();
  await expect(page.getByText(`${COUNT / 3} test cases match`)).toBeVisible();

  // Chips, tags, the selection bar and the page-size control wrap on a phone: no sideways scroll.
  await page.getByRole('checkbox', { name: `Select ${TAG} case 117` }).check();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('group', { name: 'Selected test cases' })).toContainText('1 test case selected');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SHOTS}/dark-large-suites-phone.png`, fullPage: true });
});

test('the editor sets tags, comma-separated, and refuses a bad one on its field', async ({ page, request }) => {
  const target = (await tagged(request, OTHER)).items[0] as TestCase;
  await page.goto(`/test-cases/${target.id}/edit`);
  const tags = page.getByLabel('Tags (optional)');
  await expect(tags).toHaveValue(target.tags.join(', '));
  await tags.fill(`${target.tags.join(', ')}, bad;tag`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(tags).toHaveAttribute('aria-invalid', 'true');
  await tags.fill(`${target.tags.join(', ')}, edited here`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Saved “${target.name}”.`)).toBeVisible();
  // The one-off ?saved= leaves the address, so a reload does not say it again.
  await expect(page).toHaveURL(/\/test-cases$/);
  const saved = (await (await request.get(`/api/test-cases/${target.id}`)).json()) as TestCase;
  expect(saved.tags).toEqual([...target.tags, 'edited here'].sort());
});

test('columns sort both ways with aria-sort; page and page size survive reload and Back', async ({ page }) => {
  await page.goto(`/test-cases?tag=${TAG}`);
  await expect(page.getByText(`${COUNT} test cases match`)).toBeVisible();
  const nameHead = page.getByRole('columnheader', { name: /^Name/ });
  await expect(nameHead).toHaveAttribute('aria-sort', 'none');
  await expect(page.getByRole('columnheader', { name: /^Created/ })).toHaveAttribute('aria-sort', 'descending');
  await nameHead.getByRole('button').click();
  await expect(nameHead).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => rowNames(page).then((n) => n[0])).toBe(`${TAG} case 000`);
  // By keyboard: the sort button is a tab stop; Enter flips the order.
  await nameHead.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(nameHead).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => rowNames(page).then((n) => n[0])).toBe(`${TAG} case 119`);

  await page.getByLabel('Per page').selectOption('50');
  await expect(page.getByTestId('test-case-row')).toHaveCount(50);
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Page 2 of 3 (${COUNT})`)).toBeVisible();
  await expect(page.getByTestId('test-case-row')).toHaveCount(50);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ tag: TAG, sort: 'name', dir: 'desc', size: '50', page: '2' });

  await page.reload();
  await expect(page.getByText(`Page 2 of 3 (${COUNT})`)).toBeVisible();
  await expect.poll(() => rowNames(page).then((n) => n[0])).toBe(`${TAG} case 069`);
  await expect(nameHead).toHaveAttribute('aria-sort', 'descending');
  await page.goBack();
  await expect(page.getByText(`Page 1 of 3 (${COUNT})`)).toBeVisible();
  await expect.poll(() => rowNames(page).then((n) => n[0])).toBe(`${TAG} case 119`);
  await page.screenshot({ path: `${SHOTS}/large-suites-list.png`, fullPage: true });
});

test('the batch chooser pages through thousands and selects all matching without listing them, by keyboard too', async ({ page }) => {
  await page.goto('/runs');
  const picker = page.getByRole('group', { name: 'Test cases' });
  await picker.getByRole('radio', { name: 'Choose test cases' }).check();
  const list = picker.getByRole('list', { name: 'Test cases to run' }).getByRole('listitem');
  const search = picker.getByRole('searchbox', { name: 'Search test cases' });
  await search.fill(`${TAG} case 00`);
  await expect(list).toHaveCount(10);
  await search.fill(TAG);
  // One page of 100 is drawn, the rest on request; the count is the server's.
  await expect(list).toHaveCount(100);
  await expect(picker.getByText(`Showing 100 of ${COUNT}`)).toBeVisible();
  await picker.getByRole('button', { name: `Show ${COUNT - 100} more` }).click();
  await expect(list).toHaveCount(COUNT);

  const selectAll = picker.getByRole('button', { name: `Select all ${COUNT} test cases matching “${TAG}”` });
  await selectAll.focus();
  await page.keyboard.press('Enter');
  await expect(picker.getByRole('status')).toContainText(`All ${COUNT} test cases matching “${TAG}”`);
  await expect(page.getByText(`${COUNT} runs: ${COUNT} test cases × 1 model`)).toBeVisible();

  // A tag narrows the chooser as well.
  await picker.getByRole('button', { name: 'Choose one by one instead' }).click();
  await picker.getByRole('searchbox', { name: 'Search test cases' }).fill('');
  await picker.getByLabel('Tag').selectOption(OTHER);
  await expect(list).toHaveCount(COUNT / 3);
  await picker.getByRole('button', { name: 'Select all shown' }).click();
  await expect(page.getByText(`${COUNT / 3} runs: ${COUNT / 3} test cases × 1 model`)).toBeVisible();
});

test('"Select all N matching", run them (handed to the launch form), then delete them with the count in the confirmation', async ({ page, request }) => {
  await page.goto(`/test-cases?tag=${TAG}&size=25`);
  await expect(page.getByText(`${COUNT} test cases match`)).toBeVisible();
  // Keyboard: Space ticks the page's box.
  await page.getByRole('checkbox', { name: 'Select all test cases on this page' }).focus();
  await page.keyboard.press('Space');
  const bulk = page.getByRole('group', { name: 'Selected test cases' });
  await expect(bulk).toContainText('25 test cases selected');
  await bulk.getByRole('button', { name: `Select all ${COUNT} test cases matching` }).click();
  await expect(bulk).toContainText(`All ${COUNT} test cases matching selected`);
  // Unticking one row falls back to the page's ticks.
  await page.getByRole('checkbox', { name: `Select ${TAG} case 119` }).uncheck();
  await expect(bulk).toContainText('24 test cases selected');
  await page.getByRole('checkbox', { name: `Select ${TAG} case 119` }).check();
  await bulk.getByRole('button', { name: `Select all ${COUNT} test cases matching` }).click();

  await bulk.getByRole('button', { name: 'Run selected…' }).click();
  await expect(page).toHaveURL(/\/runs\?launch=selection/);
  await expect(page.getByRole('status').filter({ hasText: 'Test cases from the list' })).toContainText(`all ${COUNT} test cases matching`);
  await expect(page.getByText(`${COUNT} runs: ${COUNT} test cases × 1 model`)).toBeVisible();
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/batches') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Launch batch' }).click();
  const body = (await posted).postDataJSON() as { filter?: { tag?: string[] }; testCaseIds?: string[] };
  expect(body.filter).toEqual({ tag: [TAG] });
  expect(body.testCaseIds).toBeUndefined();
  await expect(page.getByText(new RegExp(`with ${COUNT} runs`))).toBeVisible();
  const batches = (await (await request.get('/api/batches?limit=5')).json()) as { items: { id: string; counts: { total: number } }[] };
  const started = batches.items[0];
  expect(started?.counts.total).toBe(COUNT);
  await request.post(`/api/batches/${started?.id}/cancel`);
  await expect.poll(async () => ((await (await request.get(`/api/batches/${started?.id}`)).json()) as { status: string }).status).not.toMatch(/pending|running/);

  await page.goto(`/test-cases?tag=${TAG}&size=25`);
  await page.getByRole('checkbox', { name: 'Select all test cases on this page' }).check();
  await page.getByRole('group', { name: 'Selected test cases' }).getByRole('button', { name: `Select all ${COUNT} test cases matching` }).click();
  await page.getByRole('button', { name: 'Delete selected…' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveAccessibleName(`Delete ${COUNT} test cases?`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/large-suites-bulk-delete.png` });
  await dialog.getByRole('button', { name: `Delete ${COUNT} test cases` }).click();
  await expect(page.getByText(`Deleted ${COUNT} test cases.`)).toBeVisible();
  expect((await tagged(request)).total).toBe(0);
});

test('the import report shows failed rows only on request', async ({ page, request }) => {
  await page.goto('/test-cases');
  await page.getByRole('button', { name: 'Import…' }).click();
  const rows = [
    { name: `${TAG} import ok 1`, query: 'q1', servers: ['rag'], tags: [TAG] },
    { name: `${TAG} import bad`, query: 'q2', servers: ['no-such-server'] },
    { name: `${TAG} import ok 2`, query: 'q3', servers: ['rag'], tags: [TAG] },
  ];
  await page.getByLabel('Or paste the contents').fill(JSON.stringify(rows));
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByTestId('import-summary')).toContainText('2 of 3 rows imported');
  const report = page.getByTestId('import-report');
  await expect(report.locator('tbody tr')).toHaveCount(3);
  await report.getByRole('checkbox', { name: 'Failed only (1)' }).check();
  await expect(report.locator('tbody tr')).toHaveCount(1);
  await expect(report.getByTestId('import-row-2')).toContainText('no-such-server');
  expect((await tagged(request)).total).toBe(2);
});
