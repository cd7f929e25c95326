import 'server-only';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { getDb, perConnection, type Db } from '../client';
import { mcpServers, testCases, testCaseServers, type NewTestCaseRow, type TestCaseRow } from '../schema';
import { likePattern, newId, type Page } from './util';

export type TestCaseServerRef = { id: string; name: string };
export type TestCaseWithServers = TestCaseRow & { servers: TestCaseServerRef[] };

export type TestCaseFilter = {
  search?: string;
  serverId?: string;
  serverName?: string;
  expectedTool?: string;
  kind?: 'positive' | 'negative';
};

function whereOf(f: TestCaseFilter) {
  const linkedTo = (serverCondition: ReturnType<typeof eq>) =>
    inArray(
      testCases.id,
      getDb()
        .select({ id: testCaseServers.testCaseId })
        .from(testCaseServers)
        .innerJoin(mcpServers, eq(mcpServers.id, testCaseServers.serverId))
        .where(serverCondition),
    );
  return and(
    f.search
      ? sql`(${testCases.name} like ${likePattern(f.search)} escape '\\' or ${testCases.query} like ${likePattern(f.search)} escape '\\')`
      : undefined,
    f.serverId ? linkedTo(eq(mcpServers.id, f.serverId)) : undefined,
    f.serverName ? linkedTo(eq(mcpServers.name, f.serverName)) : undefined,
    f.expectedTool ? eq(testCases.expectedToolName, f.expectedTool) : undefined,
    f.kind === 'negative' ? isNull(testCases.expectedToolName) : f.kind === 'positive' ? isNotNull(testCases.expectedToolName) : undefined,
  );
}

function attachServers(rows: TestCaseRow[]): TestCaseWithServers[] {
  if (rows.length === 0) return [];
  const links = getDb()
    .select({ testCaseId: testCaseServers.testCaseId, id: mcpServers.id, name: mcpServers.name })
    .from(testCaseServers)
    .innerJoin(mcpServers, eq(mcpServers.id, testCaseServers.serverId))
    .where(inArray(testCaseServers.testCaseId, rows.map((r) => r.id)))
    .orderBy(asc(testCaseServers.position))
    .all();
  const byCase = new Map<string, TestCaseServerRef[]>();
  for (const l of links) {
    const list = byCase.get(l.testCaseId) ?? [];
    list.push({ id: l.id, name: l.name });
    byCase.set(l.testCaseId, list);
  }
  return rows.map((r) => ({ ...r, servers: byCase.get(r.id) ?? [] }));
}

export function listTestCases(filter: TestCaseFilter & Page): { rows: TestCaseWithServers[]; total: number } {
  const db = getDb();
  const where = whereOf(filter);
  const rows = db
    .select()
    .from(testCases)
    .where(where)
    .orderBy(desc(testCases.createdAt), asc(testCases.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .all();
  const total = db.select({ n: count() }).from(testCases).where(where).get()?.n ?? 0;
  return { rows: attachServers(rows), total };
}

// Prepared once per connection: every evaluation run reads its test case.
const getQueries = perConnection((db) => prepareGetQueries(db));

function prepareGetQueries(db: Db) {
  return {
    testCase: db.select().from(testCases).where(eq(testCases.id, sql.placeholder('id'))).prepare(),
    servers: db
      .select({ id: mcpServers.id, name: mcpServers.name })
      .from(testCaseServers)
      .innerJoin(mcpServers, eq(mcpServers.id, testCaseServers.serverId))
      .where(eq(testCaseServers.testCaseId, sql.placeholder('id')))
      .orderBy(asc(testCaseServers.position))
      .prepare(),
  };
}

export function getTestCase(id: string): TestCaseWithServers | undefined {
  const q = getQueries();
  const row = q.testCase.get({ id });
  return row ? { ...row, servers: q.servers.all({ id }) } : undefined;
}

export type TestCaseValues = Omit<NewTestCaseRow, 'id' | 'createdAt' | 'updatedAt'>;

/** One transaction: the case and its server links are written together or not at all. */
export function insertTestCase(values: TestCaseValues, serverIds: string[]): TestCaseWithServers {
  const db = getDb();
  const id = db.transaction((tx) => {
    const row = tx.insert(testCases).values({ ...values, id: newId() }).returning({ id: testCases.id }).get();
    tx.insert(testCaseServers).values(serverIds.map((serverId, position) => ({ testCaseId: row.id, serverId, position }))).run();
    return row.id;
  });
  const created = getTestCase(id);
  if (!created) throw new Error('test case vanished after insert');
  return created;
}

export function updateTestCase(id: string, values: TestCaseValues, serverIds: string[]): TestCaseWithServers | undefined {
  const db = getDb();
  const found = db.transaction((tx) => {
    const changed = tx.update(testCases).set(values).where(eq(testCases.id, id)).run().changes;
    if (!changed) return false;
    tx.delete(testCaseServers).where(eq(testCaseServers.testCaseId, id)).run();
    tx.insert(testCaseServers).values(serverIds.map((serverId, position) => ({ testCaseId: id, serverId, position }))).run();
    return true;
  });
  return found ? getTestCase(id) : undefined;
}

/** Another test case with this name, compared case-insensitively like server names. */
export function findTestCaseByName(name: string, exceptId?: string): { id: string; name: string } | undefined {
  return getDb()
    .select({ id: testCases.id, name: testCases.name })
    .from(testCases)
    .where(sql`${testCases.name} = ${name.trim()} collate nocase`)
    .all()
    .find((r) => r.id !== exceptId);
}

export function deleteTestCase(id: string): boolean {
  return getDb().delete(testCases).where(eq(testCases.id, id)).run().changes > 0;
}

export function countTestCases(): number {
  return getDb().select({ n: count() }).from(testCases).get()?.n ?? 0;
}

export function listTestCaseIds(): string[] {
  return getDb().select({ id: testCases.id }).from(testCases).orderBy(asc(testCases.createdAt), asc(testCases.id)).all().map((r) => r.id);
}

export function existingTestCaseIds(ids: string[]): string[] {
  const out: string[] = [];
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    out.push(...getDb().select({ id: testCases.id }).from(testCases).where(inArray(testCases.id, chunk)).all().map((r) => r.id));
  }
  return out;
}

/** Every (server name, tool) some test case expects, e.g. to find tools no case covers yet. */
export function listExpectedTools(): { server: string; tool: string }[] {
  return getDb()
    .selectDistinct({ server: testCases.expectedMcpServerName, tool: testCases.expectedToolName })
    .from(testCases)
    .where(and(isNotNull(testCases.expectedMcpServerName), isNotNull(testCases.expectedToolName)))
    .all()
    .flatMap((r) => (r.server !== null && r.tool !== null ? [{ server: r.server, tool: r.tool }] : []));
}
