import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3123);
// E2E_DATA_DIR (with NEXT_DIST_DIR and E2E_PORT) lets two e2e runs share a checkout.
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
// E2E_BENCH_RUNS (npm run bench:e2e:1m): the server starts on a copy of the metrics bench's cached database of that many runs.
const BENCH_DATA = process.env.E2E_BENCH_RUNS ? `npx tsx e2e/bench-pages-data.ts ${DATA_DIR} && ` : '';

export default defineConfig({
  testDir: './e2e',
  // e2e/postgres runs on its own config against Postgres (playwright.postgres.config.ts).
  testIgnore: '**/postgres/**',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  outputDir: 'test-results/e2e-artifacts',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // This machine has no network beyond localhost: keep Chromium from trying.
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    // The production build (npm run build ran first), on a fresh data directory.
    command: `rm -rf ${DATA_DIR} && ${BENCH_DATA}HOST=127.0.0.1 PORT=${PORT} DATA_DIR=${DATA_DIR} LOG_LEVEL=warn npm start`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: BENCH_DATA ? 180_000 : 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
