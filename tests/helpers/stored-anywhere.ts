import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { databaseFile, getSqlite } from '@/db/client';
import { isPostgres } from '@/db/dialect';
import { all } from '@/db/sql';

/**
 * Whether `text` (a sentinel API key) is stored anywhere in the test's database. SQLite: the
 * database file's bytes after a checkpoint, so free pages and old row versions count too.
 * Postgres: every row of every table of the schema, as JSON (its files are not ours to read).
 */
export async function storedAnywhere(text: string): Promise<boolean> {
  if (!isPostgres()) {
    getSqlite().pragma('wal_checkpoint(TRUNCATE)');
    return fs.readFileSync(databaseFile()).includes(text);
  }
  const tables = await all<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  if (!tables.some((t) => t.name === 'test_runs')) throw new Error('storedAnywhere: the schema has no tables to scan');
  for (const { name } of tables) {
    if (JSON.stringify(await all(sql`select * from ${sql.identifier(name)}`)).includes(text)) return true;
  }
  return false;
}
