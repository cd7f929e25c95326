import 'server-only';
import { count } from 'drizzle-orm';
import { getDb, getSqlite } from '../client';
import { mcpServers } from '../schema';

export function pingDatabase(): void {
  getSqlite().prepare('select 1').get();
}

export function serverStatusCounts(): Record<'inactive' | 'active' | 'failed', number> {
  const rows = getDb().select({ status: mcpServers.status, n: count() }).from(mcpServers).groupBy(mcpServers.status).all();
  const out = { inactive: 0, active: 0, failed: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}
