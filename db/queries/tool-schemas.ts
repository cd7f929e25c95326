import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../client';
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
