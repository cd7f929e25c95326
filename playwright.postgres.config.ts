import { defineConfig } from '@playwright/test';
import base from './playwright.config';
import { APP_LOG, DATA_DIR, PORT, WORKER_LOG } from './e2e/postgres/settings';

/*
 * The app in Chromium on Postgres (issue 20): the production build with DATABASE_URL, the demo
 * data seeded, and one `npm run worker` beside it on the same database. Run it through
 * scripts/e2e-postgres.ts, which starts a throwaway cluster and sets E2E_DATABASE_URL (and
 * E2E_PG_LOG, the server's log). The app and the worker log to files in the data folder, which
 * the specs read (the worker's process id; the API key sentinel).
 *
 * The app works 2 queued runs at once and the worker 4, so a batch of slow runs is shared by both.
 */
const DATABASE_URL = process.env.E2E_DATABASE_URL;
if (!DATABASE_URL) throw new Error('E2E_DATABASE_URL is not set: run the Postgres browser tests with `npx tsx scripts/e2e-postgres.ts`');
const shared = `DATA_DIR=${DATA_DIR} DATABASE_URL='${DATABASE_URL}' LOG_LEVEL=debug QUEUE_REAP_SECONDS=1`;

export default defineConfig({
  ...base,
  testDir: './e2e/postgres',
  testIgnore: [],
  timeout: 60_000,
  outputDir: 'test-results/e2e-postgres-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright-postgres.json' }]],
  webServer: [
    {
      command: `rm -rf ${DATA_DIR} && mkdir -p ${DATA_DIR} && HOST=127.0.0.1 PORT=${PORT} ${shared} QUEUE_CONCURRENCY=2 npm start > ${APP_LOG} 2>&1`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      timeout: 90_000,
      reuseExistingServer: false,
    },
    {
      // Started once the app answers (migrations applied, demo data seeded); ready when its log says so (e2e/postgres/helpers.ts).
      command: `${shared} QUEUE_CONCURRENCY=4 SEED_DEMO=false npm run worker > ${WORKER_LOG} 2>&1`,
      reuseExistingServer: false,
    },
  ],
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
});
