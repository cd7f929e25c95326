import 'server-only';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '../client';
import { mcpServers, testCases, testCaseServers, type McpServerRow, type NewMcpServerRow } from '../schema';
import { writeStaticTools, type StaticToolValues } from './static-tools';
import { likePattern, newId, nowIso, type Page } from './util';

export type ServerFilter = Page & { search?: string; status?: McpServerRow['status']; transport?: McpServerRow['transport'] };

function whereOf(filter: Omit<ServerFilter, 'limit' | 'offset'>) {
  return and(
    filter.search
      ? sql`(${mcpServers.name} like ${likePattern(filter.search)} escape '\\' or ${mcpServers.url} like ${likePattern(filter.search)} escape '\\')`
      : undefined,
    filter.status ? eq(mcpServers.status, filter.status) : undefined,
    filter.transport ? eq(mcpServers.transport, filter.transport) : undefined,
  );
}

export async function listServers(filter: ServerFilter): Promise<{ rows: McpServerRow[]; total: number }> {
  const db = getDb();
  const where = whereOf(filter);
  const rows = db.select().from(mcpServers).where(where).orderBy(asc(mcpServers.name)).limit(filter.limit).offset(filter.offset).all();
  const total = db.select({ n: count() }).from(mcpServers).where(where).get()?.n ?? 0;
  return { rows, total };
}

export async function listAllServers(): Promise<McpServerRow[]> {
  return getDb().select().from(mcpServers).orderBy(asc(mcpServers.name)).all();
}

export async function getServer(id: string): Promise<McpServerRow | undefined> {
  return getDb().select().from(mcpServers).where(eq(mcpServers.id, id)).get();
}

export async function getServersByIds(ids: string[]): Promise<McpServerRow[]> {
  if (ids.length === 0) return [];
  return getDb().select().from(mcpServers).where(inArray(mcpServers.id, ids)).all();
}

export async function getServersByNames(names: string[]): Promise<McpServerRow[]> {
  if (names.length === 0) return [];
  return getDb().select().from(mcpServers).where(inArray(mcpServers.name, names)).all();
}

export async function findServerConflict(name: string, url: string | null | undefined, exceptId?: string): Promise<'name' | 'url' | null> {
  const db = getDb();
  const byName = db.select({ id: mcpServers.id }).from(mcpServers).where(sql`${mcpServers.name} = ${name} collate nocase`).all();
  if (byName.some((r) => r.id !== exceptId)) return 'name';
  if (url) {
    const byUrl = db.select({ id: mcpServers.id }).from(mcpServers).where(eq(mcpServers.url, url)).all();
    if (byUrl.some((r) => r.id !== exceptId)) return 'url';
  }
  return null;
}

/** Inserts a server; a static server's `tools` go in the same transaction, so it is never seen with half a list. */
export async function insertServer(values: Omit<NewMcpServerRow, 'id'>, tools?: StaticToolValues[]): Promise<McpServerRow> {
  return getDb().transaction((tx) => {
    const row = tx.insert(mcpServers).values({ ...values, id: newId() }).returning().get();
    if (tools) writeStaticTools(tx, row.id, tools);
    return row;
  });
}

/**
 * Updates a server; a rename is carried to the test cases that expect it, and `tools` (when
 * given) replaces the stored static tool list, all in one transaction, so no test case is left
 * pointing at a name that no longer exists and no server is seen with half a list.
 */
export async function updateServer(id: string, values: Partial<NewMcpServerRow>, tools?: StaticToolValues[]): Promise<McpServerRow | undefined> {
  const db = getDb();
  return db.transaction((tx) => {
    const before = tx.select({ name: mcpServers.name }).from(mcpServers).where(eq(mcpServers.id, id)).get();
    if (!before) return undefined;
    const row = tx.update(mcpServers).set(values).where(eq(mcpServers.id, id)).returning().get();
    if (values.name && values.name !== before.name) {
      tx.update(testCases)
        .set({ expectedMcpServerName: values.name })
        .where(
          and(
            eq(testCases.expectedMcpServerName, before.name),
            inArray(testCases.id, tx.select({ id: testCaseServers.testCaseId }).from(testCaseServers).where(eq(testCaseServers.serverId, id))),
          ),
        )
        .run();
    }
    if (tools) writeStaticTools(tx, id, tools);
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
  return getDb().update(mcpServers).set(values).where(eq(mcpServers.id, id)).returning().get();
}

export async function testCaseIdsUsingServer(id: string): Promise<string[]> {
  return getDb()
    .select({ id: testCaseServers.testCaseId })
    .from(testCaseServers)
    .where(eq(testCaseServers.serverId, id))
    .all()
    .map((r) => r.id);
}

/** Deletes the server; with `withTestCases`, the test cases that use it go too (one transaction). */
export async function deleteServer(id: string, withTestCases: boolean): Promise<boolean> {
  const db = getDb();
  return db.transaction((tx) => {
    if (withTestCases) {
      const ids = tx.select({ id: testCaseServers.testCaseId }).from(testCaseServers).where(eq(testCaseServers.serverId, id)).all().map((r) => r.id);
      if (ids.length) tx.delete(testCases).where(inArray(testCases.id, ids)).run();
    }
    return tx.delete(mcpServers).where(eq(mcpServers.id, id)).run().changes > 0;
  });
}
