import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { startLlmServer, type LlmServer } from '../../tests/helpers/llm-server';
import { postgresBinDir } from '../../tests/helpers/postgres';
import { appProcessId, batchNamed, closeDb, db, readLog, uniqueName, waitForBatchEnd, watchPageErrors } from './helpers';
import { APP_LOG, WORKER_LOG } from './settings';

/*
 * The API key sentinel on Postgres (issue 20): a batch launched in the browser with an
 * OpenAI-compatible model at a local endpoint and a made-up key. The key reaches the endpoint
 * (the runs used it), its runs go to the app process's own queue, and afterwards the key is in
 * no byte of a pg_dump of the whole database (app tables and pg-boss's), nor in the app's or
 * the worker's log, nor in the Postgres server's log, which logs every statement with its
 * parameters here (scripts/e2e-postgres.ts).
 */

const run = promisify(execFile);
let llm: LlmServer;

test.beforeAll(async () => {
  llm = await startLlmServer({
    rules: [{ match: /^Rate your confidence/, replies: [{ text: '{"confidence": 0.7, "reasoning": "fits"}' }] }],
    default: { toolCalls: [{ name: 'rag_search', arguments: { query: 'vector search' } }] },
  });
});

test.afterAll(async () => {
  await llm.close();
  await closeDb();
});

test('an API key used by a batch is stored and logged nowhere: pg_dump, app, worker and server logs', async ({ page }) => {
  const key = `sk-e2e-pg-sentinel-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const name = uniqueName('sentinel');
  const errors = watchPageErrors(page);
  await page.goto('/runs');
  await page.getByLabel('Batch name (optional)').fill(name);
  await page.getByLabel('Choose test cases').check();
  await page.getByLabel('Search test cases').fill('todo');
  const options = page.getByRole('list', { name: 'Test cases to run' }).getByRole('checkbox');
  for (const i of [0, 1, 2]) await options.nth(i).check();
  await expect(page.getByText('3 selected')).toBeVisible();
  const row = page.getByTestId('model-row').first();
  await row.getByLabel('Provider').selectOption('openai-compatible');
  await row.getByLabel('Model', { exact: true }).fill('scripted');
  await row.getByLabel(/Base URL/).fill(llm.openaiBaseUrl);
  await row.getByLabel('Max retries').fill('0');
  await page.getByLabel(/^Generic model API key/).fill(key);
  await page.getByRole('button', { name: 'Launch batch' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Started “${name}” with 3 runs` })).toBeVisible();
  const card = page.getByTestId('batch-live').filter({ hasText: name });
  await expect(card).toHaveAttribute('data-status', 'completed', { timeout: 30_000 });

  const batch = await batchNamed(page.request, name);
  expect((await waitForBatchEnd(page.request, batch.id)).counts).toMatchObject({ total: 3, completed: 3, failed: 0 });
  // The runs used the key: it reached the endpoint as the bearer token of every call.
  const calls = llm.requests.filter((r) => r.api === 'openai');
  expect(calls.length).toBeGreaterThanOrEqual(3);
  expect(calls.every((r) => r.headers.authorization === `Bearer ${key}`)).toBe(true);
  // Keyed runs sit in the queue of the app process that holds the key, which no worker consumes.
  const { rows: queues } = await db().query<{ name: string; n: number }>(`SELECT name, count(*)::int AS n FROM pgboss.job WHERE data->>'batchId' = $1 GROUP BY name`, [batch.id]);
  expect(queues).toEqual([{ name: `runs.p.${await appProcessId()}`, n: 3 }]);

  // Every byte of the database, pg-boss's schema included.
  const bin = postgresBinDir();
  expect(bin, 'pg_dump is installed').toBeTruthy();
  const dump = (await run(path.join(bin ?? '', 'pg_dump'), ['--dbname', process.env.E2E_DATABASE_URL ?? '', '--no-owner'], { maxBuffer: 1 << 30 })).stdout;
  expect(dump).toContain(name);
  expect(dump).toContain(batch.id);
  expect(dump.includes(key), 'the key is in the database dump').toBe(false);

  // The logs: the app's and the worker's (LOG_LEVEL=debug), and Postgres's own, every statement with its parameters.
  const serverLog = readLog(process.env.E2E_PG_LOG ?? '');
  expect(serverLog, 'the server logs statements').toContain(batch.id);
  const appLog = readLog(APP_LOG);
  expect(appLog).toContain('"level":"debug"');
  const logs = { app: appLog, worker: readLog(WORKER_LOG), postgres: serverLog };
  for (const [which, text] of Object.entries(logs)) expect(text.includes(key), `the key is in the ${which} log`).toBe(false);
  expect(errors).toEqual([]);
});
