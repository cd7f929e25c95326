import { expect, test, type APIRequestContext } from '@playwright/test';

/*
 * A mistake on /metrics carries the pair's similarity score and a link that opens the
 * similarity page on that pair, by keyboard. Makes its own offline batch over the demo cases
 * (the local lexical router confuses a few demo tools) and reads only that batch.
 */

type Confusion = { expected: { server: string; tool: string } | null; selected: { server: string; tool: string } | null; count: number; similarity: number | null };

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

test('a confused pair on /metrics shows its similarity and opens the similarity page on that pair', async ({ page, request }) => {
  test.setTimeout(120_000);
  const res = await request.post('/api/batches', { data: { name: 'confusions e2e', models: [{ provider: 'local', model: 'lexical' }] } });
  expect(res.status()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${id}`)).status, { timeout: 45_000, intervals: [250, 500, 1000] })
    .toBe('completed');

  const { items } = await getJson<{ items: Confusion[] }>(request, `/api/metrics/confusions?batchId=${id}`);
  const between = items.filter((c) => c.expected && c.selected);
  expect(between.length, 'the lexical router confuses at least one pair of demo tools').toBeGreaterThan(0);

  await page.goto(`/metrics?batchId=${id}`);
  const list = page.getByTestId('top-confusions');
  await expect(list).toBeVisible({ timeout: 20_000 });
  await expect(list.getByTestId('confusion-similarity').first()).toHaveText(/^similarity (\d\.\d\d|n\/a)$/, { timeout: 20_000 });

  // The first mistake between two tools: its score is the API's, and its link names the pair.
  const link = list.getByRole('link', { name: /^Compare descriptions of / }).first();
  const name = (await link.getAttribute('aria-label')) ?? '';
  const [, a, b] = /^Compare descriptions of (\S+) and (\S+) on the similarity page$/.exec(name) ?? [];
  expect(a && b, `link name: ${name}`).toBeTruthy();
  const confusion = between.find((c) => `${c.expected!.server}/${c.expected!.tool}` === a && `${c.selected!.server}/${c.selected!.tool}` === b);
  expect(confusion, `${a} -> ${b} is one of the batch's confusions`).toBeTruthy();
  const shown = confusion!.similarity === null ? 'n/a' : confusion!.similarity.toFixed(2);
  await expect(link.locator('xpath=..').getByTestId('confusion-similarity')).toHaveText(`similarity ${shown}`);

  // Every mistake carries its score, not only the first five: the whole list (the rest behind a
  // disclosure) has one entry per off-diagonal cell, and each one between two tools has its score.
  const summary = await getJson<{ confusionMatrix: { cells: { expected: string; selected: string; count: number }[] } }>(request, `/api/metrics/summary?batchId=${id}`);
  const offDiagonal = summary.confusionMatrix.cells.filter((c) => c.expected !== c.selected);
  const more = page.getByTestId('more-confusions');
  if (offDiagonal.length > 5) await more.locator('summary').click();
  else await expect(more).toHaveCount(0);
  const mistakes = page.getByTestId('confusion-mistake');
  await expect(mistakes).toHaveCount(offDiagonal.length);
  const twoTools = offDiagonal.filter((c) => c.expected !== 'none' && c.selected !== 'none');
  await expect(page.getByTestId('confusion-mistake').getByTestId('confusion-similarity')).toHaveCount(twoTools.length);
  await expect(page.getByRole('link', { name: /^Compare descriptions of / })).toHaveCount(twoTools.length);

  // The matrix cell of the same pair gives the score in its title (and after the count for screen readers).
  const cell = page.locator(`[data-testid="confusion-cell"][data-expected="${a}"][data-selected="${b}"]`);
  await expect(cell).toHaveAttribute('title', new RegExp(`; similarity of the two descriptions ${shown.replace('/', '\\/')}$`));
  await expect(cell).toHaveAttribute('data-similarity', shown);

  // By keyboard: focus the link and press Enter.
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/similarity\?/);
  const url = new URL(page.url());
  expect(url.searchParams.getAll('focus')).toEqual([a, b]);

  // The page selects the pair's servers, runs the analysis and brings the pair forward.
  const focus = page.getByTestId('sim-focus');
  await expect(focus).toBeVisible({ timeout: 60_000 });
  await expect(focus.getByRole('heading', { name: /Pair in focus/ })).toBeVisible();
  for (const server of new Set([a!, b!].map((t) => t.split('/')[0]!))) await expect(page.getByRole('checkbox', { name: new RegExp(`^${server} `) })).toBeChecked();
  // The same model and the same descriptions (the demo servers do not change): the same score.
  if (confusion!.similarity !== null) await expect(page.getByTestId('sim-focus-score')).toHaveText(shown);
  await expect(focus).toContainText(/Evaluated runs confused them \d+ times?\./);
  await expect(page.locator('[data-testid="sim-pairs-table"] tr[data-focus="true"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Missed by similarity' })).toBeVisible();
  await expect(page.getByTestId('sim-missed').or(page.getByTestId('sim-missed-empty'))).toBeVisible();
});
