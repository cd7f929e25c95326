import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '../client';
import { staticTools } from '../schema';
import { latestSnapshotInputSchema } from './tool-snapshots';

/** A static set's definition of a tool: the harness holds it, so it is exact. */
export async function staticToolSchema(serverId: string, toolName: string): Promise<Record<string, unknown> | undefined> {
  return getDb()
    .select({ inputSchema: staticTools.inputSchema })
    .from(staticTools)
    .where(and(eq(staticTools.serverId, serverId), eq(staticTools.name, toolName)))
    .get()?.inputSchema;
}

/** The tool's inputSchema as the latest run saw it (runs snapshot every tool they offer). */
export async function latestSnapshotSchema(serverName: string, toolName: string): Promise<Record<string, unknown> | undefined> {
  const text = await latestSnapshotInputSchema(serverName, toolName);
  return text === undefined ? undefined : (JSON.parse(text) as Record<string, unknown>);
}
