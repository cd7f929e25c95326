import { SECRET_GUARD_SOURCE } from './secret-guard-source';

/**
 * One query_sql call, as source for `node -e`: a file next to this one would need its own
 * bundling under Next. It requires better-sqlite3 from the app's node_modules (resolved from
 * the working directory, like the migrations folder).
 *
 * A process per call, not a shared worker: a runaway query is killed without touching any
 * other call, and SQLite's memory is native, outside any V8 limit. This better-sqlite3 build
 * keeps no memory statistics (SQLITE_DEFAULT_MEMSTATUS=0), so PRAGMA hard_heap_limit is not
 * enforced and the engine cannot cap its own heap: a watchdog thread reads the process's
 * resident memory every few ms (the main thread is busy inside SQLite) and kills the process
 * past the cap, past its own deadline, or as soon as the app that started it is gone.
 *
 * Input: one JSON object on stdin. Output: one JSON reply on stdout; a watchdog stop writes
 * its reason to stderr before the kill.
 */
const WATCHDOG_SOURCE = String.raw`
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
function stop(reason) {
  try { fs.writeSync(2, '\n' + reason + '\n'); } finally { process.kill(process.pid, 'SIGKILL'); }
}
const parent = process.ppid;
setInterval(() => {
  if (process.memoryUsage.rss() > workerData.maxRssBytes) stop('memory_limit');
  else if (Date.now() > workerData.deadline) stop('time_limit');
  // Re-parented: the app died (SIGKILL, crash) and nobody will read the answer.
  else if (process.ppid !== parent) stop('orphaned');
}, workerData.intervalMs);
`;

export const QUERY_PROCESS_SOURCE = String.raw`
'use strict';
const fs = require('node:fs');
const { Worker } = require('node:worker_threads');
${SECRET_GUARD_SOURCE}

function cell(value, maxCellChars) {
  if (Buffer.isBuffer(value)) return '<blob ' + value.length + ' bytes>';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && value.length > maxCellChars) return value.slice(0, maxCellChars) + '…';
  return value;
}

function run(input) {
  const Database = require('better-sqlite3');
  const db = new Database(input.file, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  db.pragma('busy_timeout = 5000');
  // Not enforced by this better-sqlite3 build (no memory statistics; the watchdog is the cap), but a build
  // that keeps them fails inside the engine first, with a clean out-of-memory error.
  db.pragma('hard_heap_limit = ' + Math.floor(input.maxRssBytes / 2));
  // One snapshot for the check and the run: the schema the bytecode was checked against is the one it runs on.
  db.exec('BEGIN');
  db.prepare('select count(*) from sqlite_schema').get();
  let stmt;
  try {
    stmt = db.prepare(input.sql);
  } catch (e) {
    if (e instanceof RangeError && /more than one statement/.test(e.message)) return { ok: false, code: 'read_only', reason: 'multiple statements' };
    throw e;
  }
  if (!stmt.readonly || !stmt.reader) return { ok: false, code: 'read_only', reason: 'the statement writes or returns no rows' };
  const secret = findSecretRead(db, input.sql, input.secretColumns);
  if (secret) return { ok: false, code: 'secret_column', table: secret.table, column: secret.column, readable: secret.readable };
  const columns = stmt.columns().map((c) => c.name);
  const rows = [];
  let size = 0;
  let more = false;
  for (const row of stmt.raw(true).iterate()) {
    if (rows.length >= input.maxRows || size > input.maxResultChars) {
      more = true;
      break;
    }
    const out = row.map((v) => cell(v, input.maxCellChars));
    size += JSON.stringify(out).length;
    rows.push(out);
  }
  return { ok: true, columns, rows, more };
}

const input = JSON.parse(fs.readFileSync(0, 'utf8'));
const watchdog = new Worker(${JSON.stringify(WATCHDOG_SOURCE)}, {
  eval: true,
  workerData: { maxRssBytes: input.maxRssBytes, deadline: Date.now() + input.maxMs, intervalMs: 5 },
});
watchdog.unref();
let reply;
try {
  reply = run(input);
} catch (e) {
  reply = { ok: false, code: 'sql_error', reason: e && e.message ? String(e.message) : String(e) };
}
process.stdout.write(JSON.stringify(reply));
`;
