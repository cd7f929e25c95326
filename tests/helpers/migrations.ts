import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { registerFunctions } from '@/db/client';

/**
 * A copy of db/migrations whose journal stops at migration `last` (inclusive): drizzle's
 * migrator applied to it builds a database as an older release left it, so a migration test
 * can insert rows there and then apply the rest.
 */
export function copyMigrationsUpTo(last: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-migrations-'));
  fs.cpSync(path.join(process.cwd(), 'db', 'migrations'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

/**
 * A SQLite file migrated up to migration `last` (inclusive), with the SQL functions later migrations call
 * registered as db/client.ts does: a migration test writes its rows there, closes it and lets the app migrate
 * the rest. The caller closes it.
 */
export function openSqliteAtMigration(file: string, last: number, options: { foreignKeys?: boolean } = {}): Database.Database {
  const folder = copyMigrationsUpTo(last);
  const sqlite = new Database(file);
  try {
    if (options.foreignKeys) sqlite.pragma('foreign_keys = ON');
    registerFunctions(sqlite);
    migrate(drizzle(sqlite), { migrationsFolder: folder });
  } catch (err) {
    sqlite.close();
    throw err;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return sqlite;
}
