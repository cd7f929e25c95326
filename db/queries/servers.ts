import 'server-only';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { getDb } from '../client';
import type { McpServerRow, NewMcpServerRow } from '../schema';
import { affected, binaryOrder, likeInsensitive } from '../sql';
import { mcpServers, testCases, testCaseServers } from '../tables';
import { withTransaction } from '../transaction';
import { writeStaticTools, type StaticToolValues } from './static-tools';
import { likePattern, newId, nowIso, type Page } from './util';

export type ServerFilter = Page & { search?: string; status?: McpServerRow['status']; transport?: McpServerRow['transport'] };

function whereOf(filter: Omit<ServerFilter, 'limit' | 'offset'>) {
  const pattern = filter.search ? likePattern(filter.search) : '';
  return and(
    filter.search ? or(likeInsensitive(mcpServers.name, pattern), likeInsensitive(mcpServers.url, pattern)) : undefined,
    filter.status ? eq(mcpServers.status, filter.status) : undefined,
    filter.transport ? eq(mcpServers.transport, filter.transport) : undefined,
  );
}

/** Names in code-point order on both dialects (a Postgres database may collate by locale). */
const byName = () => binaryOrder(mcpServers.name);

export async function listServers(filter: ServerFilter): Promise<{ rows: McpServerRow[]; total: number }> {
  const db = getDb();
  const where = whereOf(filter);
  const rows = await db.select().from(mcpServers).where(where).orderBy(byName()).limit(filter.limit).offset(filter.offset);
  const [counted] = await db.select({ n: count() }).from(mcpServers).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function listAllServers(): Promise<McpServerRow[]> {
  return getDb().select().from(mcpServers).orderBy(byName());
}

export async function getServer(id: string): Promise<McpServerRow | undefined> {
  return (await getDb().select().from(mcpServers).where(eq(mcpServers.id, id)).limit(1))[0];
}

export async function getServersByIds(ids: string[]): Promise<McpServerRow[]> {
  if (ids.length === 0) return [];
  return getDb().select().from(mcpServers).where(inArray(mcpServers.id, ids));
}

export async function getServersByNames(names: string[]): Promise<McpServerRow[]> {
  if (names.length === 0) return [];
  return getDb().select().from(mcpServers).where(inArray(mcpServers.name, names));
}

/** Names compare case-insensitively (lower() on both dialects), URLs exactly. */
export async function findServerConflict(name: string, url: string | null | undefined, exceptId?: string): Promise<'name' | 'url' | null> {
  const db = getDb();
  const byName = await db.select({ id: mcpServers.id }).from(mcpServers).where(sql`lower(${mcpServers.name}) = lower(${name})`);
  if (byName.some((r) => r.id !== exceptId)) return 'name';
  if (url) {
    const byUrl = await db.select({ id: mcpServers.id }).from(mcpServers).where(eq(mcpServers.url, url));
    if (byUrl.some((r) => r.id !== exceptId)) return 'url';
  }
  return null;
}

async function insertRow(values: Omit<NewMcpServerRow, 'id'>): Promise<McpServerRow> {
  const [row] = await getDb().insert(mcpServers).values({ ...values, id: newId() }).returning();
  if (!row) throw new Error('insert into mcp_servers returned no row');
  return row;
}

/** Inserts a server; a static server's `tools` go in the same transaction, so it is never seen with half a list. */
export async function insertServer(values: Omit<NewMcpServerRow, 'id'>, tools?: StaticToolValues[]): Promise<McpServerRow> {
  if (!tools) return insertRow(values);
  return withTransaction(async () => {
    const row = await insertRow(values);
    await writeStaticTools(row.id, tools);
    return row;
  });
}

/**
 * Updates a server; a rename is carried to the test cases that expect it, and `tools` (when
 * given) replaces the stored static tool list, all in one transaction, so no test case is left
 * pointing at a name that no longer exists and no server is seen with half a list.
 */
export async function updateServer(id: string, values: Partial<NewMcpServerRow>, tools?: StaticToolValues[]): Promise<McpServerRow | undefined> {
  return withTransaction(async (tx) => {
    const [before] = await tx.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.id, id)).limit(1);
    if (!before) return undefined;
    const [row] = await tx.update(mcpServers).set(values).where(eq(mcpServers.id, id)).returning();
    if (values.name && values.name !== before.name) {
      await tx
        .update(testCases)
        .set({ expectedMcpServerName: values.name })
        .where(
          and(
            eq(testCases.expectedMcpServerName, before.name),
            inArray(testCases.id, tx.select({ id: testCaseServers.testCaseId }).from(testCaseServers).where(eq(testCaseServers.serverId, id))),
          ),
        );
    }
    if (tools) await writeStaticTools(id, tools);
    return row;
  });
}

export async function setServerStatus(
  id: string,
  status: { ok: true } | { ok: false; detail: string },
): Promise<McpServerRow | undefined> {
  const values = status.ok
    ? { status: 'active' as const, statusDetail: null, lastConnectedAt: nowIso() }
    : { status: 'failed' as const, statusDetail: status.detail.slice(0, 2000) };
  return (await getDb().update(mcpServers).set(values).where(eq(mcpServers.id, id)).returning())[0];
}

export async function testCaseIdsUsingServer(id: string): Promise<string[]> {
  const rows = await getDb().select({ id: testCaseServers.testCaseId }).from(testCaseServers).where(eq(testCaseServers.serverId, id));
  return rows.map((r) => r.id);
}

/** Deletes the server; with `withTestCases`, the test cases that use it go too (one transaction). */
export async function deleteServer(id: string, withTestCases: boolean): Promise<boolean> {
  return withTransaction(async (tx) => {
    if (withTestCases) {
      const ids = (await tx.select({ id: testCaseServers.testCaseId }).from(testCaseServers).where(eq(testCaseServers.serverId, id))).map((r) => r.id);
      if (ids.length) await tx.delete(testCases).where(inArray(testCases.id, ids));
    }
    return affected(await tx.delete(mcpServers).where(eq(mcpServers.id, id))) > 0;
  });
}
