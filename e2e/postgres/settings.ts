import path from 'node:path';

/** Where the Postgres e2e run's app listens and keeps its files (shared by playwright.postgres.config.ts and the specs). */
export const PORT = Number(process.env.E2E_PORT ?? 3124);
export const DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data-pg';

/** The app's and the worker's output (stdout and stderr), written beside their data. */
export const APP_LOG = path.join(DATA_DIR, 'app.log');
export const WORKER_LOG = path.join(DATA_DIR, 'worker.log');
