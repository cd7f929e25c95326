import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectFocusRings, expectNamedControls, expectPageStructure, focusIsInside, openPage, tabTo } from './helpers/a11y';

/*
 * Every page walked as a keyboard and screen-reader user would: names, headings, landmarks
 * and focus rings on each page, then the flows (skip link, main nav, dialogs, writing a test
 * case, live regions, charts and heatmaps) with the keyboard only. Runs first on the fresh
 * e2e database; what it makes is named "a11y …", and the test case it writes is deleted.
 * Not serial: one failing page should not hide what the others would report.
 */

type List<T> = { items: T[]; total: number };
type Summary = { byTool: { tool: string }[]; confidence: { robust: number; misleading: number }; confusionMatrix: { labels: string[]; cells: { count: number }[] } };

const ids = { server: '', todoServer: '', testCase: '', batch: '', run: '', experiment: '', sequenceCase: '', sequenceBatch: '', sequenceRun: '' };

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  // The demo servers come up in the background on a fresh start.
  await expect
    .poll(async () => (await getJson<List<{ status: string }>>(request, '/api/servers')).items.filter((s) => s.status === 'active').length, { timeout: 30_000 })
    .toBe(3);
  const servers = await getJson<List<{ id: string; name: string }>>(request, '/api/servers');
  ids.server = servers.items.find((s) => s.name === 'rag')?.id ?? '';
  ids.todoServer = servers.items.find((s) => s.name === 'todo')?.id ?? '';
  ids.testCase = (await getJson<List<{ id: string }>>(request, '/api/test-cases?limit=1')).items[0]?.id ?? '';
  // A finished batch, so the runs, run detail and metrics pages have their tables and charts.
  const created = await request.post('/api/batches', { data: { name: 'a11y walk', models: [{ provider: 'local', model: 'lexical' }] } });
  expect(created.status()).toBe(202);
  ids.batch = ((await created.json()) as { id: string }).id;
  await expect.poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${ids.batch}`)).status, { timeout: 45_000 }).toBe('completed');
  ids.run = (await getJson<List<{ id: string }>>(request, `/api/test-runs?batchId=${ids.batch}&limit=1`)).items[0]?.id ?? '';
  // A finished experiment, so its page has variants side by side to walk.
  const experiment = await request.post('/api/experiments', {
    data: {
      name: 'a11y experiment',
      models: [{ provider: 'local', model: 'lexical' }],
      variants: [{ name: 'rewrite', changes: [{ server: 'todo', tool: 'create_todo', description: 'Create a new todo item with a title and an optional due date' }] }],
    },
  });
  expect(experiment.status(), await experiment.text()).toBe(202);
  ids.experiment = ((await experiment.json()) as { id: string }).id;
  await expect.poll(async () => (await getJson<{ status: string }>(request, `/api/experiments/${ids.experiment}`)).status, { timeout: 45_000 }).toBe('completed');
  // A sequence case with every field the editor shows, and a (local, single-step) run of it for the timeline.
  const sequence = await request.post('/api/test-cases', {
    data: {
      // Unique per run of the hook: a failed test restarts the worker, which runs this hook again
      // on the same data, and a second case of the same name is a 409.
      name: `a11y sequence case ${Date.now().toString(36)}`,
      query: 'Find the SSL todo and mark it done',
      serverIds: [ids.todoServer],
      mode: 'sequence',
      maxSteps: 4,
      context: [
        { role: 'user', content: 'What is on my list?' },
        { role: 'assistant', toolCalls: [{ id: 'c1', server: 'todo', tool: 'list_todos', arguments: {} }] },
        { role: 'tool', callId: 'c1', content: '{"todos": []}' },
      ],
      expectedCalls: [
        { server: 'todo', tool: 'search_todos', arguments: { query: { $contains: 'ssl' } } },
        { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.todos[0].id' } }, completed: true } },
      ],
      forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }],
      execute: { allow: [{ server: 'todo', tool: 'search_todos' }] },
      mockResults: [{ server: 'todo', tool: 'update_todo', match: { completed: true }, result: { text: '{"ok": true}' } }],
    },
  });
  expect(sequence.status(), await sequence.text()).toBe(201);
  ids.sequenceCase = ((await sequence.json()) as { id: string }).id;
  const sequenceBatch = await request.post('/api/batches', { data: { name: 'a11y sequence', testCaseIds: [ids.sequenceCase], models: [{ provider: 'local', model: 'lexical' }] } });
  expect(sequenceBatch.status()).toBe(202);
  ids.sequenceBatch = ((await sequenceBatch.json()) as { id: string }).id;
  await expect.poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${ids.sequenceBatch}`)).status, { timeout: 45_000 }).toBe('completed');
  ids.sequenceRun = (await getJson<List<{ id: string }>>(request, `/api/test-runs?batchId=${ids.sequenceBatch}&limit=1`)).items[0]?.id ?? '';
  await request.dispose();
});

