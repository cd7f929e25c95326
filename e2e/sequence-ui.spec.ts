import { expect, test, type Page } from '@playwright/test';
import { agentScript } from '../tests/helpers/agent-script';
import { startLlmServer, type LlmServer } from '../tests/helpers/llm-server';

/**
 * Sequence cases through the UI (issue 17): the editor builds a search-then-update case on the
 * demo todo server ($fromResult for the id, search allowed to run, update mocked, delete
 * forbidden, a context turn), its bad input lands on the field; a scripted OpenAI-format model
 * runs it; the run page reads as a timeline, by keyboard too.
 */

const NAME = 'sequence ui: finish the ssl todo';
const SENTINEL_KEY = 'zq-E2E-sequence-ui-key-5d1e';
const LONG_ANSWER = `Done <b>not bold</b>. ${'The SSL certificate todo is marked complete. '.repeat(16)}`;
let llm: LlmServer;

test.beforeAll(async () => {
  llm = await startLlmServer({
    respond: agentScript([
      () => ({ toolCalls: [{ name: 'search_todos', arguments: { query: 'ssl' } }], usage: { inputTokens: 120, outputTokens: 9 } }),
      (turn) => ({ toolCalls: [{ name: 'update_todo', arguments: { id: turn.read(0, 'todos', 0, 'id'), completed: true } }] }),
      () => ({ text: LONG_ANSWER }),
    ]),
  });
});

test.afterAll(async () => {
  await llm.close();
});

async function pickTool(page: Page, call: number, tool: string) {
  await page.getByRole('group', { name: `Tool of call ${call}` }).getByRole('radio', { name: tool }).check();
}

