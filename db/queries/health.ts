import 'server-only';
import { count, sql } from 'drizzle-orm';
import { getDb } from '../client';
import { get } from '../sql';
import { mcpServers } from '../tables';

export async function pingDatabase(): Promise<void> {
  await get(sql`select 1 as ok`);
}

export async function serverStatusCounts(): Promise<Record<'inactive' | 'active' | 'failed', number>> {
  const rows = await getDb().select({ status: mcpServers.status, n: count() }).from(mcpServers).groupBy(mcpServers.status);
  const out = { inactive: 0, active: 0, failed: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}

export type RunActivity = { finished: number; failed: number; p50: number | null; p95: number | null; lastFiveMinutes: number };

/** Activity of the last hour, from the indexed created_at column; percentiles by nearest rank in SQL. */
export async function runActivity(sinceIso: string, fiveMinutesAgoIso: string): Promise<RunActivity> {
  const agg = await get<{ finished: number; failed: number | null; recent: number | null; timed: number }>(sql`select
        count(*) as "finished",
        sum(case when status = 'failed' then 1 else 0 end) as "failed",
        sum(case when coalesce(completed_at, created_at) >= ${fiveMinutesAgoIso} then 1 else 0 end) as "recent",
        sum(case when status = 'completed' and execution_time_ms is not null then 1 else 0 end) as "timed"
      from test_runs
     where created_at >= ${sinceIso} and status in ('completed', 'failed')`);
  const n = agg?.timed ?? 0;
  const pick = async (q: number): Promise<number | null> => {
    if (n === 0) return null;
    const row = await get<{ ms: number }>(sql`select execution_time_ms as "ms" from test_runs
        where created_at >= ${sinceIso} and status = 'completed' and execution_time_ms is not null
        order by execution_time_ms limit 1 offset ${Math.max(0, Math.ceil(q * n) - 1)}`);
    return row?.ms ?? null;
  };
  return { finished: agg?.finished ?? 0, failed: agg?.failed ?? 0, p50: await pick(0.5), p95: await pick(0.95), lastFiveMinutes: agg?.recent ?? 0 };
}