const PAGES: { name: string; path: () => string }[] = [
  { name: 'overview', path: () => '/' },
  { name: 'servers', path: () => '/servers' },
  { name: 'register a server', path: () => '/servers/new' },
  { name: 'import servers', path: () => '/servers/import' },
  { name: 'server detail and playground', path: () => `/servers/${ids.server}` },
  { name: 'edit a server', path: () => `/servers/${ids.server}/edit` },
  { name: 'test cases', path: () => '/test-cases' },
  { name: 'new test case', path: () => '/test-cases/new' },
  { name: 'edit a test case', path: () => `/test-cases/${ids.testCase}/edit` },
  { name: 'test case page with history and run again', path: () => `/test-cases/${ids.testCase}` },
  { name: 'runs', path: () => '/runs' },
  { name: 'run detail', path: () => `/runs/${ids.run}` },
  { name: 'batch page and its matrix', path: () => `/runs/batches/${ids.batch}` },
  { name: 'metrics', path: () => `/metrics?batchId=${ids.batch}` },
  { name: 'metrics with the trend by batch, flaky cases and the comparison', path: () => '/metrics?trend=batch' },
  { name: 'similarity', path: () => '/similarity' },
  { name: 'experiments', path: () => '/experiments' },
  { name: 'new experiment', path: () => '/experiments/new' },
  { name: 'experiment detail', path: () => `/experiments/${ids.experiment}` },
  { name: 'settings', path: () => '/settings' },
  { name: 'API docs', path: () => '/api-docs' },
  { name: 'test cases sorted by name, 50 a page, with a selection bar', path: () => '/test-cases?sort=name&size=50' },
  { name: 'edit a sequence test case (calls, $fromResult, execution, mocks, context)', path: () => `/test-cases/${ids.sequenceCase}/edit` },
  { name: 'sequence run with its trajectory timeline', path: () => `/runs/${ids.sequenceRun}` },
  { name: 'metrics with the per-call figures of sequence runs', path: () => `/metrics?batchId=${ids.sequenceBatch}` },
];

for (const p of PAGES) {
  test(`${p.name}: one h1 and landmarks, every control named, a visible focus ring at every tab stop`, async ({ page }) => {
    await openPage(page, p.path());
    await expectPageStructure(page);
    await expectNamedControls(page);
    const stops = await expectFocusRings(page);
    // The skip link and the eight links of the main navigation at least.
    expect(stops).toBeGreaterThan(9);
  });
}

