import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '../client';
import { all, dialectSql, get } from '../sql';
import { staticTools } from '../tables';
import { latestSnapshotInputSchema } from './tool-snapshots';

/** A static set's definition of a tool: the harness holds it, so it is exact. */
export async function staticToolSchema(serverId: string, toolName: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await getDb()
    .select({ inputSchema: staticTools.inputSchema })
    .from(staticTools)
    .where(and(eq(staticTools.serverId, serverId), eq(staticTools.name, toolName)))
    .limit(1);
  return row?.inputSchema;
}

/** The tool's inputSchema as the latest run saw it (runs snapshot every tool they offer). */
export async function latestSnapshotSchema(serverName: string, toolName: string): Promise<Record<string, unknown> | undefined> {
  return latestSnapshotInputSchema(serverName, toolName);
}

/**
 * The tool names of a live server in the latest listing a run saw (its runs snapshot every tool
 * they offer): the newest run whose listing has tools of `serverName` (at `serverUrl` when it has
 * one), leaving out runs of batches that changed the tools (an experiment variant's renames).
 * Undefined when no run has listed the server.
 */
export async function latestListedToolNames(serverName: string, serverUrl: string | null): Promise<{ names: Set<string>; listedAt: string } | undefined> {
  const atUrl = serverUrl === null ? sql`` : sql` and m.server_url = ${serverUrl}`;
  const newest = dialectSql({ sqlite: sql`r.rowid desc`, postgres: sql`r.created_at desc, r.id desc` });
  const latest = await get<{ toolSetId: number; listedAt: string }>(sql`select r.tool_set_id as "toolSetId", r.created_at as "listedAt" from test_runs r
      left join run_batches b on b.id = r.batch_id
     where b.tool_overrides is null
       and r.tool_set_id in (select m.tool_set_id from tool_set_members m join tool_snapshots s on s.id = m.snapshot_id
                              where s.server_name = ${serverName}${atUrl})
     order by ${newest}
     limit 1`);
  if (!latest) return undefined;
  const rows = await all<{ name: string }>(sql`select s.name as "name" from tool_set_members m join tool_snapshots s on s.id = m.snapshot_id
     where m.tool_set_id = ${latest.toolSetId} and s.server_name = ${serverName}${atUrl}`);
  return { names: new Set(rows.map((r) => r.name)), listedAt: latest.listedAt };
}
