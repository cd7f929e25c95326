import 'server-only';
import { spawn } from 'node:child_process';
import { QUERY_PROCESS_SOURCE } from './query-process-source';

export type QueryInput = {
  file: string;
  sql: string;
  secretColumns: readonly { table: string; column: string }[];
  maxRows: number;
  maxCellChars: number;
  maxResultChars: number;
  /** Resident memory of the whole query process, node included. */
  maxRssBytes: number;
  /** The process's own deadline, a backstop to the caller's abort. */
  maxMs: number;
};

export type QueryReply =
  | { ok: true; columns: string[]; rows: unknown[][]; more: boolean }
  | { ok: false; code: 'read_only' | 'sql_error'; reason: string }
  | { ok: false; code: 'secret_column'; table: string; column: string; readable: string[] }
  | { ok: false; code: 'memory_limit' | 'time_limit' | 'aborted' }
  | { ok: false; code: 'crashed'; reason: string };

/** The reply holds at most maxRows rows of capped cells; anything far past that is a fault. */
const MAX_REPLY_BYTES = 4 * 1024 * 1024;
const MAX_STDERR_BYTES = 16 * 1024;
/** V8's own heap in the query process: rows and cells are capped long before this. */
const V8_HEAP_MB = 64;
const OUT_OF_MEMORY = /heap out of memory|Allocation failed|out of memory/i;

/** The query process needs no configuration: the app's environment (keys, secrets) stays out of it. */
const CHILD_ENV = { NODE_ENV: 'production' } as const;

function parseReply(stdout: string): QueryReply {
  try {
    return JSON.parse(stdout) as QueryReply;
  } catch {
    return { ok: false, code: 'crashed', reason: 'the query process gave no readable answer' };
  }
}

/**
 * Runs one query in a fresh node process and resolves with its reply; never rejects. An abort
 * kills that process alone (SIGKILL: a query inside SQLite does not look at signals).
 */
export function runQueryProcess(input: QueryInput, signal: AbortSignal): Promise<QueryReply> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${V8_HEAP_MB}`, '-e', QUERY_PROCESS_SOURCE], {
      cwd: process.cwd(),
      env: CHILD_ENV,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    let verdict: QueryReply | null = null;
    const stop = (reply: QueryReply) => {
      verdict ??= reply;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop({ ok: false, code: 'aborted' });
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();

    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_REPLY_BYTES) stop({ ok: false, code: 'crashed', reason: 'the query process answered too much' });
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < MAX_STDERR_BYTES) err += chunk.toString('utf8');
    });
    // A process that died before reading its input closes stdin early: 'close' reports why.
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => stop({ ok: false, code: 'crashed', reason: `the query process could not start: ${e.message}` }));
    child.on('close', (code, killedBy) => {
      signal.removeEventListener('abort', onAbort);
      if (verdict) return resolve(verdict);
      if (/^memory_limit$/m.test(err) || OUT_OF_MEMORY.test(err)) return resolve({ ok: false, code: 'memory_limit' });
      if (/^time_limit$/m.test(err)) return resolve({ ok: false, code: 'time_limit' });
      if (code === 0) return resolve(parseReply(Buffer.concat(out).toString('utf8')));
      resolve({ ok: false, code: 'crashed', reason: `the query process stopped (${killedBy ?? `exit code ${code}`})` });
    });
    child.stdin.end(JSON.stringify(input));
  });
}
