import 'server-only';
import { count } from 'drizzle-orm';
import { getDb, getSqlite } from '../client';
import { mcpServers } from '../schema';

export async function pingDatabase(): Promise<void> {
  getSqlite().prepare('select 1').get();
}

export async function serverStatusCounts(): Promise<Record<'inactive' | 'active' | 'failed', number>> {
  const rows = getDb().select({ status: mcpServers.status, n: count() }).from(mcpServers).groupBy(mcpServers.status).all();
  const out = { inactive: 0, active: 0, failed: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}

export type RunActivity = { finished: number; failed: number; p50: number | null; p95: number | null; lastFiveMinutes: number };

/** Activity of the last hour, from the indexed created_at column; percentiles by nearest rank in SQL. */
export async function runActivity(sinceIso: string, fiveMinutesAgoIso: string): Promise<RunActivity> {
  const sqlite = getSqlite();
  const agg = sqlite
    .prepare(
      `select count(*) as finished,
              sum(status = 'failed') as failed,
              sum(coalesce(completed_at, created_at) >= ?) as recent
         from test_runs
        where created_at >= ? and status in ('completed', 'failed')`,
    )
    .get(fiveMinutesAgoIso, sinceIso) as { finished: number; failed: number | null; recent: number | null };
  const latency = sqlite.prepare(
    `select execution_time_ms from test_runs
      where created_at >= ? and status = 'completed' and execution_time_ms is not null
      order by execution_time_ms limit 1 offset ?`,
  );
  const n = sqlite
    .prepare(`select count(*) from test_runs where created_at >= ? and status = 'completed' and execution_time_ms is not null`)
    .pluck()
    .get(sinceIso) as number;
  const pick = (q: number) => (n === 0 ? null : ((latency.pluck().get(sinceIso, Math.max(0, Math.ceil(q * n) - 1)) as number | undefined) ?? null));
  return { finished: agg.finished, failed: agg.failed ?? 0, p50: pick(0.5), p95: pick(0.95), lastFiveMinutes: agg.recent ?? 0 };
}
