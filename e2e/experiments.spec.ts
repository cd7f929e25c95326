import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNamedControls, expectPageStructure, openPage, tabTo } from './helpers/a11y';

/*
 * The design loop, end to end against the production build and the demo servers: a similarity
 * recommendation's "Try this rewrite" opens a prefilled experiment, which is launched with the
 * keyboard alone on the offline `local` provider (model hybrid), runs to completion, and its
 * comparison shows the rewrite next to the baseline with intervals and an outcome badge.
 * What it makes is named "e2e experiment …"; experiments and their batches stay (they are runs).
 */

type Estimate = { value: number | null; low: number | null; high: number | null };
type Experiment = {
  id: string;
  name: string;
  status: string;
  testCaseIds: string[];
  variants: { name: string; batchId: string | null; changes: { server: string; tool: string; description?: string }[]; metrics: { f1: Estimate } | null; comparison: { metrics: { f1: { outcome: string } } } | null }[];
};

const OUTCOME_TEXT = /^(improved|regressed|no significant change|too few cases to tell)$/;

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

test('from a similarity recommendation to a finished experiment and its comparison, launched by keyboard', async ({ page, request }) => {
  test.setTimeout(180_000);
  // The demo servers come up in the background on a fresh start.
  await expect
    .poll(async () => (await getJson<{ items: { status: string }[] }>(request, '/api/servers')).items.filter((s) => s.status === 'active').length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);

  // 1. Analyse the demo servers: the rag tools are deliberately similar, so there are recommendations.
  await openPage(page, '/similarity');
  for (const server of ['rag', 'todo', 'valuerank']) await page.getByRole('checkbox', { name: new RegExp(`^${server} `) }).check();
  await expect(page.getByRole('checkbox', { name: /Include recommendations/ })).toBeChecked();
  const analyse = page.getByRole('button', { name: 'Run analysis' });
  await analyse.focus();
  await page.keyboard.press('Enter');
  // An open recommendation (the first three are) whose tool has a revised description (its diff shows an "after").
  const rec = page.locator('details[data-testid="sim-rec"][open]').filter({ has: page.getByTestId('sim-after') }).first();
  const tryButton = rec.getByRole('button', { name: /^Try this rewrite of / });
  await expect(tryButton).toBeVisible({ timeout: 60_000 });
  await expect(rec.getByTestId('sim-after')).not.toBeEmpty();
  const toolId = ((await tryButton.getAttribute('aria-label')) ?? '').replace(/^Try this rewrite of /, '');
  const [, toolName] = toolId.split('/');
  expect(toolName, 'the button names the tool it rewrites').toBeTruthy();

  // 2. "Try this rewrite" from the keyboard opens the prefilled form.
  await tabTo(page, tryButton, 200);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/experiments\/new\?(p|prefill)=/);
  await expect(page.getByRole('heading', { level: 1, name: 'New experiment' })).toBeVisible();
  await expect(page.getByTestId('exp-prefilled')).toContainText(toolId);
  const variant = page.getByTestId('exp-variant');
  await expect(variant).toHaveCount(1);
  await expect(page.getByLabel('Variant name')).toHaveValue('rewrite');
  const description = page.getByLabel(`New description of ${toolName}`);
  await expect(description).not.toHaveValue('');
  // The live tool list loaded: the diff shows before and after, and the rewrite differs from the current text.
  const change = page.getByTestId('exp-change').filter({ has: description });
  await expect(change.getByTestId('sim-before')).not.toBeEmpty({ timeout: 20_000 });
  await expect(change.locator('ins, del').first()).toBeVisible();
  // The cases that expect either tool are preselected.
  await expect(page.getByTestId('exp-cases-count')).toHaveText(/^[1-9]\d* selected$/);
  // Resolved by the API over every case: the rule names the same count as the checklist.
  const selectedCount = /^(\d+) selected$/.exec((await page.getByTestId('exp-cases-count').textContent()) ?? '')?.[1];
  await expect(page.getByTestId('exp-cases-rule')).toContainText(`Preselected (${selectedCount} case`);
  await expect(page.getByLabel('Provider')).toHaveValue('local');
  await expect(page.getByLabel('Model', { exact: true })).toHaveValue('hybrid');
  await expectPageStructure(page);
  await expectNamedControls(page.getByRole('main'));

  // 3. Name it and start it with the keyboard only.
  const name = `e2e experiment ${Date.now().toString(36)}`;
  await tabTo(page, page.getByLabel('Experiment name (optional)'), 30);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(name);
  await tabTo(page, page.getByRole('button', { name: 'Start experiment' }), 200);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/experiments\/[^/?]+$/, { timeout: 20_000 });
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';

  // 4. Live progress, announced, until it is done.
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: `Progress of ${name}` })).toBeVisible();
  const status = page.getByTestId('exp-progress-status');
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveText(new RegExp(`^${name} completed: (\\d+) of \\1 finished`), { timeout: 120_000 });

  // 5. The comparison: the baseline and the rewrite side by side, F1 with its interval, an outcome badge.
  const experiment = await getJson<Experiment>(request, `/api/experiments/${id}`);
  expect(experiment.status).toBe('completed');
  expect(experiment.variants.map((v) => v.name)).toEqual(['original', 'rewrite']);
  expect(experiment.variants[1]?.changes.some((c) => `${c.server}/${c.tool}` === toolId && typeof c.description === 'string')).toBe(true);
  expect(experiment.variants[1]?.comparison).not.toBeNull();

  const original = page.getByRole('region', { name: /^original/ });
  const rewrite = page.getByRole('region', { name: /^rewrite/ });
  await expect(original).toBeVisible();
  await expect(rewrite).toBeVisible();
  const f1Row = rewrite.getByTestId('exp-metrics').locator('tr[data-metric="f1"]');
  const f1 = experiment.variants[1]?.metrics?.f1;
  await expect(f1Row.getByRole('rowheader')).toHaveText('F1');
  if (f1?.value !== null && f1?.value !== undefined) {
    await expect(f1Row.locator('.exp-estimate')).toHaveText(new RegExp(`^${f1.value.toFixed(2)}( \\[\\d\\.\\d\\d, \\d\\.\\d\\d\\])?$`));
  }
  await expect(f1Row.locator('.badge')).toHaveText(OUTCOME_TEXT);
  const words: Record<string, string> = { improved: 'improved', regressed: 'regressed', no_significant_change: 'no significant change', too_few_cases: 'too few cases to tell' };
  await expect(f1Row.locator('.badge')).toHaveText(words[experiment.variants[1]?.comparison?.metrics.f1.outcome ?? ''] ?? 'missing outcome');
  await expect(original.getByTestId('exp-metrics').locator('tr[data-metric="f1"] .exp-estimate')).toHaveText(/^(\d\.\d\d|—)/);
  // What changed, and the flipped cases (possibly none).
  await expect(rewrite.getByRole('heading', { name: new RegExp(`^${toolId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toBeVisible();
  await expect(rewrite.getByTestId('exp-flipped')).toContainText('Fixed');
  await expect(rewrite.getByTestId('exp-flipped')).toContainText('Regressed');
  await expectPageStructure(page);
  await expectNamedControls(page.getByRole('main'));

  // 6. Adopt: the JSON Patch downloads from the keyboard.
  const patchButton = rewrite.getByRole('button', { name: 'Download rewrite as JSON Patch' });
  await tabTo(page, patchButton, 200);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/json-patch\.json$/);
  await expect(rewrite.getByRole('status').filter({ hasText: /^Downloaded / })).toBeVisible();

  // 7. The list shows it.
  await openPage(page, '/experiments');
  await expect(page.getByRole('table').getByRole('link', { name })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/experiments-list.png', fullPage: true });

  // 8. A variant's batch names its experiment and links back to it.
  await openPage(page, `/runs/batches/${experiment.variants[1]?.batchId}`);
  const back = page.getByTestId('batch-experiment');
  await expect(back).toContainText('Variant rewrite of the experiment');
  await back.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/experiments/${id}$`));
});

