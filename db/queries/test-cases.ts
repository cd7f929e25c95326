import 'server-only';
import { and, asc, count, countDistinct, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { getDb, perConnection, type Db } from '../client';
import { mcpServers, testCases, testCaseServers, testCaseTags, testRuns, type NewTestCaseRow, type TestCaseRow } from '../schema';
import { likePattern, newId, type Page } from './util';

export type TestCaseServerRef = { id: string; name: string };
export type TestCaseWithServers = TestCaseRow & { servers: TestCaseServerRef[]; tags: string[] };

export type TestCaseFilter = {
  search?: string;
  serverId?: string;
  serverName?: string;
  expectedTool?: string;
  kind?: 'positive' | 'negative';
  /** Cases carrying every one of these tags ('all', the default) or at least one ('any'). */
  tag?: string[];
  tagMatch?: 'all' | 'any';
};

export const TEST_CASE_SORTS = ['created', 'name', 'expectedTool', 'lastVerdict'] as const;
export type TestCaseSort = (typeof TEST_CASE_SORTS)[number];
export type TestCaseOrder = { sort?: TestCaseSort; dir?: 'asc' | 'desc' };

function taggedWith(tags: string[], match: 'all' | 'any') {
  const matching = getDb().select({ id: testCaseTags.testCaseId }).from(testCaseTags).where(inArray(testCaseTags.tag, tags));
  return inArray(
    testCases.id,
    match === 'any' ? matching : matching.groupBy(testCaseTags.testCaseId).having(sql`${countDistinct(testCaseTags.tag)} = ${tags.length}`),
  );
}

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
    f.tag?.length ? taggedWith([...new Set(f.tag)], f.tagMatch ?? 'all') : undefined,
  );
}

/**
 * Each case's latest completed verdict, whatever the model, as `right` (0 FP/FN, 1 TP/TN): one
 * grouped pass over the runs (SQLite takes the bare column from the row holding max()). A
 * correlated lookup per case took 19 s for 2,000 cases and 10,000 runs: the planner walked
 * the whole runs table per case to honour its ORDER BY completed_at.
 */
function lastVerdicts() {
  return getDb()
    .select({
      testCaseId: testRuns.testCaseId,
      right: sql<number>`case when ${testRuns.classification} in ('FP', 'FN') then 0 else 1 end`.as('lv_right'),
      at: sql<string>`max(${testRuns.completedAt})`.as('lv_at'),
    })
    .from(testRuns)
    .where(and(eq(testRuns.status, 'completed'), isNotNull(testRuns.classification)))
    .groupBy(testRuns.testCaseId)
    .as('lv');
}

/** Ties (same name, same time) fall back to the id so pages never repeat or skip a row. */
function orderOf(o: TestCaseOrder): SQL[] {
  const dir = o.dir === 'asc' ? asc : desc;
  switch (o.sort) {
    case 'name':
      return [dir(sql`${testCases.name} collate nocase`), asc(testCases.id)];
    case 'expectedTool':
      // negative cases (no expected tool) sort together after the named tools when ascending
      return [dir(sql`${testCases.expectedToolName} is null`), dir(testCases.expectedToolName), dir(testCases.createdAt), asc(testCases.id)];
    case 'lastVerdict': {
      // 0 wrong, 1 right (see lastVerdicts below); ascending puts the wrong ones first; never-run cases go last either way.
      const right = sql`${lastVerdicts().right}`;
      return [asc(sql`${right} is null`), dir(right), desc(testCases.createdAt), asc(testCases.id)];
    }
    default:
      return [dir(testCases.createdAt), asc(testCases.id)];
  }
}

function tagsByCase(ids: string[]): Map<string, string[]> {
  const byCase = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = getDb()
      .select({ testCaseId: testCaseTags.testCaseId, tag: testCaseTags.tag })
      .from(testCaseTags)
      .where(inArray(testCaseTags.testCaseId, ids.slice(i, i + 500)))
      .orderBy(asc(testCaseTags.tag))
      .all();
    for (const r of rows) byCase.set(r.testCaseId, [...(byCase.get(r.testCaseId) ?? []), r.tag]);
  }
  return byCase;
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
  const tags = tagsByCase(rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, servers: byCase.get(r.id) ?? [], tags: tags.get(r.id) ?? [] }));
}

export async function listTestCases(filter: TestCaseFilter & Page & TestCaseOrder): Promise<{ rows: TestCaseWithServers[]; total: number }> {
  const db = getDb();
  const where = whereOf(filter);
  const query = db.select(getTableColumns(testCases)).from(testCases).$dynamic();
  if (filter.sort === 'lastVerdict') {
    const lv = lastVerdicts();
    query.leftJoin(lv, eq(lv.testCaseId, testCases.id));
  }
  const rows = query
    .where(where)
    .orderBy(...orderOf(filter))
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
    tags: db.select({ tag: testCaseTags.tag }).from(testCaseTags).where(eq(testCaseTags.testCaseId, sql.placeholder('id'))).orderBy(asc(testCaseTags.tag)).prepare(),
  };
}

