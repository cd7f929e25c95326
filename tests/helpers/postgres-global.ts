/**
 * vitest globalSetup of the `postgres` project (issue 20): one throwaway cluster for the whole run
 * (tests/helpers/postgres.ts) and a template database with db/migrations-pg applied once; every test file then
 * gets its own database copied from the template (tests/helpers/setup-postgres.ts), which takes milliseconds.
 */
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createDatabase, startPostgres, type PostgresCluster } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplateUrl: string;
  }
}

export const TEMPLATE_DATABASE = 'mcp_eval_template';

type Context = { provide(key: 'postgresUrl' | 'postgresTemplateUrl', value: string): void };
let cluster: PostgresCluster | null = null;

export async function setup(context: Context): Promise<void> {
  cluster = await startPostgres();
  const templateUrl = await createDatabase(cluster.url, TEMPLATE_DATABASE);
  const pool = new pg.Pool({ connectionString: templateUrl, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.join(import.meta.dirname, '..', '..', 'db', 'migrations-pg') });
  } finally {
    await pool.end();
  }
  context.provide('postgresUrl', cluster.url);
  context.provide('postgresTemplateUrl', templateUrl);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  cluster = null;
}