test('a sequence case is written in the editor, runs, and its run reads as a timeline', async ({ page, request }) => {
  await page.goto('/test-cases/new');
  await page.getByLabel('Name', { exact: true }).fill(NAME);
  await page.getByLabel('Query', { exact: true }).fill('Find the todo about the SSL certificate and mark it done');
  await page.getByRole('checkbox', { name: /^todo\b/ }).check();

  // Progressive disclosure: a selection case shows the single expected tool, a sequence case the rest.
  await expect(page.getByRole('group', { name: 'Expected tool' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add an expected call' })).toHaveCount(0);
  await page.getByRole('radio', { name: /^A sequence of calls/ }).check();
  await expect(page.getByRole('group', { name: 'Expected tool' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Add an expected call' }).click();
  await pickTool(page, 1, 'search_todos');
  const call1 = page.getByRole('region', { name: 'Expected arguments of call 1' });
  await call1.getByLabel('Check query').selectOption('$contains');
  await call1.getByLabel('Text for query').fill('ssl');

  await page.getByRole('button', { name: 'Add an expected call' }).click();
  await pickTool(page, 2, 'update_todo');
  const call2 = page.getByRole('region', { name: 'Expected arguments of call 2' });
  await call2.getByLabel('Check id').selectOption('$fromResult');
  await expect(call2.getByLabel('Result of for id')).toHaveValue('0');
  // A path the API does not support: its 400 comes back onto this row.
  await call2.getByLabel('JSONPath for id').fill('$..todos');
  await call2.getByLabel('Check completed').selectOption('exact');
  await expect(call2.getByLabel('Value for completed')).toHaveValue('true');

  await page.getByRole('group', { name: 'Forbidden tools' }).getByRole('checkbox', { name: /^delete_todo/ }).check();
  await page.getByRole('radio', { name: /^These tools/ }).check();
  await page.getByRole('group', { name: 'Tools allowed to run' }).getByRole('checkbox', { name: /^search_todos/ }).check();
  await page.getByRole('button', { name: 'Add a mock result' }).click();
  await page.getByLabel('Tool of mock result 1').selectOption({ label: 'update_todo' });
  await page.getByLabel('Result text of mock result 1').fill('{"todo": {"id": "2", "completed": true}, "note": "mocked"}');
  await page.getByRole('button', { name: 'Add a user turn' }).click();
  await page.getByLabel('Text of turn 1').fill('I keep my tasks in the todo app.');

  // A client-side check: steps out of range, on the field and in the summary.
  const steps = page.getByLabel('Maximum steps');
  await steps.fill('25');
  await page.getByRole('button', { name: 'Create test case' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Fix these before saving' })).toContainText('Maximum steps: A whole number from 1 to 20.');
  await expect(steps).toHaveAttribute('aria-invalid', 'true');
  await expect(steps).toHaveAccessibleDescription(/A whole number from 1 to 20\./);
  await steps.fill('6');

  // The API's 400 names expectedCalls.1.arguments.id.$fromResult.path: it shows at call 2's id row.
  await page.getByRole('button', { name: 'Create test case' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The test case was not saved' })).toBeVisible();
  await expect(call2.getByTestId('argument-id')).toContainText('not a supported JSONPath');
  await call2.getByLabel('JSONPath for id').fill('$.todos[0].id');
  await page.getByRole('button', { name: 'Create test case' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved “${NAME}”.` })).toBeVisible();

  const found = (await (await request.get(`/api/test-cases?search=${encodeURIComponent(NAME)}`)).json()) as { items: { id: string }[] };
  const id = found.items[0]?.id ?? '';
  const saved = (await (await request.get(`/api/test-cases/${id}`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({
    mode: 'sequence',
    maxSteps: 6,
    callOrder: 'exact',
    forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }],
    execute: { allow: [{ server: 'todo', tool: 'search_todos' }] },
    context: [{ role: 'user', content: 'I keep my tasks in the todo app.' }],
    expectedCalls: [
      { server: 'todo', tool: 'search_todos', arguments: { query: { $contains: 'ssl' } } },
      { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.todos[0].id' } }, completed: true } },
    ],
  });

  // The edit form reads it back as written.
  await page.goto(`/test-cases/${id}/edit`);
  await expect(page.getByRole('radio', { name: /^A sequence of calls/ })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Call 2: todo/update_todo' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Expected arguments of call 2' }).getByLabel('JSONPath for id')).toHaveValue('$.todos[0].id');

  // Run it with a scripted OpenAI-format model.
  const started = await request.post('/api/batches', {
    data: { name: 'sequence ui e2e', testCaseIds: [id], models: [{ provider: 'openai', model: 'scripted', baseUrl: llm.openaiBaseUrl, timeout: 10, maxRetries: 0 }] },
    headers: { 'x-openai-api-key': SENTINEL_KEY },
  });
  expect(started.status()).toBe(202);
  const batch = (await started.json()) as { id: string };
  expect(await (await request.get(`/api/batches/${batch.id}/events`)).text()).toContain('event: done');

  // The mocked update never reached the server: todo 2 is still open.
  const todo = ((await (await request.get('/api/servers?limit=200')).json()) as { items: { id: string; name: string }[] }).items.find((s) => s.name === 'todo');
  const listed = await request.post(`/api/servers/${todo?.id}/tools/search_todos/call`, { data: { arguments: { query: 'ssl' } } });
  expect(JSON.stringify(await listed.json())).toMatch(/\\"completed\\": false/);

  // From the runs list to the run by keyboard: the row says it is a sequence run of 3 steps.
  await page.goto(`/runs?batchId=${batch.id}`);
  const row = page.getByTestId('run-row').filter({ hasText: NAME });
  await expect(row).toContainText('sequence');
  await expect(row).toContainText('3 steps');
  await expect(page.getByTestId('run-call-figures')).toContainText('1 sequence run, per call: precision 100%, recall 100%, F1 100% (TP 2, FP 0, FN 0); per case: accuracy 100%');
  await row.getByRole('link', { name: NAME }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/runs\/[^/]+$/);

  const timeline = page.getByTestId('trajectory');
  await expect(timeline.getByRole('heading', { name: 'Trajectory' })).toBeVisible();
  await expect(timeline).toContainText('3 steps, 2 calls');
  await expect(timeline.getByTestId('timeline-context')).toContainText('I keep my tasks in the todo app.');
  await expect(timeline.getByTestId('timeline-step')).toHaveCount(3);
  await expect(timeline.getByTestId('timeline-step').first()).toContainText('120 in / 9 out tokens');

  const [search, update] = [timeline.getByTestId('timeline-call').nth(0), timeline.getByTestId('timeline-call').nth(1)];
  await expect(search.getByRole('heading')).toHaveText(/Call 1: todo\/search_todos executed/);
  await expect(search).toContainText('Result from the server');
  await expect(search).toContainText('Renew the SSL certificate');
  await expect(search.getByTestId('call-verdict')).toContainText('TPexpected call 1arguments 100%');
  await expect(update.getByRole('heading')).toHaveText(/Call 2: todo\/update_todo mock/);
  await expect(update).toContainText('Mock result from the test case');
  await expect(update).toContainText('"note": "mocked"');
  await expect(update.getByTestId('call-verdict')).toContainText('TPexpected call 2arguments 100%');

  // The long final answer is folded with its size; Enter on its summary opens it. Its HTML stays text.
  const folded = timeline.locator('details').filter({ hasText: 'Text of step 3' });
  const summary = folded.locator('summary');
  await expect(summary).toContainText(`${LONG_ANSWER.length.toLocaleString('en')} characters, folded`);
  await expect(folded.locator('pre')).toBeHidden();
  await summary.focus();
  await page.keyboard.press('Enter');
  await expect(folded.locator('pre')).toBeVisible();
  await expect(folded.locator('pre')).toContainText('Done <b>not bold</b>.');
  await expect(timeline.locator('b')).toHaveCount(0);

  // Per-call figures on /metrics for this batch.
  await page.goto(`/metrics?batchId=${batch.id}`);
  const calls = page.getByRole('region', { name: 'Sequence runs: per call' });
  await expect(calls.getByTestId('calls-precision')).toContainText('100.0%');
  await expect(calls.getByTestId('calls-recall')).toContainText('100.0%');
  await expect(calls.getByTestId('calls-steps')).toContainText('3.0');
  await expect(calls.getByTestId('calls-by-model')).toContainText('openai · scripted');

  expect(llm.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${SENTINEL_KEY}`, `Bearer ${SENTINEL_KEY}`, `Bearer ${SENTINEL_KEY}`]);

  // No sideways scroll on the editor (every section open) and the timeline, on a phone and a laptop, in both schemes.
  const runUrl = (await (await request.get(`/api/test-runs?batchId=${batch.id}`)).json()) as { items: { id: string }[] };
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const url of [`/test-cases/${id}/edit`, `/runs/${runUrl.items[0]?.id}`]) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `${url} at ${width} px (${scheme})` }).toBeLessThanOrEqual(0);
      }
    }
  }
});

test('a selection case shows the context its model gets, and an edit of it is saved', async ({ page, request }) => {
  const servers = (await (await request.get('/api/servers')).json()) as { items: { id: string; name: string }[] };
  const todo = servers.items.find((s) => s.name === 'todo')!.id;
  // As an import would leave it: a selection case with earlier turns (sent to the model since issue 17).
  const created = await request.post('/api/test-cases', {
    data: {
      name: `selection with context ${Date.now().toString(36)}`,
      query: 'Now mark it done',
      serverIds: [todo],
      expectedServer: 'todo',
      expectedTool: 'update_todo',
      context: [
        { role: 'user', content: 'Which todo is about the SSL certificate?' },
        { role: 'assistant', content: 'The one called Renew SSL certificate.' },
      ],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  await page.goto(`/test-cases/${id}/edit`);
  await expect(page.getByRole('radio', { name: /One tool call/ })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Conversation before the query' })).toBeVisible();
  await expect(page.getByLabel('Text of turn 1', { exact: true })).toHaveValue('Which todo is about the SSL certificate?');
  await expect(page.getByLabel('Text of turn 2', { exact: true })).toHaveValue('The one called Renew SSL certificate.');
  await page.getByRole('button', { name: 'Remove turn 2 (assistant)' }).click();
  await page.getByLabel('Text of turn 1', { exact: true }).fill('Find the SSL certificate todo');
  await page.getByRole('button', { name: 'Save changes' }).click();
  // The list says it was saved, then drops the one-off ?saved= from the address (e2e/large-suites.spec.ts).
  await expect(page.getByText(/^Saved “/)).toBeVisible();
  await expect(page).toHaveURL(/\/test-cases$/);
  const saved = (await (await request.get(`/api/test-cases/${id}`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({ mode: 'selection', expectedTool: 'update_todo', context: [{ role: 'user', content: 'Find the SSL certificate todo' }] });
});
