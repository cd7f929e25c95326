import { expect, test, type APIRequestContext } from '@playwright/test';

/*
 * Static tool sets end to end: paste OpenAI functions into the server form, edit a
 * description, snapshot the demo `todo` server from its page, and evaluate copies of the
 * todo test cases against the snapshot with the offline local provider. Unique names;
 * everything created is deleted afterwards (the demo servers are never modified).
 */

type Server = { id: string; name: string; transport: string; status: string; toolCount?: number };
type TestCase = { id: string; name: string; query: string; serverIds: string[]; expectedServer: string | null; expectedTool: string | null; expectedParameters: Record<string, unknown> | null };
type Batch = { id: string; status: string; counts: { total: number; completed: number; failed: number } };

const RUN = Date.now().toString(36);
const name = (what: string) => `e2e-static-${what}-${RUN}`;

const OPENAI_FUNCTIONS = [
  { type: 'function', function: { name: 'get_weather', description: 'Current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } },
  { type: 'function', function: { name: 'get_forecast', description: 'Weather forecast for the next days', parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } } } },
];

async function serverByName(request: APIRequestContext, serverName: string): Promise<Server | undefined> {
  const res = await request.get(`/api/servers?search=${encodeURIComponent(serverName)}&limit=200`);
  return ((await res.json()) as { items: Server[] }).items.find((s) => s.name === serverName);
}

test.afterAll(async ({ request }) => {
  const res = await request.get('/api/servers?limit=200');
  const mine = ((await res.json()) as { items: Server[] }).items.filter((s) => s.name.startsWith('e2e-static-') && s.name.endsWith(RUN));
  for (const s of mine) await request.delete(`/api/servers/${s.id}?force=true`);
});

test('create a static server by pasting OpenAI functions, then edit a description', async ({ page, request }) => {
  const serverName = name('weather');
  await page.goto('/servers/new');
  await page.getByLabel('Name', { exact: true }).first().fill(serverName);
  await page.getByLabel('Static tool set').check();

  await page.getByText('Paste tools').click();
  await page.getByLabel('Tool definitions (JSON)').fill(JSON.stringify(OPENAI_FUNCTIONS));
  await page.getByRole('button', { name: 'Replace the list' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 tools' })).toContainText('OpenAI functions');
  await expect(page.getByRole('group', { name: 'Tool 1: get_weather' })).toBeVisible();

  // Live validation: a schema that is not an object is flagged before saving.
  const forecast = page.getByRole('group', { name: 'Tool 2: get_forecast' });
  const schema = forecast.getByLabel('Input schema (JSON)');
  await schema.fill('{"type": "string"}');
  await expect(forecast).toContainText('input schema must have type "object"');
  await schema.fill(JSON.stringify(OPENAI_FUNCTIONS[1]?.function.parameters));
  await expect(schema).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Register server' }).click();
  await expect(page).toHaveURL(/\/servers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(serverName);
  await expect(page.locator('.srv-title')).toContainText('active');
  await expect(page.getByTestId('tool-get_weather')).toContainText('Current weather for a city');

  // Edit: change one description, keyboard only for the save.
  await page.getByRole('link', { name: 'Edit tools' }).click();
  const weather = page.getByRole('group', { name: 'Tool 1: get_weather' });
  await weather.getByLabel('Description').fill('Current weather conditions for one city');
  // Hints have three states: "false" is a value of its own (MCP assumes destructive when unset).
  const destructive = weather.getByLabel('Destructive');
  await expect(destructive).toHaveValue('unset');
  await destructive.selectOption('false');
  await page.getByRole('button', { name: 'Save changes' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/servers\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('tool-get_weather')).toContainText('Current weather conditions for one city');

  const saved = await serverByName(request, serverName);
  const tools = (await (await request.get(`/api/servers/${saved?.id}/tools`)).json()) as { items: { name: string; description: string }[] };
  expect(tools.items.map((t) => `${t.name}: ${t.description}`)).toEqual(['get_weather: Current weather conditions for one city', 'get_forecast: Weather forecast for the next days']);
  expect((tools.items[0] as { annotations?: unknown }).annotations).toEqual({ destructiveHint: false });

  // The stored false survives another edit of the tool.
  await page.getByRole('link', { name: 'Edit tools' }).click();
  await expect(weather.getByLabel('Destructive')).toHaveValue('false');
  await weather.getByLabel('Description').fill('Current weather for one city');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/servers\/[0-9a-f-]{36}$/);
  const again = (await (await request.get(`/api/servers/${saved?.id}/tools`)).json()) as { items: { annotations?: unknown }[] };
  expect(again.items[0]?.annotations).toEqual({ destructiveHint: false });
});

test('snapshot the demo todo server and run the todo test cases against it with the local provider', async ({ page, request }) => {
  const todo = await serverByName(request, 'todo');
  expect(todo, 'the demo todo server').toBeDefined();
  const snapshotName = name('todo');

  await page.goto(`/servers/${todo?.id}`);
  await page.getByText('Snapshot to static').click();
  await page.getByLabel('Name of the static copy').fill(snapshotName);
  await page.getByRole('button', { name: 'Create snapshot' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(snapshotName, { timeout: 15_000 });
  await expect(page.locator('.srv-summary')).toContainText('Static tool set');

  const snapshot = await serverByName(request, snapshotName);
  const liveTools = (await (await request.get(`/api/servers/${todo?.id}/tools`)).json()) as { items: { name: string }[] };
  expect(snapshot?.toolCount).toBe(liveTools.items.length);
  await expect(page.getByTestId(`tool-${liveTools.items[0]?.name}`)).toBeVisible();

  // Copies of the todo cases, shown the snapshot instead of the live server.
  const cases = (await (await request.get('/api/test-cases?serverName=todo&limit=200')).json()) as { items: TestCase[] };
  expect(cases.items.length).toBeGreaterThan(0);
  const ids: string[] = [];
  for (const c of cases.items.filter((t) => t.serverIds.length === 1)) {
    const res = await request.post('/api/test-cases', {
      data: {
        name: `${c.name} (${snapshotName})`,
        query: c.query,
        serverIds: [snapshot?.id],
        expectedServer: c.expectedServer === 'todo' ? snapshotName : c.expectedServer,
        expectedTool: c.expectedTool,
        expectedParameters: c.expectedParameters,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  expect(ids.length).toBeGreaterThan(0);

  const started = await request.post('/api/batches', { data: { name: snapshotName, testCaseIds: ids, models: [{ provider: 'local', model: 'hybrid' }] } });
  expect(started.status()).toBe(202);
  const batchId = ((await started.json()) as Batch).id;
  await expect
    .poll(async () => ((await (await request.get(`/api/batches/${batchId}`)).json()) as Batch).status, { timeout: 60_000 })
    .toBe('completed');
  const done = (await (await request.get(`/api/batches/${batchId}`)).json()) as Batch;
  expect(done.counts.completed).toBe(ids.length);
  const runs = (await (await request.get(`/api/test-runs?batchId=${batchId}&limit=200`)).json()) as { items: { classification: string | null; selectedServer: string | null }[] };
  expect(runs.items.every((r) => r.classification !== null)).toBe(true);
  expect(runs.items.filter((r) => r.classification === 'TP').length).toBeGreaterThan(0);
  expect(runs.items.filter((r) => r.selectedServer !== null).every((r) => r.selectedServer === snapshotName)).toBe(true);
});
