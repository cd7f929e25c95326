import 'server-only';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { getDb, type Db } from '../client';
import { staticTools, type StaticToolRow } from '../schema';

export type StaticToolValues = Omit<StaticToolRow, 'serverId' | 'ordinal' | 'outputSchema' | 'annotations'> &
  Partial<Pick<StaticToolRow, 'outputSchema' | 'annotations'>>;

/** The tools of a static server, in listing order. */
export async function listStaticTools(serverId: string): Promise<StaticToolRow[]> {
  return getDb().select().from(staticTools).where(eq(staticTools.serverId, serverId)).orderBy(asc(staticTools.ordinal)).all();
}

export async function countStaticTools(serverIds: string[]): Promise<Map<string, number>> {
  if (serverIds.length === 0) return new Map();
  const rows = getDb()
    .select({ serverId: staticTools.serverId, n: count() })
    .from(staticTools)
    .where(inArray(staticTools.serverId, serverIds))
    .groupBy(staticTools.serverId)
    .all();
  return new Map(rows.map((r) => [r.serverId, r.n]));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Replaces the whole list (order = array order) inside the caller's transaction: the server
 * writes of db/queries/servers.ts pass theirs, so a server is never seen with half a list.
 */
export function writeStaticTools(tx: Tx, serverId: string, tools: StaticToolValues[]): void {
  tx.delete(staticTools).where(eq(staticTools.serverId, serverId)).run();
  if (tools.length === 0) return;
  // SQLite binds at most 32,766 variables: 7 per tool, so chunks of 1,000 stay well below.
  for (let i = 0; i < tools.length; i += 1000) {
    tx.insert(staticTools)
      .values(
        tools.slice(i, i + 1000).map((t, k) => ({
          serverId,
          ordinal: i + k,
          name: t.name,
          description: t.description,
          inputSchema: t.inputSchema,
          outputSchema: t.outputSchema ?? null,
          annotations: t.annotations ?? null,
        })),
      )
      .run();
  }
}
