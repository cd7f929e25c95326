import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();
export const nowIso = (): string => new Date().toISOString();

/** LIKE pattern for a user's search text, with %, _ and \ taken literally (use ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** better-sqlite3 reports constraint failures with a code and the column in the message. */
export function uniqueViolation(err: unknown): string | null {
  if (!(err instanceof Error)) return null;
  const code = (err as { code?: unknown }).code;
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return null;
  const m = /UNIQUE constraint failed: ([\w.]+)/.exec(err.message);
  return m?.[1] ?? 'unique';
}

export type Page = { limit: number; offset: number };
export type ListResult<T> = { items: T[]; total: number; limit: number; offset: number };
