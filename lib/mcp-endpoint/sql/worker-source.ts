/**
 * The query worker, as source for `new Worker(..., { eval: true })`: a file next to this one
 * would need its own bundling under Next. It requires better-sqlite3 from the app's
 * node_modules (resolved from the working directory, like the migrations folder).
 *
 * A worker because better-sqlite3 is synchronous: a runaway SELECT on the main thread would
 * stall every request, while a worker can be abandoned (terminated) at the call timeout.
 */
export const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('better-sqlite3');
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('query_only = ON');
db.pragma('busy_timeout = 5000');
const secret = new Set(workerData.secretColumns);

function cell(value) {
  if (Buffer.isBuffer(value)) return '<blob ' + value.length + ' bytes>';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' && value.length > workerData.maxCellChars) return value.slice(0, workerData.maxCellChars) + '…';
  return value;
}

parentPort.on('message', (msg) => {
  try {
    let stmt;
    try {
      stmt = db.prepare(msg.sql);
    } catch (e) {
      if (e instanceof RangeError && /more than one statement/.test(e.message)) {
        parentPort.postMessage({ id: msg.id, ok: false, code: 'read_only', reason: 'multiple statements' });
        return;
      }
      throw e;
    }
    if (!stmt.readonly || !stmt.reader) {
      parentPort.postMessage({ id: msg.id, ok: false, code: 'read_only', reason: 'the statement writes or returns no rows' });
      return;
    }
    const columns = stmt.columns();
    const redact = columns.map((c) => c.table !== null && c.column !== null && secret.has(c.table + '.' + c.column));
    const rows = [];
    let size = 0;
    let more = false;
    for (const row of stmt.raw(true).iterate()) {
      if (rows.length >= msg.maxRows || size > workerData.maxResultChars) {
        more = true;
        break;
      }
      const out = row.map((v, i) => (redact[i] ? '[redacted]' : cell(v)));
      size += JSON.stringify(out).length;
      rows.push(out);
    }
    parentPort.postMessage({ id: msg.id, ok: true, columns: columns.map((c) => c.name), rows, more });
  } catch (e) {
    parentPort.postMessage({ id: msg.id, ok: false, code: 'sql_error', reason: e && e.message ? String(e.message) : String(e) });
  }
});
`;