export async function getTestCase(id: string): Promise<TestCaseWithServers | undefined> {
  const q = getQueries();
  const row = q.testCase.get({ id });
  return row ? { ...row, servers: q.servers.all({ id }), tags: q.tags.all({ id }).map((t) => t.tag) } : undefined;
}

export type TestCaseValues = Omit<NewTestCaseRow, 'id' | 'createdAt' | 'updatedAt'>;

/** One transaction: the case, its server links and its tags are written together or not at all. */
export async function insertTestCase(values: TestCaseValues, serverIds: string[], tags: string[] = []): Promise<TestCaseWithServers> {
  const db = getDb();
  const id = db.transaction((tx) => {
    const row = tx.insert(testCases).values({ ...values, id: newId() }).returning({ id: testCases.id }).get();
    tx.insert(testCaseServers).values(serverIds.map((serverId, position) => ({ testCaseId: row.id, serverId, position }))).run();
    if (tags.length) tx.insert(testCaseTags).values(tags.map((tag) => ({ testCaseId: row.id, tag }))).run();
    return row.id;
  });
  const created = await getTestCase(id);
  if (!created) throw new Error('test case vanished after insert');
  return created;
}

export async function updateTestCase(id: string, values: TestCaseValues, serverIds: string[], tags: string[]): Promise<TestCaseWithServers | undefined> {
  const db = getDb();
  const found = db.transaction((tx) => {
    const changed = tx.update(testCases).set(values).where(eq(testCases.id, id)).run().changes;
    if (!changed) return false;
    tx.delete(testCaseServers).where(eq(testCaseServers.testCaseId, id)).run();
    tx.insert(testCaseServers).values(serverIds.map((serverId, position) => ({ testCaseId: id, serverId, position }))).run();
    tx.delete(testCaseTags).where(eq(testCaseTags.testCaseId, id)).run();
    if (tags.length) tx.insert(testCaseTags).values(tags.map((tag) => ({ testCaseId: id, tag }))).run();
    return true;
  });
  return found ? await getTestCase(id) : undefined;
}

/** Another test case with this name, compared case-insensitively like server names. */
export async function findTestCaseByName(name: string, exceptId?: string): Promise<{ id: string; name: string } | undefined> {
  return getDb()
    .select({ id: testCases.id, name: testCases.name })
    .from(testCases)
    .where(sql`${testCases.name} = ${name.trim()} collate nocase`)
    .all()
    .find((r) => r.id !== exceptId);
}

export async function deleteTestCase(id: string): Promise<boolean> {
  return getDb().delete(testCases).where(eq(testCases.id, id)).run().changes > 0;
}

/** Deletes every listed case in one transaction (links, tags and runs cascade); any failure deletes none. */
export async function deleteTestCases(ids: string[]): Promise<number> {
  return getDb().transaction((tx) => {
    let deleted = 0;
    for (let i = 0; i < ids.length; i += 500) {
      deleted += tx.delete(testCases).where(inArray(testCases.id, ids.slice(i, i + 500))).run().changes;
    }
    return deleted;
  });
}

/** The ids of every case matching a filter, in list order, up to `limit` (one query: run by tag, bulk delete by filter). */
export async function listTestCaseIdsMatching(filter: TestCaseFilter, limit: number): Promise<{ ids: string[]; total: number }> {
  const db = getDb();
  const where = whereOf(filter);
  const ids = db.select({ id: testCases.id }).from(testCases).where(where).orderBy(asc(testCases.createdAt), asc(testCases.id)).limit(limit).all().map((r) => r.id);
  const total = ids.length < limit ? ids.length : (db.select({ n: count() }).from(testCases).where(where).get()?.n ?? 0);
  return { ids, total };
}

/** Every tag in use with how many cases carry it, most used first (the list's tag chips). */
export async function listTags(): Promise<{ tag: string; count: number }[]> {
  return getDb()
    .select({ tag: testCaseTags.tag, count: count() })
    .from(testCaseTags)
    .groupBy(testCaseTags.tag)
    .orderBy(desc(count()), asc(testCaseTags.tag))
    .all();
}

export async function countTestCases(): Promise<number> {
  return getDb().select({ n: count() }).from(testCases).get()?.n ?? 0;
}

export async function listTestCaseIds(): Promise<string[]> {
  return getDb().select({ id: testCases.id }).from(testCases).orderBy(asc(testCases.createdAt), asc(testCases.id)).all().map((r) => r.id);
}

export async function existingTestCaseIds(ids: string[]): Promise<string[]> {
  const out: string[] = [];
  // Chunked: SQLite limits the number of bound parameters per statement.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    out.push(...getDb().select({ id: testCases.id }).from(testCases).where(inArray(testCases.id, chunk)).all().map((r) => r.id));
  }
  return out;
}

/** Every (server name, tool) some test case expects, e.g. to find tools no case covers yet. */
export async function listExpectedTools(): Promise<{ server: string; tool: string }[]> {
  return getDb()
    .selectDistinct({ server: testCases.expectedMcpServerName, tool: testCases.expectedToolName })
    .from(testCases)
    .where(and(isNotNull(testCases.expectedMcpServerName), isNotNull(testCases.expectedToolName)))
    .all()
    .flatMap((r) => (r.server !== null && r.tool !== null ? [{ server: r.server, tool: r.tool }] : []));
}
