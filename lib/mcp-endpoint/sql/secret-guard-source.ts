/**
 * `findSecretRead(db, sql, secretColumns)`, as source for the query process (see
 * query-process-source.ts): it runs there, on the connection and inside the read transaction
 * that then runs the query, so the bytecode it checks is the bytecode that runs.
 *
 * better-sqlite3 has no authorizer hook, so the check reads the compiled program instead
 * (EXPLAIN): every value a statement takes from a table passes through an opcode on a cursor
 * opened on that table's b-tree (OpenRead p2 = root page), whatever the expression, clause,
 * subquery, CTE, view or join around it. So:
 * - a Column (or RowData/RowCell) read of a secret column on a table cursor is refused;
 * - an index whose key holds a secret column (or whose WHERE names one) leaks through seeks,
 *   comparisons and its order without any Column read (`where key_hash > 'a'` seeks the
 *   index, `order by key_hash` walks it), so such a cursor may only be walked blind (count(*),
 *   exists, a scan that reads nothing from it); any other use is refused;
 * - tables whose record layout is not the plain column order (WITHOUT ROWID, generated
 *   columns) are refused whole rather than guessed at;
 * - a cursor whose root page is only known at run time, and virtual tables that expose raw
 *   pages (sqlite_dbpage, when compiled in), are refused.
 * Returns null, or { table, column, readable } naming the first secret read.
 */
export const SECRET_GUARD_SOURCE = String.raw`
function findSecretRead(db, sql, secretColumns) {
  // Opcodes whose P1 is a cursor (SQLite 3.4x-3.5x). A cursor on a secret-keyed index may only walk blind (BLIND ones):
  // counting, stepping and emptiness read no key, rowid or order, so count(*) or exists() served from that index stay allowed.
  const CURSOR_P1 = new Set(['Close', 'ColumnsUsed', 'Column', 'Count', 'DeferredSeek', 'Delete', 'FinishSeek', 'Found', 'IdxDelete', 'IdxGE', 'IdxGT',
    'IdxInsert', 'IdxLE', 'IdxLT', 'IdxRowid', 'IfNoHope', 'IfNotOpen', 'IfNullRow', 'IfSizeBetween', 'IfEmpty', 'Insert', 'Last', 'Next', 'NoConflict',
    'NotExists', 'NotFound', 'NullRow', 'Offset', 'Prev', 'Rewind', 'RowCell', 'RowData', 'Rowid', 'SeekEnd', 'SeekGE', 'SeekGT', 'SeekHit', 'SeekLE',
    'SeekLT', 'SeekRowid', 'Sequence', 'SequenceTest', 'OpenRead', 'ReopenIdx', 'OpenWrite', 'OpenDup']);
  const BLIND = new Set(['OpenRead', 'ReopenIdx', 'Count', 'Close', 'ColumnsUsed', 'Rewind', 'Next', 'Prev', 'Last', 'IfEmpty', 'NullRow', 'IfNullRow', 'IfNotOpen']);
  const OPFLAG_P2ISREG = 0x10;
  const lower = (s) => String(s).toLowerCase();

  const wanted = new Map();
  for (const c of secretColumns) {
    const set = wanted.get(lower(c.table)) || new Set();
    set.add(lower(c.column));
    wanted.set(lower(c.table), set);
  }
  const mentions = (text, names) =>
    names.some((n) => (/^[A-Za-z0-9_]+$/.test(n) ? new RegExp('(^|[^A-Za-z0-9_])' + n + '([^A-Za-z0-9_]|$)', 'i').test(text) : lower(text).includes(lower(n))));

  // Root page -> what a cursor on it can reveal.
  const roots = new Map();
  const tables = db.prepare("select name, rootpage, sql from sqlite_schema where type = 'table'").all();
  for (const t of tables) {
    const secret = wanted.get(lower(t.name));
    if (!secret) continue;
    const columns = db.prepare('select cid, name, hidden from pragma_table_xinfo(?)').all(t.name);
    const found = columns.filter((c) => secret.has(lower(c.name)));
    if (found.length === 0) continue;
    const names = found.map((c) => c.name);
    const readable = columns.filter((c) => !secret.has(lower(c.name)) && c.hidden === 0).map((c) => c.name);
    const plainLayout = !/\bwithout\s+rowid\b/i.test(t.sql || '') && columns.every((c) => c.hidden === 0);
    roots.set(t.rootpage, { table: t.name, names, readable, byIndex: plainLayout ? new Map(found.map((c) => [c.cid, c.name])) : null, keyed: false });
    for (const idx of db.prepare("select name, rootpage, sql from sqlite_schema where type = 'index' and tbl_name = ?").all(t.name)) {
      const parts = db.prepare('select cid, name from pragma_index_xinfo(?)').all(idx.name);
      const inKey = parts.filter((p) => p.name !== null && secret.has(lower(p.name))).map((p) => p.name);
      const inText = idx.sql && mentions(idx.sql, names);
      if (inKey.length === 0 && !inText) continue;
      const partial = !!idx.sql && /\bwhere\b/i.test(idx.sql) && inText;
      roots.set(idx.rootpage, { table: t.name, names: inKey.length ? inKey : names, readable, byIndex: null, keyed: true, blindOk: !partial });
    }
  }

  // Virtual tables that expose raw database pages would bypass every check above.
  const rawPageTables = new Set();
  const modules = db.prepare('select name from pragma_module_list').pluck().all();
  for (const name of ['sqlite_dbpage']) {
    if (!modules.includes(name)) continue;
    for (const op of db.prepare('EXPLAIN select 1 from ' + name).all()) if (op.opcode === 'VOpen') rawPageTables.add(op.p4);
  }

  const program = db.prepare('EXPLAIN ' + sql).all();
  const cursors = new Map();
  const refuse = (entry, column) => ({ table: entry.table, column, readable: entry.readable });
  // Code is not laid out in execution order (subroutines, the Init jump): find every cursor first.
  for (let pass = 0; pass < 2; pass++) {
    for (const op of program) {
      if (op.opcode === 'OpenRead' || op.opcode === 'ReopenIdx' || op.opcode === 'OpenWrite') {
        if (op.p5 & OPFLAG_P2ISREG) return { table: '?', column: '?', readable: [] };
        const entry = op.p3 === 0 ? roots.get(op.p2) : undefined;
        if (entry) cursors.set(op.p1, entry);
      } else if (op.opcode === 'OpenDup' && cursors.has(op.p2)) {
        cursors.set(op.p1, cursors.get(op.p2));
      } else if (op.opcode === 'VOpen' && rawPageTables.has(op.p4)) {
        return { table: 'sqlite_dbpage', column: 'data', readable: [] };
      }
    }
  }
  if (cursors.size === 0) return null;
  for (const op of program) {
    if (!CURSOR_P1.has(op.opcode)) continue;
    const entry = cursors.get(op.p1);
    if (!entry) continue;
    if (entry.keyed) {
      if (!(entry.blindOk && BLIND.has(op.opcode))) return refuse(entry, entry.names[0]);
    } else if (op.opcode === 'Column') {
      if (!entry.byIndex) return refuse(entry, entry.names[0]);
      const name = entry.byIndex.get(op.p2);
      if (name !== undefined) return refuse(entry, name);
    } else if (op.opcode === 'RowData' || op.opcode === 'RowCell') {
      return refuse(entry, entry.names[0]);
    }
  }
  return null;
}
`;
