import { AppError } from '@/lib/errors';

export const READ_ONLY_MESSAGE = 'MCP tools are read-only: only a single SELECT (or WITH ... SELECT) statement is allowed';

export class ReadOnlyError extends AppError {
  constructor(reason: string) {
    super('read_only', 403, READ_ONLY_MESSAGE, { reason });
  }
}

/** Leading blanks and comments, which SQLite skips too. */
const LEADING_NOISE = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;

/**
 * The first gate (the read-only connection, query_only and the prepared statement's own
 * readonly flag are the others): PRAGMA, ATTACH, VACUUM and the like are refused by keyword
 * because SQLite counts some of them as read-only statements.
 */
export function assertSelectStatement(sql: string): string {
  const body = sql.replace(LEADING_NOISE, '').replace(/[\s;]+$/, '');
  const keyword = /^[A-Za-z]+/.exec(body)?.[0]?.toLowerCase();
  if (keyword !== 'select' && keyword !== 'with') throw new ReadOnlyError(keyword ? `${keyword.toUpperCase()} statements are not allowed` : 'no statement');
  return body;
}
