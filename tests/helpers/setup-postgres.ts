/**
 * Setup file of the `postgres` vitest project (issue 20): this test file's own database, copied from the migrated
 * template (tests/helpers/postgres-global.ts), and DATABASE_URL pointing at it before any query module loads
 * (db/tables.ts picks the dialect once). Dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';

const clusterUrl = inject('postgresUrl');
const templateUrl = inject('postgresTemplateUrl');
const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const template = new URL(templateUrl).pathname.slice(1);
await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
const url = new URL(clusterUrl);
url.pathname = `/${name}`;
process.env.DATABASE_URL = url.toString();

afterAll(async () => {
  const { closeDb } = await import('@/db/client');
  await closeDb();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});
