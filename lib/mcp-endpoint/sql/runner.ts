import 'server-only';
import { databaseFile, getSqlite } from '@/db/client';
import { SECRET_COLUMNS } from '@/db/secret-columns';
import { AppError, ValidationError } from '@/lib/errors';
import { log } from '@/lib/log';
import { QueryBusyError, QueryMemoryError, SecretColumnError } from './errors';
import { runQueryProcess, type QueryReply } from './query-process';
import { createSlots, SlotsFullError, type Slots } from './query-slots';
import { assertSelectStatement, ReadOnlyError } from './read-only';

export const MAX_ROWS = 100;
const MAX_CELL_CHARS = 2000;
/** What the query process collects before the budget trims it: a bound on memory, not on the answer. */
const MAX_RESULT_CHARS = 256 * 1024;
/** Resident memory of one query process (node itself takes ~50 MB of it). */
export const QUERY_MEMORY_LIMIT_BYTES = 192 * 1024 * 1024;
/** The process's own deadline, should the call's abort never come (the app died): above the call timeout. */
const QUERY_PROCESS_MAX_MS = 60_000;
/** Each query holds a process (a core, up to the memory cap); the rest queue briefly. */
export const MAX_CONCURRENT_QUERIES = 4;
/** So one key's runaway queries leave slots for the other keys. */
const MAX_CONCURRENT_QUERIES_PER_KEY = 2;
const MAX_QUEUED_QUERIES = 16;

export type QueryResult = { columns: string[]; rows: unknown[][]; more: boolean };

// One set of slots per app process, however many times Next bundles this module.
const holder = globalThis as typeof globalThis & { __mcpEvalSqlSlots?: Slots };
function slots(): Slots {
  holder.__mcpEvalSqlSlots ??= createSlots(MAX_CONCURRENT_QUERIES, MAX_QUEUED_QUERIES, MAX_CONCURRENT_QUERIES_PER_KEY);
  return holder.__mcpEvalSqlSlots;
}

const timeout = () => new AppError('timeout', 504, 'The query took too long and was stopped');

function toResult(reply: QueryReply): QueryResult {
  if (reply.ok) return { columns: reply.columns, rows: reply.rows, more: reply.more };
  switch (reply.code) {
    case 'read_only':
      throw new ReadOnlyError(reply.reason);
    case 'secret_column':
      throw new SecretColumnError(reply.table, reply.column, reply.readable);
    case 'memory_limit':
      throw new QueryMemoryError(QUERY_MEMORY_LIMIT_BYTES);
    case 'time_limit':
    case 'aborted':
      throw timeout();
    case 'sql_error':
      // SQLite's own allocation failure is the same limit, met inside the engine.
      if (/^out of memory$|string or blob too big/i.test(reply.reason)) throw new QueryMemoryError(QUERY_MEMORY_LIMIT_BYTES);
      throw new ValidationError(`The query failed: ${reply.reason}`, undefined, 'sql_error');
    case 'crashed':
      log.warn('query_sql process failed', { reason: reply.reason });
      throw new AppError('query_failed', 500, 'The query process stopped unexpectedly');
  }
}

/**
 * Runs one SELECT in its own process, on a read-only, query_only connection, after checking
 * its bytecode for reads of secret columns. An abort (the call timeout) kills that process
 * only; memory and time are capped per process; at most MAX_CONCURRENT_QUERIES run at once,
 * MAX_CONCURRENT_QUERIES_PER_KEY of them for one key.
 */
export async function runReadOnlyQuery(sql: string, signal: AbortSignal, keyId?: string): Promise<QueryResult> {
  const statement = assertSelectStatement(sql);
  if (signal.aborted) throw new AppError('timeout', 504, 'The query was cancelled before it started');
  // Opening the main connection first runs the migrations, so the query process sees the tables.
  getSqlite();
  let release: () => void;
  try {
    release = await slots().acquire(signal, keyId);
  } catch (e) {
    if (e instanceof SlotsFullError) throw new QueryBusyError(MAX_CONCURRENT_QUERIES);
    throw timeout();
  }
  try {
    const reply = await runQueryProcess(
      {
        file: databaseFile(),
        sql: statement,
        secretColumns: SECRET_COLUMNS.map(({ table, column }) => ({ table, column })),
        maxRows: MAX_ROWS,
        maxCellChars: MAX_CELL_CHARS,
        maxResultChars: MAX_RESULT_CHARS,
        maxRssBytes: QUERY_MEMORY_LIMIT_BYTES,
        maxMs: QUERY_PROCESS_MAX_MS,
      },
      signal,
    );
    return toResult(reply);
  } finally {
    release();
  }
}
