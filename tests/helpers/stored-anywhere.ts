import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { databaseFile, getSqlite } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { all } from '@/db/sql';

/**
 * Whether `text` (a sentinel API key) is stored anywhere in the test's database. SQLite: the
 * database file's bytes after a checkpoint, so free pages and old row versions count too.
 * Postgres: every row of every table of every schema (the app's and pg-boss's queue jobs), as JSON (its files are
 * not ours to read).
 */
export async function storedAnywhere(text: string): Promise<boolean> {
  if (!isPostgres()) {
    getSqlite().pragma('wal_checkpoint(TRUNCATE)');
    return fs.readFileSync(databaseFile()).includes(text);
  }
  const tables = await all<{ schema: string; name: string }>(
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
  );
  if (!tables.some((t) => t.name === 'test_runs')) throw new Error('storedAnywhere: the schema has no tables to scan');
  for (const { schema, name } of tables) {
    if (JSON.stringify(await all(sql`select * from ${sql.identifier(schema)}.${sql.identifier(name)}`)).includes(text)) return true;
  }
  return false;
}
