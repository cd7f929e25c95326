import { expect, test } from '@playwright/test';

/*
 * From a flagged pair without test cases to a new test case: analyse a static server on the
 * Similarity page, propose drafts, edit one query, add it, and find it on /test-cases.
 * The static server and the case it writes have names of their own, so reruns do not collide.
 */

test('propose test cases for an uncovered pair, edit a query, add it, see it on /test-cases', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const server = `drafts-e2e-${stamp}`;
  const created = await page.request.post('/api/servers', {
    data: {
      name: server,
      transport: 'static',
      tools: [
        { name: 'search_files', description: 'Search files in the workspace by name or content.', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
        { name: 'find_files', description: 'Find files in the workspace by name or content.', inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] } },
      ],
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/similarity');
  await page.getByRole('checkbox', { name: new RegExp(`^${server}`) }).check();
  await page.getByRole('button', { name: 'Run analysis' }).click();
  await expect(page.getByRole('button', { name: 'Run analysis' })).toBeEnabled({ timeout: 60_000 });

  const section = page.getByTestId('sim-drafts');
  await section.getByRole('button', { name: 'Propose test cases' }).click();
  const drafts = section.getByTestId('sim-draft');
  await expect(drafts).toHaveCount(2, { timeout: 60_000 });
  await expect(drafts.first()).toContainText(server);

  const edited = `Look through the workspace for files named after ${stamp}.`;
  const query = section.getByLabel('Query of draft 1');
  await query.fill(edited);
  // By keyboard: from the edited query to its Add button.
  await query.press('Tab');
  await expect(section.getByRole('button', { name: 'Add draft 1 to test cases' })).toBeFocused();
  await page.keyboard.press('Enter');
  const added = drafts.first().getByRole('link');
  await expect(added).toBeVisible();

  await page.goto(`/test-cases?search=${stamp}`);
  await expect(page.getByText(new RegExp(`files named after ${stamp}`)).first()).toBeVisible({ timeout: 15_000 });
});
