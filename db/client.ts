import 'server-only';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { getStorageEnv, type StorageEnv } from '@/lib/env';
import { createPrivateFile, ensurePrivateDir, makePrivate } from '@/lib/private-files';
import * as schema from './schema';
import * as pgSchema from './schema.pg';
import { toolSetHashOfJson, toolSnapshotHashOfColumns } from './tool-hash';
import { currentFrame } from './tx-context';

/**
 * The query surface: typed as drizzle's SQLite database. On Postgres (DATABASE_URL) it is a node-postgres
 * drizzle database over the tables of db/schema.pg.ts (db/tables.ts hands out the active dialect's tables),
 * so query code must stay to what both run: awaited builders (not .all/.get/.run), db/sql.ts for raw SQL,
 * db/transaction.ts for transactions.
 */
export type Db = BetterSQLite3Database<typeof schema>;
type SqliteConnection = { kind: 'sqlite'; file: string; sqlite: Database.Database; db: Db };
type PgConnection = { kind: 'postgres'; url: string; pool: pg.Pool; db: Db; ready: Promise<void> | null };
type Connection = SqliteConnection | PgConnection;

// One connection per process, kept on globalThis so Next's dev reloads and separately
// bundled route modules share it.
const holder = globalThis as typeof globalThis & { __mcpEvalDb?: Connection };

export const DB_FILE_NAME = 'mcp-eval.sqlite';

export function databaseFile(): string {
  return path.join(getStorageEnv().dataDir, DB_FILE_NAME);
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

function openSqlite(file: string): SqliteConnection {
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
  return { kind: 'sqlite', file, sqlite, db };
}

// Postgres int8 (count(*), sums) and numeric (avg, sums of bigint) as JavaScript numbers, as SQLite gives them:
// the harness's counters stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

const PG_POOL_MAX = 10;

function openPostgres(url: string): PgConnection {
  const pool = new pg.Pool({ connectionString: url, max: PG_POOL_MAX });
  // An idle client dropped by the server (restart, failover) must not take the process down; the next query reconnects.
  pool.on('error', (err) => process.stderr.write(`postgres pool: ${err.message}\n`));
  const db = drizzlePg(pool, { schema: pgSchema }) as unknown as Db;
  return { kind: 'postgres', url, pool, db, ready: null };
}

function pgMigrationsFolder(): string {
  return path.join(process.cwd(), 'db', 'migrations-pg');
}

/** Any constant: app and workers starting together migrate one at a time under this advisory lock. */
const MIGRATION_LOCK = 2_020_112_420;

async function migratePostgres(conn: PgConnection): Promise<void> {
  const client = await conn.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: pgMigrationsFolder() });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * The content addresses of tool snapshots as SQL functions (db/tool-hash.ts), for the
 * migration that moved the per-run copies and the tool_definitions view's triggers. Before
 * migrating: a migration may call them.
 */
export function registerFunctions(sqlite: Database.Database): void {
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

/**
 * The database for the current DATA_DIR or DATABASE_URL (opened on first use; SQLite migrates on open, Postgres
 * in prepareDatabase()). Inside withTransaction (db/transaction.ts) it is that transaction.
 */
export function getDb(): Db {
  return currentFrame<Db>()?.db ?? getConnection().db;
}

/** The database outside any transaction (db/transaction.ts opens transactions on it). */
export function getRootDb(): Db {
  return getConnection().db;
}

/** The raw better-sqlite3 connection: SQLite only. */
export function getSqlite(): Database.Database {
  const conn = getConnection();
  if (conn.kind !== 'sqlite') throw new Error('getSqlite() is SQLite-only, and DATABASE_URL points at Postgres: use db/sql.ts');
  return conn.sqlite;
}

/** The Postgres pool: Postgres only (db/transaction.ts, the queue). */
export function getPgPool(): pg.Pool {
  const conn = getConnection();
  if (conn.kind !== 'postgres') throw new Error('getPgPool() needs DATABASE_URL=postgres://...');
  return conn.pool;
}

/**
 * Opens the database and applies pending migrations; resolves when queries can run. Start-up, the CLI, workers
 * and the Postgres test setup await it (SQLite migrates synchronously on first use anyway).
 */
export async function prepareDatabase(): Promise<void> {
  const conn = getConnection();
  if (conn.kind === 'sqlite') return;
  conn.ready ??= migratePostgres(conn).catch((err: unknown) => {
    conn.ready = null;
    throw err;
  });
  await conn.ready;
}

let resolvedFor: { storage: StorageEnv; conn: Connection } | null = null;

function getConnection(): Connection {
  // Asked on every query: the same storage settings and a live connection answer at once.
  const storage = getStorageEnv();
  const current = holder.__mcpEvalDb;
  if (resolvedFor && resolvedFor.storage === storage && resolvedFor.conn === current && (current.kind === 'postgres' || current.sqlite.open)) return current;
  const conn = resolveConnection(storage.databaseUrl, current);
  resolvedFor = { storage, conn };
  return conn;
}

function resolveConnection(url: string | undefined, current: Connection | undefined): Connection {
  if (url) {
    if (current?.kind === 'postgres' && current.url === url) return current;
    closeConnection(current);
    holder.__mcpEvalDb = openPostgres(url);
    return holder.__mcpEvalDb;
  }
  const file = databaseFile();
  if (current?.kind === 'sqlite' && current.file === file && current.sqlite.open) return current;
  closeConnection(current);
  holder.__mcpEvalDb = openSqlite(file);
  return holder.__mcpEvalDb;
}

function closeConnection(conn: Connection | undefined): Promise<void> {
  if (!conn) return Promise.resolve();
  if (conn.kind === 'sqlite') {
    if (conn.sqlite.open) conn.sqlite.close();
    return Promise.resolve();
  }
  return conn.pool.end().catch(() => undefined);
}

/** Closes the connection (SQLite at once; the Postgres pool when the returned promise resolves). */
export function closeDb(): Promise<void> {
  const conn = holder.__mcpEvalDb;
  holder.__mcpEvalDb = undefined;
  return closeConnection(conn);
}

/**
 * Builds something once per connection (prepared statements, which belong to the connection
 * they were prepared on) and hands the same value back until the connection changes.
 */
export function perConnection<T>(build: (db: Db) => T): () => T {
  const built = new WeakMap<Db, T>();
  return () => {
    const db = getRootDb();
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
