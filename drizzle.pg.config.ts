import { defineConfig } from 'drizzle-kit';

/** The Postgres migrations (issue 20), generated from db/schema.pg.ts, the mirror of db/schema.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.pg.ts',
  out: './db/migrations-pg',
});
