import 'server-only';
import { z } from 'zod';
import { OBJECT_BUDGET_BYTES, render, shorten, type Rendered } from '../budget';
import { MAX_ROWS, runReadOnlyQuery, type QueryResult } from '../sql/runner';
import { describeSchema } from '../sql/schema-description';
import { defineTool, type ToolContext } from './types';

export const MAX_SQL_CHARS = 10_000;
const CELL_CHARS_SHOWN = 500;

function fitRows(result: QueryResult, ctx: ToolContext): Rendered {
  const rows = result.rows.map((r) => shorten(r, CELL_CHARS_SHOWN, 1000));
  const budget = OBJECT_BUDGET_BYTES;
  const body = (n: number) => ({ columns: result.columns, rows: rows.slice(0, n), rowCount: n });
  const limitHint = `stopped at ${MAX_ROWS} rows: page with LIMIT/OFFSET or aggregate`;
  if (!result.more) {
    const full = render(body(rows.length), budget, ctx, { truncated: false });
    if (full.metadata.bytes <= budget) return full;
  }
  for (let n = rows.length - (result.more ? 0 : 1); n >= 0; n--) {
    const hint =
      n < rows.length
        ? `truncated at ${budget / 1024} KB: ${n} of ${rows.length}${result.more ? '+' : ''} rows shown; select fewer columns or add LIMIT ${Math.max(n, 1)} OFFSET ${n}`
        : limitHint;
    const out = render(body(n), budget, ctx, { truncated: true, hint });
    if (out.metadata.bytes <= budget) return out;
  }
  return render(body(0), budget, ctx, { truncated: true, hint: 'select fewer or shorter columns' });
}

export const querySqlTool = defineTool({
  name: 'query_sql',
  title: 'Run a read-only SQL query',
  description: () =>
    'Runs ONE read-only SQLite SELECT (or WITH ... SELECT) on the harness database, on a separate read-only connection. ' +
    `Anything else (INSERT, UPDATE, DELETE, PRAGMA, ATTACH, several statements) is rejected: MCP tools are read-only. At most ${MAX_ROWS} rows ` +
    `and ${OBJECT_BUDGET_BYTES / 1024} KB are returned (cells over ${CELL_CHARS_SHOWN} characters are cut); page with LIMIT/OFFSET. ` +
    'JSON columns hold JSON text (use json_extract). Columns marked secret cannot be read in any clause (name the columns you need instead of *). Returns {columns, rows (arrays), rowCount, metadata}. ' +
    `The full DDL is in sqlite_schema (SELECT sql FROM sqlite_schema WHERE name = 'test_runs'). Tables:\n${describeSchema()}`,
  inputSchema: z.object({ sql: z.string().min(1).max(MAX_SQL_CHARS, `sql must be at most ${MAX_SQL_CHARS} characters`).describe('One SELECT statement') }).strict(),
  run: async (args, ctx) => fitRows(await runReadOnlyQuery(args.sql, ctx.signal, ctx.keyId), ctx),
});
