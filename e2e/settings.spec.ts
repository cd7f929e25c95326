import { expect, test } from '@playwright/test';

/*
 * The Settings page end to end: create an API key, see it exactly once, use it on /mcp,
 * revoke it, and see /mcp refuse it at once.
 */

const RUN = Date.now().toString(36);
const SHOTS = 'test-results/screenshots';

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const mcpHeaders = (key: string) => ({ 'x-api-key': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream' });

test('create a key, see it once, use it, revoke it', async ({ page, request }) => {
  const name = `e2e-key-${RUN}`;
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // An empty name is refused in the form.
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByText('Give the key a name')).toBeVisible();

  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create API key' }).click();
  const notice = page.getByTestId('new-key');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('you will not see it again');
  const key = (await page.getByTestId('new-key-value').textContent())?.trim() ?? '';
  expect(key).toMatch(/^mcpeval_[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('mcp-url')).toHaveText(/\/mcp$/);
  await expect(page.getByTestId('snippet-claude')).toContainText(key);
  await page.getByRole('tab', { name: 'VS Code' }).click();
  await expect(page.getByTestId('snippet-vscode')).toContainText('"type": "http"');
  await page.screenshot({ path: `${SHOTS}/settings-new-key.png`, fullPage: true });

  const row = page.getByTestId(`key-row-${name}`);
  await expect(row).toContainText(key.slice(0, 14));
  await expect(row).not.toContainText(key);

  // The key works on /mcp.
  const ok = await request.post('/mcp', { headers: mcpHeaders(key), data: listTools });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['x-ratelimit-limit']).toBe('120');

  // Shown once: after a reload only the prefix is left.
  await page.reload();
  await expect(page.getByTestId(`key-row-${name}`)).toBeVisible();
  await expect(page.getByTestId('new-key')).toHaveCount(0);
  await expect(page.getByText(key)).toHaveCount(0);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Revoke “${name}”?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`key-row-${name}`)).toContainText('Revoked');
  await expect(page.getByRole('button', { name: `Revoke ${name}` })).toHaveCount(0);

  const refused = await request.post('/mcp', { headers: mcpHeaders(key), data: listTools });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('API key has been revoked');
});
