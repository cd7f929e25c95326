import { expect, test, type APIRequestContext, type Request } from '@playwright/test';
import { expectNamedControls, openPage, tabTo } from './helpers/a11y';

/*
 * Experiment variants' batches saw rewritten tool descriptions, so /metrics leaves them out (issue 14). The page
 * must say so and let the user bring them back: the scope line names what was left out, an "Include experiment
 * runs" checkbox (keyboard, labelled) puts includeExperiments=true in the URL and in every metrics request of the
 * page, and the count of evaluated runs grows by exactly what was left out. The experiment it makes stays (runs).
 */

type Summary = { counts: { total: number }; experimentsLeftOut: { batches: number; runs: number } };

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;
const leftOutText = (l: Summary['experimentsLeftOut']) =>
  `${plural(l.batches, 'experiment batch', 'experiment batches')} (${plural(l.runs, 'evaluated run', 'evaluated runs')}) left out`;

/** A request of the page to one metrics endpoint that asks for the experiment runs. */
const includingRequest = (path: string) => (r: Request) => {
  const url = new URL(r.url());
  return url.pathname === path && url.searchParams.get('includeExperiments') === 'true';
};

test('/metrics says which experiment runs it left out, and includes them from the keyboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  await expect
    .poll(async () => (await getJson<{ items: { status: string }[] }>(request, '/api/servers')).items.filter((s) => s.status === 'active').length, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  // A batch of ordinary runs, so the page has figures without the experiment even on fresh data.
  const batch = await request.post('/api/batches', { data: { name: 'metrics experiments e2e', models: [{ provider: 'local', model: 'lexical' }] } });
  expect(batch.status()).toBe(202);
  const batchId = ((await batch.json()) as { id: string }).id;
  await expect.poll(async () => (await getJson<{ status: string }>(request, `/api/batches/${batchId}`)).status, { timeout: 60_000 }).toBe('completed');
  // The variant renames a tool to a name of its own: only its runs know that tool.
  const renamed = `create_todo_${Date.now().toString(36)}`;
  const created = await request.post('/api/experiments', {
    data: {
      name: `e2e metrics experiment ${Date.now().toString(36)}`,
      models: [{ provider: 'local', model: 'lexical' }],
      variants: [{ name: 'rewrite', changes: [{ server: 'todo', tool: 'create_todo', name: renamed, description: 'Create a new todo item with a title and an optional due date' }] }],
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const { id } = (await created.json()) as { id: string };
  await expect.poll(async () => (await getJson<{ status: string }>(request, `/api/experiments/${id}`)).status, { timeout: 60_000 }).toBe('completed');
  const experiment = await getJson<{ variants: { batchId: string | null }[] }>(request, `/api/experiments/${id}`);

  const without = await getJson<Summary>(request, '/api/metrics/summary');
  const withThem = await getJson<Summary>(request, '/api/metrics/summary?includeExperiments=true');
  // Its two variants (original and rewrite) at least, and what they add is what the summary says it left out.
  expect(without.experimentsLeftOut.batches).toBeGreaterThanOrEqual(2);
  expect(without.experimentsLeftOut.runs).toBeGreaterThan(0);
  expect(withThem.counts.total).toBe(without.counts.total + without.experimentsLeftOut.runs);
  expect(withThem.experimentsLeftOut).toEqual({ batches: 0, runs: 0 });

  await openPage(page, '/metrics?trend=batch');
  const scope = page.getByTestId('metrics-scope');
  await expect(scope).toContainText(`${count(without.counts.total)} evaluated run`);
  await expect(scope).toContainText(`· ${leftOutText(without.experimentsLeftOut)}`);
  const toggle = page.getByRole('checkbox', { name: 'Include experiment runs' });
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toHaveAccessibleDescription(new RegExp(`^${leftOutText(without.experimentsLeftOut).replace(/[()]/g, '\\$&')}\\. `));
  await expectNamedControls(page.getByRole('main'));

  // Space on the focused checkbox: every metrics request of the page asks for the experiment runs.
  await tabTo(page, toggle, 80);
  const requests = ['/api/metrics/summary', '/api/metrics/confusions', '/api/metrics/trend', '/api/metrics/flaky'].map((p) => page.waitForRequest(includingRequest(p)));
  await page.keyboard.press('Space');
  await Promise.all(requests);
  await expect(page).toHaveURL(/[?&]includeExperiments=true(&|$)/);
  await expect(page).toHaveURL(/[?&]trend=batch(&|$)/);
  await expect(scope).toContainText(`${count(withThem.counts.total)} evaluated run`);
  await expect(scope).not.toContainText('left out');
  await expect(toggle).toBeChecked();
  await expect(toggle, 'the checkbox keeps the focus while the figures update').toBeFocused();

  // The URL carries it: a reload keeps the experiment runs in.
  await page.reload();
  await expect(scope).toContainText(`${count(withThem.counts.total)} evaluated run`);
  await expect(toggle).toBeChecked();

  // And Space again leaves them out, the checkbox still there and focused.
  await tabTo(page, toggle, 80);
  await page.keyboard.press('Space');
  await expect(page).not.toHaveURL(/includeExperiments/);
  await expect(scope).toContainText(`${count(without.counts.total)} evaluated run`);
  await expect(scope).toContainText(`· ${leftOutText(without.experimentsLeftOut)}`);
  await expect(toggle).not.toBeChecked();
  await expect(toggle).toBeFocused();

  // Filtered to the renamed tool only the experiment's runs match: the empty page still offers them.
  const onlyRenamed = await getJson<Summary>(request, `/api/metrics/summary?toolName=${renamed}`);
  const onlyRenamedWith = await getJson<Summary>(request, `/api/metrics/summary?toolName=${renamed}&includeExperiments=true`);
  expect(onlyRenamed.counts.total).toBe(0);
  expect(onlyRenamed.experimentsLeftOut.runs).toBeGreaterThan(0);
  expect(onlyRenamedWith.counts.total).toBe(onlyRenamed.experimentsLeftOut.runs);
  await openPage(page, `/metrics?toolName=${renamed}`);
  await expect(page.getByText('No evaluated runs match these filters.')).toBeVisible();
  await expect(toggle).toHaveAccessibleDescription(new RegExp(`^${leftOutText(onlyRenamed.experimentsLeftOut).replace(/[()]/g, '\\$&')}\\. `));
  await tabTo(page, toggle, 80);
  await page.keyboard.press('Space');
  await expect(scope).toContainText(`${count(onlyRenamedWith.counts.total)} evaluated run`);
  await expect(page).toHaveURL(new RegExp(`toolName=${renamed}.*includeExperiments=true|includeExperiments=true.*toolName=${renamed}`));

  // A variant's own batch is shown alone: nothing left out, nothing to include.
  await openPage(page, `/metrics?batchId=${experiment.variants[0]?.batchId ?? ''}`);
  await expect(scope).toBeVisible();
  await expect(scope).not.toContainText('left out');
  await expect(page.getByRole('checkbox', { name: 'Include experiment runs' })).toHaveCount(0);
});
