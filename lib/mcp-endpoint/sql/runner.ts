import 'server-only';
import { Worker } from 'node:worker_threads';
import { databaseFile, getSqlite } from '@/db/client';
import { AppError, ValidationError } from '@/lib/errors';
import { assertSelectStatement, ReadOnlyError } from './read-only';
import { WORKER_SOURCE } from './worker-source';

export const MAX_ROWS = 100;
const MAX_CELL_CHARS = 2000;
/** What the worker collects before the budget trims it: a bound on memory, not on the answer. */
const MAX_RESULT_CHARS = 256 * 1024;
/** Ciphertext and key hashes are useless to a client and should not leave the app. */
const SECRET_COLUMNS = ['mcp_servers.auth_secret', 'mcp_servers.env_secret', 'api_keys.key_hash'];

export type QueryResult = { columns: string[]; rows: unknown[][]; more: boolean };
type Reply = { id: number; ok: true; columns: string[]; rows: unknown[][]; more: boolean } | { id: number; ok: false; code: 'read_only' | 'sql_error'; reason: string };
type Pending = { resolve: (r: Reply) => void; reject: (e: Error) => void };
type QueryWorker = { file: string; worker: Worker; pending: Map<number, Pending>; nextId: number };

const holder = globalThis as typeof globalThis & { __mcpEvalSqlWorker?: QueryWorker };

function failAll(w: QueryWorker, error: Error): void {
  for (const p of w.pending.values()) p.reject(error);
  w.pending.clear();
}

function startWorker(file: string): QueryWorker {
  // Opening the main connection first runs the migrations, so the read-only one sees the tables.
  getSqlite();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, secretColumns: SECRET_COLUMNS, maxCellChars: MAX_CELL_CHARS, maxResultChars: MAX_RESULT_CHARS },
  });
  // The worker must not keep a CLI or test process alive once nothing waits on it.
  worker.unref();
  const w: QueryWorker = { file, worker, pending: new Map(), nextId: 1 };
  worker.on('message', (reply: Reply) => {
    const p = w.pending.get(reply.id);
    w.pending.delete(reply.id);
    p?.resolve(reply);
  });
  const gone = (error: Error) => {
    if (holder.__mcpEvalSqlWorker === w) holder.__mcpEvalSqlWorker = undefined;
    failAll(w, error);
  };
  worker.on('error', (e) => gone(e));
  worker.on('exit', () => gone(new Error('the query worker stopped')));
  return w;
}

function currentWorker(): QueryWorker {
  const file = databaseFile();
  const w = holder.__mcpEvalSqlWorker;
  if (w && w.file === file) return w;
  if (w) void w.worker.terminate();
  holder.__mcpEvalSqlWorker = startWorker(file);
  return holder.__mcpEvalSqlWorker;
}

/**
 * Runs one SELECT on a separate read-only, query_only connection in a worker thread. An
 * abort (the call timeout) terminates the worker, so a runaway query cannot hold the app;
 * the next query starts a fresh one.
 */
export async function runReadOnlyQuery(sql: string, signal: AbortSignal): Promise<QueryResult> {
  const statement = assertSelectStatement(sql);
  if (signal.aborted) throw new AppError('timeout', 504, 'The query was cancelled before it started');
  const w = currentWorker();
  const id = w.nextId++;
  const reply = await new Promise<Reply>((resolve, reject) => {
    const onAbort = () => {
      w.pending.delete(id);
      reject(new AppError('timeout', 504, 'The query took too long and was stopped'));
      if (holder.__mcpEvalSqlWorker === w) holder.__mcpEvalSqlWorker = undefined;
      failAll(w, new AppError('timeout', 504, 'The query was stopped along with a query that took too long'));
      void w.worker.terminate();
    };
    signal.addEventListener('abort', onAbort, { once: true });
    w.pending.set(id, {
      resolve: (r) => {
        signal.removeEventListener('abort', onAbort);
        resolve(r);
      },
      reject: (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    });
    w.worker.postMessage({ id, sql: statement, maxRows: MAX_ROWS });
  });
  if (reply.ok) return { columns: reply.columns, rows: reply.rows, more: reply.more };
  if (reply.code === 'read_only') throw new ReadOnlyError(reply.reason);
  throw new ValidationError(`The query failed: ${reply.reason}`, undefined, 'sql_error');
}
