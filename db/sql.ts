/**
 * Raw SQL on either dialect (issue 20): the same `sql` template runs on SQLite and Postgres, results as plain
 * rows. Write SQL both accept (COALESCE, CAST(x AS DOUBLE PRECISION), explicit GROUP BY, NULLS FIRST/LAST);
 * where they differ, dialectSql picks per dialect. Postgres int8/numeric come back as numbers (db/client.ts).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getDb } from './client';
import { isPostgres } from './dialect';
import { inSqliteTurn } from './transaction';

type PgResult = { rows: unknown[]; rowCount: number | null };

async function pgExecute(query: SQL): Promise<PgResult> {
  const db = getDb() as unknown as NodePgDatabase;
  return (await db.execute(query)) as unknown as PgResult;
}

/** Every row of a SELECT (or of a statement with RETURNING). */
export async function all<T>(query: SQL): Promise<T[]> {
  if (isPostgres()) return (await pgExecute(query)).rows as T[];
  return inSqliteTurn(() => getDb().all<T>(query));
}

/** The first row, or undefined. */
export async function get<T>(query: SQL): Promise<T | undefined> {
  if (isPostgres()) return (await pgExecute(query)).rows[0] as T | undefined;
  return inSqliteTurn(() => getDb().get<T>(query));
}

/** Runs a statement; returns the rows it changed. */
export async function run(query: SQL): Promise<number> {
  if (isPostgres()) return (await pgExecute(query)).rowCount ?? 0;
  return inSqliteTurn(() => getDb().run(query).changes);
}

/** Rows changed by an awaited drizzle insert/update/delete (SQLite `changes`, Postgres `rowCount`). */
export function affected(result: unknown): number {
  if (result && typeof result === 'object') {
    const r = result as { changes?: unknown; rowCount?: unknown };
    if (typeof r.changes === 'number') return r.changes;
    if (typeof r.rowCount === 'number') return r.rowCount;
  }
  return 0;
}

/** The fragment for the active dialect, where SQLite and Postgres spell a thing differently. */
export function dialectSql(variants: { sqlite: SQL; postgres: SQL }): SQL {
  return isPostgres() ? variants.postgres : variants.sqlite;
}

/** A boolean as a bound value: SQLite stores 1/0 (and binds no booleans), Postgres has `boolean`. */
export function sqlBool(value: boolean): SQL {
  return isPostgres() ? sql`${value}` : sql`${value ? 1 : 0}`;
}

/** Case-insensitive LIKE (SQLite's LIKE already is for ASCII; Postgres needs ILIKE). `pattern` is bound. */
export function likeInsensitive(column: SQLWrapper, pattern: string): SQL {
  return isPostgres() ? sql`${column} ILIKE ${pattern} ESCAPE '\\'` : sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/** Text ordered by code point on both (SQLite compares bytes; a Postgres database may default to a locale's collation). */
export function binaryOrder(column: SQLWrapper): SQL {
  return isPostgres() ? sql`${column} COLLATE "C"` : sql`${column}`;
}

/** SQL text with `@name` placeholders (better-sqlite3's named parameters), each bound from `params`; an unknown name throws. */
export function sqlNamed(text: string, params: Readonly<Record<string, unknown>>): SQL {
  const query = sql.empty();
  let last = 0;
  for (const match of text.matchAll(/@([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const name = match[1] ?? '';
    if (!Object.hasOwn(params, name)) throw new Error(`no value bound for @${name}`);
    query.append(sql.raw(text.slice(last, match.index)));
    query.append(sql`${params[name]}`);
    last = match.index + match[0].length;
  }
  return query.append(sql.raw(text.slice(last)));
}
