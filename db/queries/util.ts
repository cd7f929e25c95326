import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();
export const nowIso = (): string => new Date().toISOString();

/** LIKE pattern for a user's search text, with %, _ and \ taken literally (use ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The driver's error under drizzle's DrizzleQueryError wrapper (it keeps the original as `cause`). */
export function driverError(err: unknown): (Error & { code?: unknown; table?: unknown; detail?: unknown }) | null {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof (e as { code?: unknown }).code === 'string') return e;
  }
  return null;
}

/**
 * The `table.column` a unique constraint refused, or null for any other error. better-sqlite3
 * reports a code and the column in the message; Postgres SQLSTATE 23505 with the table and
 * `Key (column)=(value) already exists.` in the detail.
 */
export function uniqueViolation(err: unknown): string | null {
  const e = driverError(err);
  if (!e) return null;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return /UNIQUE constraint failed: ([\w.]+)/.exec(e.message)?.[1] ?? 'unique';
  }
  if (e.code === '23505') {
    const column = typeof e.detail === 'string' ? /^Key \(([\w, ]+)\)=/.exec(e.detail)?.[1] : undefined;
    return column && typeof e.table === 'string' ? `${e.table}.${column}` : 'unique';
  }
  return null;
}

export type Page = { limit: number; offset: number };
export type ListResult<T> = { items: T[]; total: number; limit: number; offset: number };
