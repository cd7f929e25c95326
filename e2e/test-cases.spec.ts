import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

// The demo data (servers rag, todo, valuerank and 31 test cases) is shared with the other specs:
// every case made here carries this run's tag and is deleted at the end; nothing else is touched.
const TAG = `e2e-tc-${Date.now().toString(36)}`;
const SHOTS = 'test-results/screenshots';

type TestCase = { id: string; name: string; expectedServer: string | null; expectedTool: string | null; expectedParameters: unknown };

test.describe.configure({ mode: 'serial' });

async function findCases(request: APIRequestContext, search: string): Promise<TestCase[]> {
  const res = await request.get(`/api/test-cases?search=${encodeURIComponent(search)}&limit=200`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: TestCase[] }).items;
}

async function searchList(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  // The debounced search lands in the URL once it is applied.
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

test.afterAll(async ({ request }) => {
  for (const tc of await findCases(request, TAG)) await request.delete(`/api/test-cases/${tc.id}`);
});

test('author a test case with the live tool picker and the schema-aware argument editor', async ({ page, request }) => {
  const name = `${TAG} picker`;
  await page.goto('/test-cases/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New test case' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Query', { exact: true }).fill('Find passages about vector databases in the knowledge base');
  await expect(page.getByText('58 / 8,000 characters', { exact: false })).toBeVisible();
  await page.getByRole('checkbox', { name: /^rag\b/ }).check();

  // The expected server defaults to the one ticked; its live tools come with their descriptions as text.
  await expect(page.getByLabel('Expected server')).toHaveValue(/.+/);
  const search = page.getByRole('radio', { name: 'rag_search' });
  await expect(search).toBeVisible();
  await expect(page.getByText('Search the knowledge base for passages relevant to a query.', { exact: false })).toBeVisible();
  await search.check();

  // One row per schema property: query is required, topK an integer.
  const queryRow = page.getByTestId('argument-query');
  await expect(queryRow).toContainText('required');
  await expect(queryRow).toContainText('What to look for');
  await page.getByLabel('Check query', { exact: true }).selectOption('$contains');
  await page.getByLabel('Text for query', { exact: true }).fill('vector');
  await page.getByLabel('Check topK', { exact: true }).selectOption('exact');
  await page.getByLabel('Value for topK', { exact: true }).fill('3.5');
  await expect(page.getByTestId('argument-topK')).toContainText('not a whole number');
  await page.getByLabel('Value for topK', { exact: true }).fill('3');
  await expect(page.getByTestId('argument-topK').locator('.field-error')).toHaveCount(0);

  const json = page.getByLabel('Expected arguments as JSON');
  await expect(json).toHaveValue(JSON.stringify({ query: { $contains: 'vector' }, topK: 3 }, null, 2));
  await page.screenshot({ path: `${SHOTS}/test-cases-editor.png`, fullPage: true });

  await page.getByRole('button', { name: 'Create test case' }).click();
  await expect(page).toHaveURL(/\/test-cases$/);
  await expect(page.getByRole('status').filter({ hasText: `Saved “${name}”.` })).toBeVisible();

  await searchList(page, name);
  const rows = page.getByTestId('test-case-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('rag_search on rag');
  await expect(rows.first()).toContainText('query contains "vector"');
  await expect(rows.first()).toContainText('topK = 3');
  await page.screenshot({ path: `${SHOTS}/test-cases-list.png`, fullPage: true });

  const [saved] = await findCases(request, name);
  expect(saved?.expectedServer).toBe('rag');
  expect(saved?.expectedTool).toBe('rag_search');
  expect(saved?.expectedParameters).toEqual({ query: { $contains: 'vector' }, topK: 3 });
});

test('a negative case expects no tool; missing fields are reported before anything is sent', async ({ page, request }) => {
  const name = `${TAG} negative`;
  await page.goto('/test-cases/new');
  await page.getByRole('button', { name: 'Create test case' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Fix these before saving' });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Name: Give the test case a name.');
  await expect(summary).toContainText('Servers: Tick at least one server.');

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Query', { exact: true }).fill('What is the capital of France?');
  await page.getByRole('checkbox', { name: /^todo\b/ }).check();
  await page.getByLabel('Negative case (the model should call no tool)').check();
  // No tool to pick (the mode switch's radios stay).
  await expect(page.getByRole('group', { name: 'Expected tool' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Create test case' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved “${name}”.` })).toBeVisible();

  await searchList(page, name);
  await expect(page.getByTestId('test-case-row')).toHaveCount(1);
  await expect(page.getByTestId('test-case-row').first()).toContainText('no tool (negative)');
  const [saved] = await findCases(request, name);
  expect([saved?.expectedServer, saved?.expectedTool, saved?.expectedParameters]).toEqual([null, null, null]);
});

test('edit a test case: the raw JSON and the rows stay in sync, a bad regex is caught locally', async ({ page, request }) => {
  await page.goto(`/test-cases?search=${encodeURIComponent(`${TAG} picker`)}`);
  await expect(page.getByTestId('test-case-row')).toHaveCount(1);
  await page.getByRole('link', { name: `Edit ${TAG} picker` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit test case' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'rag_search' })).toBeChecked();
  await expect(page.getByLabel('Text for query', { exact: true })).toHaveValue('vector');
  await expect(page.getByLabel('Value for topK', { exact: true })).toHaveValue('3');

  // JSON -> rows
  const json = page.getByLabel('Expected arguments as JSON');
  await json.fill('{"query": {"$regex": "vector|embedding"}, "topK": 5, "minScore": {"$approx": 0.5, "$tolerance": 0.1}}');
  await expect(page.getByLabel('Check query', { exact: true })).toHaveValue('$regex');
  await expect(page.getByLabel('Pattern for query', { exact: true })).toHaveValue('vector|embedding');
  await expect(page.getByLabel('Value for topK', { exact: true })).toHaveValue('5');
  await expect(page.getByLabel('Tolerance for minScore', { exact: true })).toHaveValue('0.1');
  await page.screenshot({ path: `${SHOTS}/test-cases-edit.png`, fullPage: true });
  await json.fill('{"query": {"$regx": "x"}}');
  await expect(page.getByText('unknown matcher $regx')).toBeVisible();
  await json.fill('{"query": {"$regex": "vector|embedding"}, "topK": 5}');

  // rows -> JSON, with local validation of the pattern
  await page.getByLabel('Pattern for query', { exact: true }).fill('vector(');
  await expect(page.getByTestId('argument-query')).toContainText('Not a valid regular expression');
  await page.getByLabel('Pattern for query', { exact: true }).fill('vector(s)?');
  await expect(json).toHaveValue(JSON.stringify({ query: { $regex: 'vector(s)?' }, topK: 5 }, null, 2));

  await page.getByLabel('Name', { exact: true }).fill(`${TAG} picker edited`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved “${TAG} picker edited”.` })).toBeVisible();
  const [saved] = await findCases(request, `${TAG} picker edited`);
  expect(saved?.expectedParameters).toEqual({ query: { $regex: 'vector(s)?' }, topK: 5 });
});

test('API validation errors land on their fields, and a down server falls back to a typed tool name', async ({ page }) => {
  await page.route('**/api/servers/*/tools', (route) =>
    route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: { code: 'upstream_error', message: 'connect ECONNREFUSED 127.0.0.1:9' } }) }),
  );
  await page.route('**/api/test-cases', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'validation_error', message: 'Request body is invalid: expectedParameters.limit: too big', details: [{ path: 'expectedParameters.limit', message: 'too big' }, { path: 'name', message: 'name is taken' }] },
          }),
        })
      : route.fallback(),
  );
  await page.goto('/test-cases/new');
  await page.getByLabel('Name', { exact: true }).fill(`${TAG} never saved`);
  await page.getByLabel('Query', { exact: true }).fill('List my open todos');
  await page.getByRole('checkbox', { name: /^todo\b/ }).check();
  await expect(page.getByText('Could not list the tools of todo.')).toBeVisible();
  await expect(page.getByText('ECONNREFUSED')).toBeVisible();
  await page.getByLabel('Tool name', { exact: true }).fill('list_todos');
  await page.getByLabel('Expected arguments as JSON').fill('{"limit": 1000}');
  await page.getByRole('button', { name: 'Create test case' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'The test case was not saved' });
  await expect(summary).toBeFocused();
  await expect(page.getByText('name is taken')).toBeVisible();
  await expect(page.getByText('too big', { exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/test-cases-server-down.png`, fullPage: true });
});

test('import a CSV with one good and one bad row and read the per-row report', async ({ page, request }) => {
  const good = `${TAG} imported`;
  const csv = [
    'name,query,servers,expectedServer,expectedTool,expectedParameters',
    `${good},Add a todo to buy milk,todo,todo,create_todo,"{""title"":{""$contains"":""milk""}}"`,
    `${TAG} bad import,Anything,no-such-server,,,`,
  ].join('\n');
  await page.goto('/test-cases');
  await page.getByRole('button', { name: 'Import…' }).click();
  await page.getByLabel('Upload a file', { exact: true }).setInputFiles({ name: 'cases.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByLabel('Format', { exact: true })).toHaveValue('csv');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByTestId('import-summary')).toContainText('1 of 2 rows imported from CSV, 1 failed.');
  await expect(page.getByTestId('import-row-1')).toContainText('created');
  await expect(page.getByTestId('import-row-1').getByRole('link', { name: good })).toBeVisible();
  await expect(page.getByTestId('import-row-2')).toContainText('failed');
  await expect(page.getByTestId('import-row-2')).toContainText('no-such-server');
  await page.screenshot({ path: `${SHOTS}/test-cases-import.png`, fullPage: true });
  const [imported] = await findCases(request, good);
  expect(imported?.expectedParameters).toEqual({ title: { $contains: 'milk' } });
  expect(await findCases(request, `${TAG} bad import`)).toHaveLength(0);
});

test('export the filtered list as a CSV download', async ({ page }) => {
  await page.goto('/test-cases');
  await expect(page.getByTestId('test-case-row')).toHaveCount(25);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Page 1 of 2');
  await page.screenshot({ path: `${SHOTS}/test-cases-list-all.png` });
  await searchList(page, TAG);
  await expect(page.getByTestId('test-case-row')).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('test-cases.csv');
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(path, 'utf8');
  const lines = text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('name,query,servers,expectedServer,expectedTool,expectedParameters,argumentMatching,tags');
  expect(lines).toHaveLength(4);
  expect(text).toContain(`${TAG} picker edited`);
  expect(text).not.toContain('Search the knowledge base');
});

test('delete asks first, and removes only the chosen case', async ({ page, request }) => {
  await page.goto(`/test-cases?search=${encodeURIComponent(`${TAG} negative`)}`);
  await expect(page.getByTestId('test-case-row')).toHaveCount(1);
  await page.getByRole('button', { name: `Delete ${TAG} negative` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete “${TAG} negative”?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/test-cases-delete.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: `Delete ${TAG} negative` }).click();
  await dialog.getByRole('button', { name: 'Delete test case' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Deleted “${TAG} negative”.` })).toBeFocused();
  await expect(page.getByText('No test case matches these filters.')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/test-cases-empty.png` });
  expect(await findCases(request, `${TAG} negative`)).toHaveLength(0);
  expect(await findCases(request, TAG)).toHaveLength(2);
});
