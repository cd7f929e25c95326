import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '../client';
import { staticTools, toolDefinitions } from '../schema';

/** A static set's definition of a tool: the harness holds it, so it is exact. */
export function staticToolSchema(serverId: string, toolName: string): Record<string, unknown> | undefined {
  return getDb()
    .select({ inputSchema: staticTools.inputSchema })
    .from(staticTools)
    .where(and(eq(staticTools.serverId, serverId), eq(staticTools.name, toolName)))
    .get()?.inputSchema;
}

/** The tool's inputSchema as the latest run saw it (runs snapshot every tool they offer). */
export function latestSnapshotSchema(serverName: string, toolName: string): Record<string, unknown> | undefined {
  return getDb()
    .select({ inputSchema: toolDefinitions.inputSchema })
    .from(toolDefinitions)
    .where(and(eq(toolDefinitions.serverName, serverName), eq(toolDefinitions.name, toolName)))
    .orderBy(desc(toolDefinitions.createdAt))
    .limit(1)
    .get()?.inputSchema;
}
