import 'server-only';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { getDb } from '../client';
import type { StaticToolRow } from '../schema';
import { staticTools } from '../tables';

export type StaticToolValues = Omit<StaticToolRow, 'serverId' | 'ordinal' | 'outputSchema' | 'annotations'> &
  Partial<Pick<StaticToolRow, 'outputSchema' | 'annotations'>>;

/** The tools of a static server, in listing order. */
export async function listStaticTools(serverId: string): Promise<StaticToolRow[]> {
  return getDb().select().from(staticTools).where(eq(staticTools.serverId, serverId)).orderBy(asc(staticTools.ordinal));
}

export async function countStaticTools(serverIds: string[]): Promise<Map<string, number>> {
  if (serverIds.length === 0) return new Map();
  const rows = await getDb()
    .select({ serverId: staticTools.serverId, n: count() })
    .from(staticTools)
    .where(inArray(staticTools.serverId, serverIds))
    .groupBy(staticTools.serverId);
  return new Map(rows.map((r) => [r.serverId, r.n]));
}

/** Rows per INSERT: 7 values each stays far below SQLite's 32,766 and Postgres's 65,535 bound parameters. */
const INSERT_CHUNK = 1000;

/**
 * Replaces the whole list (order = array order). Call inside withTransaction with the server's
 * own write (db/queries/servers.ts does), so a server is never seen with half a list.
 */
export async function writeStaticTools(serverId: string, tools: StaticToolValues[]): Promise<void> {
  const db = getDb();
  await db.delete(staticTools).where(eq(staticTools.serverId, serverId));
  for (let i = 0; i < tools.length; i += INSERT_CHUNK) {
    await db.insert(staticTools).values(
      tools.slice(i, i + INSERT_CHUNK).map((t, k) => ({
        serverId,
        ordinal: i + k,
        name: t.name,
        description: t.description,
        inputSchema: t.inputSchema,
        outputSchema: t.outputSchema ?? null,
        annotations: t.annotations ?? null,
      })),
    );
  }
}
