import 'server-only';
import { databaseFile, getSqlite } from '@/db/client';
import { SECRET_COLUMNS } from '@/db/secret-columns';

type TableInfo = { name: string; type: string; pk: number };

const memo = new Map<string, string>();

/**
 * "table(column type [pk] [secret], ...)" per table and view (tool_definitions is one), read from sqlite_schema once per database file, so the
 * query_sql description always matches the migrated schema.
 */
export function describeSchema(): string {
  const file = databaseFile();
  const known = memo.get(file);
  if (known) return known;
  const sqlite = getSqlite();
  const tables = sqlite
    .prepare(`select name from sqlite_schema where type in ('table', 'view') and name not like 'sqlite\\_%' escape '\\' and name not like '\\_\\_drizzle%' escape '\\' order by name`)
    .pluck()
    .all() as string[];
  const lines = tables.map((table) => {
    const columns = sqlite.prepare(`select name, type, pk from pragma_table_info(?)`).all(table) as TableInfo[];
    const secret = (column: string) => SECRET_COLUMNS.some((s) => s.table === table && s.column === column);
    return `${table}(${columns.map((c) => `${c.name} ${c.type.toLowerCase()}${c.pk ? ' pk' : ''}${secret(c.name) ? ' secret' : ''}`).join(', ')})`;
  });
  const text = lines.join('\n');
  memo.set(file, text);
  return text;
}