test('the skip link is the first tab stop, shows when focused and moves focus into main', async ({ page }) => {
  await openPage(page, '/test-cases');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const box = await skip.boundingBox();
  expect(box && box.x >= 0 && box.y >= 0 && box.width > 1, 'the focused skip link is on screen').toBe(true);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await focusIsInside(page.getByRole('main'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Import…' })).toBeFocused();
});

test('the main navigation is reached by Tab, followed with Enter, and marks the current page', async ({ page }) => {
  await openPage(page, '/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('link', { name: 'Servers' }), 5);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/servers$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('MCP servers');
  await expect(nav.getByRole('link', { name: 'Servers' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
});

for (const flow of [
  { page: '/test-cases', opener: /^Delete /, title: /^Delete “.+”\?$/ },
  { page: '/servers', opener: /^Delete (rag|todo|valuerank)$/, title: /^Delete (rag|todo|valuerank)\?$/ },
]) {
  test(`a confirmation dialog on ${flow.page} opens from the keyboard, keeps Tab inside, closes on Escape and gives focus back`, async ({ page }) => {
    await openPage(page, flow.page);
    const opener = page.getByRole('button', { name: flow.opener }).first();
    await tabTo(page, opener, 40);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName(flow.title);
    await expect(dialog.getByRole('button', { name: 'Cancel' }), 'focus starts on the safe choice').toBeFocused();
    await expectNamedControls(dialog);
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      // The page behind is inert: focus is in the dialog (or, between laps, in the browser's own UI).
      const where = await page.evaluate(() => (document.activeElement === document.body ? 'browser' : document.activeElement?.closest('dialog') ? 'dialog' : 'page'));
      expect(where, `after ${key}`).not.toBe('page');
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener, 'focus is back on the button that opened the dialog').toBeFocused();
  });
}

test('after a delete or a revoke from the keyboard, focus lands on the message saying what happened', async ({ page, request, baseURL }) => {
  // A server of its own (the demo servers stay for the other specs), reachable so registering succeeds.
  const serverName = `a11y-delete-${Date.now().toString(36)}`;
  const res = await request.post('/api/servers', { data: { name: serverName, transport: 'streamable-http', url: `${baseURL}/demo/todo/mcp?a11y=${serverName}` } });
  expect(res.status(), await res.text()).toBe(201);
  await openPage(page, '/servers');
  await tabTo(page, page.getByRole('button', { name: `Delete ${serverName}` }), 60);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Delete server' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Deleted ${serverName}.` })).toBeFocused();

  // A key made and revoked with the keyboard: the form submits on Enter, the Revoke button goes with the key.
  const keyName = `a11y-key-${Date.now().toString(36)}`;
  await openPage(page, '/settings');
  await tabTo(page, page.getByLabel('Key name'), 30);
  await page.keyboard.type(keyName);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId(`key-row-${keyName}`)).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: `Revoke ${keyName}` }), 60);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Revoke key' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `Revoked “${keyName}”` })).toBeFocused();
});

test('a test case is written and saved with the keyboard alone', async ({ page, request }) => {
  const name = `a11y keyboard ${Date.now().toString(36)}`;
  await openPage(page, '/test-cases/new');
  await tabTo(page, page.getByLabel('Name', { exact: true }), 20);
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Query')).toBeFocused();
  await page.keyboard.type('Add a todo to buy oat milk tomorrow');

  const todo = page.getByRole('checkbox', { name: /^todo / });
  await tabTo(page, todo, 6);
  await page.keyboard.press('Space');
  await expect(todo).toBeChecked();

  const serverSelect = page.getByLabel('Expected server');
  await tabTo(page, serverSelect, 6);
  // Arrow keys change a closed select: from "Choose a server…" to todo, or nothing if todo is already chosen.
  await page.keyboard.press('ArrowDown');
  await expect(serverSelect).toHaveValue(ids.todoServer);

  // The tools are one radio group: Tab enters it, arrow keys move, Space picks.
  const tools = page.getByRole('group', { name: 'Expected tool' }).getByRole('radio');
  await tabTo(page, tools.first(), 6);
  for (let i = 0; i < 10 && !(await page.getByRole('radio', { name: 'create_todo' }).evaluate((e) => e === document.activeElement)); i++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: 'create_todo' })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Expected arguments of create_todo' })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Create test case' }), 60);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/test-cases(\?|$)/);
  // The outcome is a status message, and focus is on it rather than lost with the form.
  await expect(page.getByRole('status').filter({ hasText: `Saved “${name}”.` })).toBeFocused();

  const saved = await getJson<List<{ id: string; name: string; expectedTool: string | null }>>(request, `/api/test-cases?search=${encodeURIComponent(name)}`);
  expect(saved.items.map((c) => [c.name, c.expectedTool])).toEqual([[name, 'create_todo']]);
  for (const c of saved.items) expect((await request.delete(`/api/test-cases/${c.id}`)).ok()).toBe(true);
});