type RunDetail = {
  id: string;
  tools: { server: string; name: string; description: string; inputSchema: Record<string, unknown> }[];
  evaluation: { recommendations: { tool?: string; otherTool?: string }[] } | null;
};
type Revision = { tool: string; before: string; after: string; source: string };

test('from a run\'s advice, "Try this rewrite" prefills the rule-based rewrites of the confused tools', async ({ page, request }) => {
  test.setTimeout(120_000);
  const res = await request.post('/api/batches', { data: { name: 'run advice e2e', models: [{ provider: 'local', model: 'lexical' }] } });
  expect(res.status()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${id}`)).status, { timeout: 45_000, intervals: [250, 500, 1000] })
    .toBe('completed');
  // A run the lexical router got wrong by picking another tool: its advice names both.
  const runs = await getJson<{ items: { id: string; classification: string | null; selectedTool: string | null }[] }>(request, `/api/test-runs?batchId=${id}&limit=100`);
  let run: RunDetail | undefined;
  let rec: { tool?: string; otherTool?: string } | undefined;
  for (const r of runs.items.filter((x) => x.classification === 'FN' && x.selectedTool)) {
    const detail = await getJson<RunDetail>(request, `/api/test-runs/${r.id}`);
    rec = detail.evaluation?.recommendations.find((x) => x.tool && x.otherTool);
    if (rec) {
      run = detail;
      break;
    }
  }
  expect(run, 'the lexical router confuses at least one pair of demo tools').toBeDefined();
  const [server, toolName] = (rec!.tool ?? '').split('/');
  // What the rules write for these tools (the request the button sends: the servers' tools as the run showed them, threshold 0).
  const servers = new Set([rec!.tool, rec!.otherTool].map((t) => (t ?? '').split('/')[0]));
  const toolList = run!.tools.filter((t) => servers.has(t.server)).map((t) => ({ server: t.server, name: t.name, description: t.description, inputSchema: t.inputSchema }));
  const recs = await request.post('/api/similarity/recommendations', { data: { toolList, similarityThreshold: 0, includeRecommendations: true } });
  expect(recs.ok()).toBe(true);
  const revision = ((await recs.json()) as { recommendations: { revisions: Revision[] } }).recommendations.revisions.find((r) => r.tool === rec!.tool);
  const shown = run!.tools.find((t) => t.server === server && t.name === toolName)?.description ?? '';
  const rewritten = revision && revision.after !== shown ? revision.after : null;
  test.info().annotations.push({ type: 'prefill', description: rewritten ? `rule-based rewrite of ${rec!.tool}` : `no rule change for ${rec!.tool}: as the model saw it` });

  await openPage(page, `/runs/${run!.id}`);
  const button = page.getByRole('button', { name: `Try this rewrite of ${rec!.tool}` }).first();
  await tabTo(page, button, 300);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/experiments\/new\?(p|prefill)=/, { timeout: 20_000 });
  await expect(page.getByTestId('exp-prefilled')).toContainText(rec!.tool ?? '');
  const description = page.getByLabel(`New description of ${toolName}`);
  await expect(description).toHaveValue(rewritten ?? shown);
  const change = page.getByTestId('exp-change').filter({ has: description });
  await expect(change).toContainText(rewritten ? 'Prefilled: rule-based.' : 'Prefilled: as the model saw it');
  if (rewritten) await expect(change.locator('ins, del').first()).toBeVisible({ timeout: 20_000 });
});

test('the form explains what to fix: no change, no case', async ({ page }) => {
  await openPage(page, '/experiments/new');
  await page.getByRole('button', { name: 'Start experiment' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Some settings need fixing' })).toBeVisible();
  await expect(page.getByText('Choose a server and a tool.')).toBeVisible();
  await expect(page).toHaveURL(/\/experiments\/new$/);
});
