import 'server-only';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { getEnv } from '@/lib/env';
import { createPrivateFile, ensurePrivateDir, makePrivate } from '@/lib/private-files';
import * as schema from './schema';
import { toolSetHashOfJson, toolSnapshotHashOfColumns } from './tool-hash';

export type Db = BetterSQLite3Database<typeof schema>;
type Connection = { file: string; sqlite: Database.Database; db: Db };

// One connection per process, kept on globalThis so Next's dev reloads and separately
// bundled route modules share it.
const holder = globalThis as typeof globalThis & { __mcpEvalDb?: Connection };

export const DB_FILE_NAME = 'mcp-eval.sqlite';

export function databaseFile(): string {
  return path.join(getEnv().dataDir, DB_FILE_NAME);
}

function migrationsFolder(): string {
  return path.join(process.cwd(), 'db', 'migrations');
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles SQL on every prepare() and drizzle prepares on every query; on the
 * evaluation hot path that compilation was most of the per-run database time. Statements are
 * reusable, so the connection keeps the recent ones by SQL text (modes reset on reuse; a
 * statement busy iterating is never handed out twice).
 */
function cachePreparedStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const hit = cache.get(source);
    if (hit && !hit.busy) {
      cache.delete(source);
      cache.set(source, hit);
      if (hit.reader) hit.raw(false).expand(false).pluck(false);
      return hit;
    }
    const stmt = prepare(source);
    if (!hit) {
      cache.set(source, stmt);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    return stmt;
  }) as Database.Database['prepare'];
}

function open(file: string): Connection {
  ensurePrivateDir(path.dirname(file));
  // SQLite creates the file 0644 but gives -wal and -shm the database file's mode: make it 0600 first.
  createPrivateFile(file);
  const sqlite = new Database(file);
  cachePreparedStatements(sqlite);
  sqlite.pragma('journal_mode = WAL');
  for (const suffix of ['-wal', '-shm']) makePrivate(`${file}${suffix}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  registerFunctions(sqlite);
  const db = drizzle(sqlite, { schema });
  migrateWithoutForeignKeys(sqlite, db);
  return { file, sqlite, db };
}

/**
 * The content addresses of tool snapshots as SQL functions (db/tool-hash.ts), for the
 * migration that moved the per-run copies and the tool_definitions view's triggers. Before
 * migrating: a migration may call them.
 */
function registerFunctions(sqlite: Database.Database): void {
  sqlite.function('tool_snapshot_hash', { deterministic: true }, toolSnapshotHashOfColumns);
  sqlite.function('tool_set_hash', { deterministic: true }, toolSetHashOfJson);
}

/**
 * Migrations run in one transaction, where `PRAGMA foreign_keys` is a no-op, and a table
 * rebuild (SQLite's only way to change a CHECK) drops the old table: with enforcement on,
 * that fires its children's ON DELETE actions (cascades delete rows, RESTRICT aborts).
 * Enforcement is off while migrating; a reference left broken afterwards fails the start.
 */
function migrateWithoutForeignKeys(sqlite: Database.Database, db: Db): void {
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder: migrationsFolder() });
    const broken = sqlite.pragma('foreign_key_check') as { table: string; parent: string }[];
    if (broken.length) {
      throw new Error(`Migration left ${broken.length} broken reference(s), e.g. ${broken[0]?.table} -> ${broken[0]?.parent}`);
    }
  } finally {
    sqlite.pragma('foreign_keys = ON');
  }
}

/** The migrated database for the current DATA_DIR (opened on first use). */
export function getDb(): Db {
  return getConnection().db;
}

export function getSqlite(): Database.Database {
  return getConnection().sqlite;
}

function getConnection(): Connection {
  const file = databaseFile();
  const current = holder.__mcpEvalDb;
  if (current && current.file === file && current.sqlite.open) return current;
  if (current?.sqlite.open) current.sqlite.close();
  holder.__mcpEvalDb = open(file);
  return holder.__mcpEvalDb;
}

export function closeDb(): void {
  holder.__mcpEvalDb?.sqlite.close();
  holder.__mcpEvalDb = undefined;
}

/**
 * Builds something once per connection (prepared statements, which belong to the connection
 * they were prepared on) and hands the same value back until the connection changes.
 */
export function perConnection<T>(build: (db: Db) => T): () => T {
  const built = new WeakMap<Db, T>();
  return () => {
    const db = getDb();
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