test('async outcomes are announced by live regions that wait in the page: batch start, progress, copy', async ({ page, context }) => {
  const name = `a11y live ${Date.now().toString(36)}`;
  await openPage(page, '/runs');
  const form = page.getByRole('form', { name: 'Launch a batch' });
  const started = form.getByRole('status');
  await expect(started, 'the launch status region is there before anything is launched').toHaveText('');
  await page.getByLabel('Batch name (optional)').fill(name);
  await page.getByRole('button', { name: 'Launch batch' }).focus();
  await page.keyboard.press('Enter');
  await expect(started).toHaveText(new RegExp(`^Started “${name}” with \\d+ runs`));

  const card = page.getByTestId('batch-live').filter({ hasText: name });
  const bar = card.getByRole('progressbar', { name: `Progress of ${name}` });
  await expect(bar).toHaveAttribute('aria-valuetext', /^\d+ of \d+ finished/);
  await expect(card.getByRole('status').filter({ hasText: `${name} completed:` })).toHaveText(/completed: (\d+) of \1 finished/, { timeout: 30_000 });

  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPage(page, '/settings');
  const copy = page.getByRole('button', { name: /^Copy the .+ configuration$/ });
  const copied = page.locator('.copy').filter({ has: copy }).getByRole('status');
  await expect(copied, 'the copy status region is there before the click').toHaveText('');
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(copied).toHaveText(/Copied to the clipboard\.|Could not copy/);
});

test('charts carry their numbers as text, and the confusion matrix is a table reached by Tab', async ({ page, request }) => {
  const summary = await getJson<Summary>(request, `/api/metrics/summary?batchId=${ids.batch}`);
  await openPage(page, `/metrics?batchId=${ids.batch}`);
  for (const id of ['chart-tools', 'chart-confidence', 'chart-models', 'chart-trend']) {
    const figure = page.getByTestId(id);
    await expect(figure.locator('figcaption'), `${id} says its numbers in words`).toHaveText(/\d/);
    // Recharts makes the SVG a tab stop ("application"); a stop with no name tells a screen reader nothing.
    await expect(figure.locator('svg[tabindex]')).not.toHaveCount(0);
    for (const svg of await figure.locator('svg[tabindex]').all()) await expect(svg).toHaveAccessibleName(/\S/);
  }
  await expect(page.getByTestId('chart-confidence').locator('figcaption')).toContainText(`Robust ${summary.confidence.robust}, Misleading ${summary.confidence.misleading}`);

  // The numbers behind a chart open from the keyboard.
  const toggle = page.getByTestId('chart-tools').locator('summary');
  await tabTo(page, toggle, 60);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('tool-table').locator('tbody tr')).toHaveCount(summary.byTool.length);

  // The heatmap is a real table in a focusable scroll region: each count has its row and column header.
  await openPage(page, `/metrics?batchId=${ids.batch}`);
  const region = page.getByRole('region', { name: 'Confusion matrix (scrollable)' });
  await tabTo(page, region, 40);
  const matrix = region.getByRole('table');
  const n = summary.confusionMatrix.labels.length;
  await expect(matrix.getByRole('rowheader')).toHaveCount(n);
  await expect(matrix.getByRole('columnheader')).toHaveCount(n + 1);
  await expect(matrix.getByTestId('confusion-cell')).toHaveCount(summary.confusionMatrix.cells.filter((c) => c.count > 0).length);
  // Each cell reads its count; a mistake between two tools then says how alike their descriptions are
  // (once the scores have loaded: until then the title says so and the cell reads its count alone).
  await expect(matrix.locator('[data-testid="confusion-cell"][title$="similarity loading…"]')).toHaveCount(0, { timeout: 20_000 });
  for (const cell of await matrix.getByTestId('confusion-cell').all()) {
    const similarity = await cell.getAttribute('data-similarity');
    await expect(cell).toHaveText(similarity === null ? /^\d+$/ : new RegExp(`^\\d+, similarity ${similarity.replace('/', '\\/')}$`));
  }
});

