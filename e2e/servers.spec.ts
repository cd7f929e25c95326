import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startEverything } from '../tests/helpers/everything';

/*
 * The Servers pages, end to end against the production build. The database is shared with
 * the other specs: everything here uses unique names, never touches the demo servers'
 * tools, and deletes what it created.
 */

type Server = { id: string; name: string; status: string; auth: { type: string; configured: boolean } };

const RUN = Date.now().toString(36);
const name = (what: string) => `e2e-srv-${what}-${RUN}`;
const SHOTS = 'test-results/screenshots';

async function registerViaApi(request: APIRequestContext, body: Record<string, unknown>): Promise<Server> {
  const res = await request.post('/api/servers', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Server;
}

async function serverByName(request: APIRequestContext, serverName: string): Promise<Server | undefined> {
  const res = await request.get(`/api/servers?search=${encodeURIComponent(serverName)}&limit=200`);
  return ((await res.json()) as { items: Server[] }).items.find((s) => s.name === serverName);
}

/** Fails the test if any page script ran from tool metadata: no dialog, no window.__xss. */
function watchForScripts(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return seen;
}

let everything: Awaited<ReturnType<typeof startEverything>> | undefined;
let everythingUrl = '';
const created = new Set<string>();

test.beforeAll(async () => {
  // The real npm reference server, started the same way the integration tests start it.
  everything = await startEverything('streamableHttp');
  everythingUrl = everything.url;
});

test.afterAll(async ({ request }) => {
  await everything?.close();
  // Leave the shared database as the next spec expects it: only the demo servers.
  const res = await request.get('/api/servers?limit=200');
  const mine = ((await res.json()) as { items: Server[] }).items.filter((s) => s.name.startsWith('e2e-srv-') && s.name.endsWith(RUN));
  for (const s of mine) await request.delete(`/api/servers/${s.id}?force=true`);
  for (const id of created) await request.delete(`/api/servers/${id}?force=true`);
});

test('register server-everything over streamable HTTP, see its tools and call echo in the playground', async ({ page, request }) => {
  const serverName = name('everything');
  await page.goto('/servers');
  await expect(page.getByRole('heading', { level: 1, name: 'MCP servers' })).toBeVisible();
  await expect(page.getByTestId('server-row-rag')).toContainText('active');

  await page.getByRole('link', { name: 'Register server' }).click();
  await expect(page).toHaveURL(/\/servers\/new$/);
  await page.getByLabel('Name').fill(serverName);
  await expect(page.getByLabel('Streamable HTTP')).toBeChecked();
  await page.getByLabel('URL').fill(everythingUrl);
  await page.getByRole('button', { name: 'Add header' }).click();
  const headerName = page.getByRole('textbox', { name: 'Header name 1' });
  await expect(headerName).toBeFocused();
  await headerName.fill('X-E2E-Run');
  await page.getByRole('textbox', { name: 'Header value 1' }).fill(RUN);
  await expect(page.getByLabel('Auth type')).toHaveValue('none');
  await page.screenshot({ path: `${SHOTS}/servers-form.png`, fullPage: true });
  await page.getByRole('button', { name: 'Register server' }).click();

  // Saved: the detail page of the new server, connected.
  await expect(page).toHaveURL(/\/servers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(serverName);
  await expect(page.locator('.srv-title')).toContainText('active');
  const id = page.url().split('/').pop() as string;
  created.add(id);

  // The list shows it active too, with its transport and endpoint.
  await page.getByRole('link', { name: 'Servers', exact: true }).first().click();
  const row = page.getByTestId(`server-row-${serverName}`);
  await expect(row).toContainText('active');
  await expect(row).toContainText('Streamable HTTP');
  await expect(row).toContainText(everythingUrl);
  await row.getByRole('button', { name: `Check connectivity of ${serverName}` }).click();
  await expect(row.getByRole('status')).toContainText('Connected');
  await page.screenshot({ path: `${SHOTS}/servers-list.png`, fullPage: true });

  // Its live tools, and the playground.
  await row.getByRole('link', { name: serverName, exact: true }).click();
  const echo = page.getByTestId('tool-echo');
  await expect(echo).toBeVisible({ timeout: 15_000 });
  await expect(echo).toContainText('Echoes back the input string');
  await echo.getByRole('button', { name: 'Try echo in the playground' }).click();
  await expect(page.getByLabel('Tool', { exact: true })).toHaveValue('echo');

  // Missing required argument: refused with 422, shown next to the field, nothing sent.
  await page.getByRole('button', { name: 'Call echo' }).click();
  const message = page.getByLabel('message (required)');
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#playground')).toContainText("must have required property 'message'");

  await message.fill('hello from the servers e2e');
  await page.getByRole('button', { name: 'Call echo' }).click();
  const result = page.getByTestId('call-result');
  await expect(result).toContainText('Echo: hello from the servers e2e');
  await expect(result).toContainText('success');

  const history = page.getByTestId('execution');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText('echo');
  await expect(history.first()).toContainText('hello from the servers e2e');
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky playground sits where the viewport is
  await page.screenshot({ path: `${SHOTS}/servers-detail.png`, fullPage: true });

  const executions = await request.get(`/api/servers/${id}/executions`);
  expect(((await executions.json()) as { total: number }).total).toBe(1);
});

test('tool metadata from a server is shown as text, never run as HTML', async ({ page, request }) => {
  const script = path.resolve(__dirname, 'fixtures/servers-xss-server.mjs');
  const server = await registerViaApi(request, { name: name('xss'), transport: 'stdio', command: process.execPath, args: [script] });
  created.add(server.id);
  expect(server.status).toBe('active');

  const seen = watchForScripts(page);
  await page.goto(`/servers/${server.id}`);
  const card = page.getByTestId('tool-lookup_note');
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('Looks up a note. <script>window.__xss = 1</script><img src=x onerror="window.__xss=2">');
  await expect(card).toContainText('<b onmouseover="window.__xss=4">Lookup</b>');
  await expect(page.locator('#playground')).toContainText('<img src=x onerror="window.__xss=5"> What to look up');

  // The result of a call is untrusted too.
  await page.getByLabel('query (required)').fill('note-1');
  await page.getByRole('button', { name: 'Call lookup_note' }).click();
  await expect(page.getByTestId('call-result')).toContainText('<script>window.__xss = 3</script><img src=x onerror="window.__xss=6">note-1');
  await page.getByTestId('execution').first().locator('summary').click();
  await expect(page.getByTestId('execution').first()).toContainText('window.__xss=6');

  await page.waitForTimeout(500); // give a stray onerror handler time to fire
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.locator('main img[src="x"], main script').count()).toBe(0);
  expect(seen.dialogs).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/servers-xss.png`, fullPage: true });
});

test('import an mcp.json and read the per-entry report; export both formats', async ({ page, baseURL }) => {
  const ok = name('import-ok');
  const warn = name('import-warn');
  const bad = name('import-bad');
  const doc = {
    mcpServers: {
      [ok]: { url: `${baseURL}/demo/rag/mcp?e2e=${RUN}-1` },
      [warn]: { type: 'http', url: `${baseURL}/demo/rag/mcp?e2e=${RUN}-2`, headers: { Authorization: 'Bearer ${RAG_TOKEN}' } },
      [bad]: { type: 'websocket', url: 'ws://127.0.0.1:9/ws' },
      rag: { url: `${baseURL}/demo/rag/mcp?e2e=${RUN}-3` },
    },
  };

  await page.goto('/servers');
  await page.getByRole('link', { name: 'Import mcp.json' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import servers' })).toBeVisible();

  // A bad paste is caught before anything is sent.
  await page.getByLabel('Or paste the document').fill('{"mcpServers": ');
  await page.getByRole('button', { name: 'Import servers' }).click();
  await expect(page.getByText('This is not valid JSON')).toBeVisible();

  // Upload: the file's text lands in the editor, then the import runs.
  await page.getByLabel('Choose a file').setInputFiles({ name: 'mcp.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc, null, 2)) });
  await expect(page.getByLabel('Or paste the document')).toHaveValue(/import-ok/);
  await page.getByRole('button', { name: 'Import servers' }).click();

  const report = page.getByTestId('import-report');
  await expect(report).toContainText('4 entries: 2 created, 1 skipped, 1 failed.', { timeout: 15_000 });
  await expect(report.getByTestId(`import-result-${ok}`)).toContainText('created');
  await expect(report.getByTestId(`import-result-${ok}`)).toContainText('active');
  await expect(report.getByTestId(`import-result-${warn}`)).toContainText('placeholder');
  await expect(report.getByTestId('import-result-rag')).toContainText('skipped');
  await expect(report.getByTestId('import-result-rag')).toContainText('already exists');
  await expect(report.getByTestId(`import-result-${bad}`)).toContainText('failed');
  await expect(report.getByTestId(`import-result-${bad}`)).toContainText('unknown type');
  await page.screenshot({ path: `${SHOTS}/servers-import.png`, fullPage: true });

  for (const [label, file, key] of [
    ['Export mcp.json', 'mcp.json', 'mcpServers'],
    ['Export for VS Code', 'vscode-mcp.json', 'servers'],
  ] as const) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: label }).first().click()]);
    expect(download.suggestedFilename()).toBe(file);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, Record<string, unknown>>;
    expect(Object.keys(exported[key] ?? {})).toEqual(expect.arrayContaining(['rag', ok, warn]));
  }

  await report.getByRole('link', { name: ok }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(ok);
});

test('edit keeps stored secrets unless replaced; API validation errors show next to the fields', async ({ page, request, baseURL }) => {
  const server = await registerViaApi(request, {
    name: name('edit'),
    transport: 'streamable-http',
    url: `${baseURL}/demo/rag/mcp?e2e=${RUN}-edit`,
    auth: { type: 'bearer', token: 'e2e-secret-token' },
  });
  created.add(server.id);

  await page.goto(`/servers/${server.id}/edit`);
  await expect(page.getByLabel('Name')).toHaveValue(server.name);
  await expect(page.getByLabel('Auth type')).toHaveValue('bearer');
  const token = page.getByLabel('Token');
  await expect(token).toHaveAttribute('type', 'password');
  await expect(token).toHaveValue('');
  await expect(page.getByText('A secret is stored: leave empty to keep it.')).toBeVisible();

  // A URL that does not parse is caught before sending; the API's own validation details
  // land next to the field they are about.
  const urlField = page.locator('.field').filter({ has: page.getByLabel('URL') });
  await page.getByLabel('URL').fill('not a url');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The server was not saved.' })).toBeFocused();
  await expect(urlField).toContainText('Enter an absolute URL');
  await page.getByLabel('URL').fill('ftp://127.0.0.1/mcp');
  await page.getByLabel('Name').fill('bad/name');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(urlField).toContainText('url must use http or https');
  await expect(page.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field').filter({ has: page.getByLabel('Name') })).toContainText('name may contain letters, digits');

  // A name clash (409) is explained next to the name.
  await page.getByLabel('URL').fill(`${baseURL}/demo/rag/mcp?e2e=${RUN}-edit`);
  await page.getByLabel('Name').fill('RAG');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.locator('.field').filter({ has: page.getByLabel('Name') })).toContainText('already exists');

  const renamed = name('edited');
  await page.getByLabel('Name').fill(renamed);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(new RegExp(`/servers/${server.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(renamed);
  await expect(page.getByText('Bearer token (stored encrypted)')).toBeVisible();
  const stored = (await (await request.get(`/api/servers/${server.id}`)).json()) as Server;
  expect(stored.auth).toEqual({ type: 'bearer', configured: true });
  expect(JSON.stringify(stored)).not.toContain('e2e-secret-token');
});

test('deleting a server that test cases use explains why and offers to delete them too', async ({ page, request, baseURL }) => {
  const server = await registerViaApi(request, { name: name('delete'), transport: 'streamable-http', url: `${baseURL}/demo/rag/mcp?e2e=${RUN}-delete` });
  created.add(server.id);
  const testCase = await request.post('/api/test-cases', {
    data: { name: `${server.name} negative case`, query: 'What is the weather like today?', serverIds: [server.id], expectedServer: null, expectedTool: null },
  });
  expect(testCase.status()).toBe(201);

  await page.goto('/servers');
  const row = page.getByTestId(`server-row-${server.name}`);
  await row.getByRole('button', { name: `Delete ${server.name}` }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Delete ${server.name}?`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Delete server' }).click();
  await expect(dialog).toContainText('1 test case uses this server');
  await dialog.getByRole('button', { name: 'Delete with its 1 test case' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(await serverByName(request, server.name)).toBeUndefined();
  const cases = (await (await request.get(`/api/test-cases?serverId=${server.id}`)).json()) as { total: number };
  expect(cases.total).toBe(0);
});
