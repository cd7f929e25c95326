import { expect, test, type APIRequestContext } from '@playwright/test';

type Server = { id: string; name: string; transport: string; status: string; statusDetail: string | null };

async function demoServers(request: APIRequestContext): Promise<Server[]> {
  const res = await request.get('/api/servers');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { items: Server[] }).items;
}

test('a fresh start seeds the demo registry and its servers come up active', async ({ request }) => {
  await expect
    .poll(async () => (await demoServers(request)).map((s) => `${s.name}:${s.status}`).sort(), { timeout: 20_000 })
    .toEqual(['rag:active', 'todo:active', 'valuerank:active']);
  const servers = await demoServers(request);
  expect(servers.find((s) => s.name === 'valuerank')?.transport).toBe('sse');
  const cases = await request.get('/api/test-cases?limit=100');
  const body = (await cases.json()) as { total: number; items: { expectedTool: string | null }[] };
  expect(body.total).toBeGreaterThanOrEqual(20);
  expect(body.items.some((c) => c.expectedTool === null)).toBe(true);
});

test('the demo servers list their tools and the playground calls them', async ({ request }) => {
  const servers = await demoServers(request);
  const counts: Record<string, number> = {};
  for (const s of servers) {
    const res = await request.get(`/api/servers/${s.id}/tools`);
    expect(res.ok()).toBe(true);
    counts[s.name] = ((await res.json()) as { total: number }).total;
  }
  expect(counts).toEqual({ rag: 6, todo: 5, valuerank: 6 });

  const todo = servers.find((s) => s.name === 'todo') as Server;
  const created = await request.post(`/api/servers/${todo.id}/tools/create_todo/call`, { data: { arguments: { title: 'Write the e2e test', priority: 'high' } } });
  expect(created.status()).toBe(200);
  expect(((await created.json()) as { status: string }).status).toBe('success');
  const invalid = await request.post(`/api/servers/${todo.id}/tools/create_todo/call`, { data: { arguments: { priority: 'urgent' } } });
  expect(invalid.status()).toBe(422);
  const history = await request.get(`/api/servers/${todo.id}/executions`);
  const items = ((await history.json()) as { items: { toolName: string; arguments: { title?: string } }[] }).items;
  expect(items).toHaveLength(1);
  expect(items[0]?.arguments.title).toBe('Write the e2e test');
});

test('bad input gets a 4xx with a code, never a 500', async ({ request }) => {
  const malformed = await request.post('/api/servers', { headers: { 'content-type': 'application/json' }, data: Buffer.from('{"name":') });
  expect(malformed.status()).toBe(400);
  expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
  const huge = await request.post('/api/test-cases', { headers: { 'content-type': 'application/json' }, data: JSON.stringify({ query: 'x'.repeat(1_200_000) }) });
  expect(huge.status()).toBe(413);
  const missing = await request.get('/api/test-cases/does-not-exist');
  expect(missing.status()).toBe(404);
});

test('the landing page shows the app is alive and links to the API doc', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('MCP Eval Harness');
  await expect(page.getByTestId('health-status')).toHaveText(/healthy|degraded/);
  await expect(page.getByTestId('server-count')).toHaveText('3');
  await expect(page.getByTestId('server-rag')).toContainText('active');
  await page.screenshot({ path: 'test-results/screenshots/landing.png', fullPage: true });
  await page.getByRole('link', { name: 'REST API' }).click();
  await expect(page).toHaveURL(/\/api-docs$/);
  await expect(page.getByRole('heading', { name: 'MCP servers', exact: true })).toBeVisible();
  await expect(page.getByText('/api/servers/{id}/tools/{name}/call')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/api-docs.png', fullPage: true });
});