test('the similarity heatmap is read with the keyboard: one tab stop, arrow keys, cells named by their pair and described by its scores', async ({ page }) => {
  await openPage(page, '/similarity');
  await page.getByRole('radio', { name: /Paste or upload JSON/ }).check();
  const tools = [
    { server: 'docs', name: 'search_docs', description: 'Search the documentation pages by keyword and return matching pages' },
    { server: 'docs', name: 'find_pages', description: 'Find documentation pages that match a keyword and return them' },
    { server: 'cal', name: 'delete_event', description: 'Delete a calendar event by its id' },
  ];
  await page.getByLabel('Tools as JSON').fill(JSON.stringify(tools));
  await page.getByLabel('Method').selectOption('description_overlap');
  await page.getByRole('button', { name: 'Run analysis' }).focus();
  await page.keyboard.press('Enter');

  const grid = page.getByRole('grid', { name: /^Overlap heatmap of 3 tools/ });
  await expect(grid).toBeVisible({ timeout: 45_000 });
  await expectNamedControls(page.locator('.sim-results'));
  const stop = grid.locator('[role="gridcell"][tabindex="0"]');
  await expect(stop, 'the grid is one tab stop').toHaveCount(1);
  await tabTo(page, stop, 20);
  await expect(stop).toHaveAccessibleName(/^search_docs and find_pages: similarity \d\.\d\d/);

  const detail = page.getByTestId('sim-heatmap-detail');
  // Said once: the pair is the focused cell's name, the scores its description; the panel is not also a live region.
  await expect(page.locator('.sim-results [aria-live]').filter({ has: detail })).toHaveCount(0);
  await expect(detail).not.toHaveAttribute('aria-live', /.+/);
  // What a screen reader reads as focus lands on the next cell: its description must already be the new pair's scores.
  await grid.evaluate((g) =>
    g.addEventListener('focusin', (e) => {
      const id = (e.target as HTMLElement).getAttribute('aria-describedby');
      g.dataset.heard = id ? (document.getElementById(id)?.textContent ?? '') : '';
    }),
  );
  const before = await detail.locator('dt:text-is("Overlap") + dd').textContent();
  await page.keyboard.press('ArrowRight');
  await expect(stop).toBeFocused();
  await expect(stop).toHaveAccessibleName(/^search_docs and delete_event: similarity \d\.\d\d/);
  await expect(detail).toContainText('delete_event');
  for (const dim of ['Overlap', 'Parameters', 'Description']) await expect(detail).toContainText(dim);
  const overlap = await detail.locator('dt:text-is("Overlap") + dd').textContent();
  expect(overlap, 'the two pairs score differently, so a stale description would show').not.toBe(before);
  expect(await grid.getAttribute('data-heard')).toMatch(new RegExp(`^Overlap${overlap?.replace('.', '\\.')}Semantic`));
  await expect(stop).toHaveAccessibleDescription(/^Overlap \d\.\d\d .*Parameters .*Description/);

  // Every cell says its pair and score (or that it is the tool itself); a flagged pair says so too.
  for (const cell of await grid.getByRole('gridcell').all()) await expect(cell).toHaveAccessibleName(/: similarity \d\.\d\d|\(itself\)$/);
  for (const cell of await grid.locator('[role="gridcell"].is-flagged').all()) await expect(cell).toHaveAccessibleName(/, flagged$/);
  // The same scores as a sortable table, for anyone who would rather read rows.
  await page.getByRole('checkbox', { name: 'Show unflagged pairs too' }).check();
  await expect(page.getByTestId('sim-pairs-table').locator('tbody tr')).toHaveCount(3);
});

test('test case list: sort, tick and bulk-delete confirmation by keyboard alone; the count is in the dialog and nothing is deleted on Escape', async ({ page, request }) => {
  const before = (await getJson<List<{ id: string }>>(request, '/api/test-cases?limit=1')).total;
  await openPage(page, '/test-cases');
  const nameHead = page.getByRole('columnheader', { name: /^Name/ });
  await tabTo(page, nameHead.getByRole('button'), 40);
  await page.keyboard.press('Enter');
  await expect(nameHead).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name/);
  // The page's tick box heads the column before Name: one step back.
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('checkbox', { name: 'Select all test cases on this page' })).toBeFocused();
  await page.keyboard.press('Space');
  const bulk = page.getByRole('group', { name: 'Selected test cases' });
  await expect(bulk).toContainText(/^\d+ test cases selected/);
  const ticked = Number((await bulk.locator('.tc-bulk-count').textContent())?.match(/^(\d+)/)?.[1]);
  const remove = bulk.getByRole('button', { name: 'Delete selected…' });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveAccessibleName(`Delete ${ticked} test cases?`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNamedControls(dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  expect((await getJson<List<{ id: string }>>(request, '/api/test-cases?limit=1')).total).toBe(before);
});
