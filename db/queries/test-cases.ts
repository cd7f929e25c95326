import 'server-only';
import { and, asc, count, countDistinct, desc, eq, getTableColumns, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- SQLite fast path, used only when not on Postgres (one synchronous step behind the gate)
import { getDb, perConnection, type Db } from '../client';
import { isPostgres } from '../dialect';
import type { NewTestCaseRow, TestCaseRow } from '../schema';
import { affected, binaryOrder, likeInsensitive } from '../sql';
import { mcpServers, testCases, testCaseServers, testCaseTags, testRuns } from '../tables';
import { inSqliteTurn, withTransaction } from '../transaction';
import { currentFrame } from '../tx-context';
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

/** SQLite's bind-parameter limit: id lists are read and written this many at a time. */
const CHUNK = 500;

/** Read once, as db/tables.ts does: the dialect cannot change under a loaded query module (and getEnv() per call showed on the run path). */
const postgres = isPostgres();

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
  const pattern = f.search ? likePattern(f.search) : '';
  return and(
    // Case-insensitive on both databases (SQLite LIKE, Postgres ILIKE).
    f.search ? sql`(${likeInsensitive(testCases.name, pattern)} or ${likeInsensitive(testCases.query, pattern)})` : undefined,
    f.serverId ? linkedTo(eq(mcpServers.id, f.serverId)) : undefined,
    f.serverName ? linkedTo(eq(mcpServers.name, f.serverName)) : undefined,
    f.expectedTool ? eq(testCases.expectedToolName, f.expectedTool) : undefined,
    f.kind === 'negative' ? isNull(testCases.expectedToolName) : f.kind === 'positive' ? isNotNull(testCases.expectedToolName) : undefined,
    f.tag?.length ? taggedWith([...new Set(f.tag)], f.tagMatch ?? 'all') : undefined,
  );
}

const completedVerdict = () => and(eq(testRuns.status, 'completed'), isNotNull(testRuns.classification));
const rightOf = sql`case when ${testRuns.classification} in ('FP', 'FN') then 0 else 1 end`;

/**
 * Each case's latest completed verdict, whatever the model, as `right` (0 FP/FN, 1 TP/TN). A
 * correlated lookup per case took 19 s for 2,000 cases and 10,000 runs: the planner walked the
 * whole runs table per case to honour its ORDER BY completed_at. SQLite: one grouped pass, the
 * bare column taken from the row holding max(). Postgres has no bare columns: the latest
 * completion per case, joined back to its runs (two grouped passes; a tie counts as wrong).
 */
function lastVerdicts() {
  const db = getDb();
  if (!postgres) {
    return db
      .select({
        testCaseId: testRuns.testCaseId,
        right: sql<number>`${rightOf}`.as('lv_right'),
        at: sql<string>`max(${testRuns.completedAt})`.as('lv_at'),
      })
      .from(testRuns)
      .where(completedVerdict())
      .groupBy(testRuns.testCaseId)
      .as('lv');
  }
  const latest = db
    .select({ testCaseId: testRuns.testCaseId, at: sql<string>`max(${testRuns.completedAt})`.as('lv_latest_at') })
    .from(testRuns)
    .where(completedVerdict())
    .groupBy(testRuns.testCaseId)
    .as('lv_latest');
  return db
    .select({ testCaseId: testRuns.testCaseId, right: sql<number>`min(${rightOf})`.as('lv_right') })
    .from(testRuns)
    .innerJoin(latest, and(eq(latest.testCaseId, testRuns.testCaseId), eq(testRuns.completedAt, latest.at)))
    .where(completedVerdict())
    .groupBy(testRuns.testCaseId)
    .as('lv');
}

/** Ties (same name, same time) fall back to the id so pages never repeat or skip a row; text orders by code point on both databases. */
function orderOf(o: TestCaseOrder): SQL[] {
  const dir = o.dir === 'asc' ? asc : desc;
  switch (o.sort) {
    case 'name':
      return [dir(binaryOrder(sql`lower(${testCases.name})`)), asc(testCases.id)];
    case 'expectedTool':
      // negative cases (no expected tool) sort together after the named tools when ascending
      return [dir(sql`${testCases.expectedToolName} is null`), dir(binaryOrder(testCases.expectedToolName)), dir(testCases.createdAt), asc(testCases.id)];
    case 'lastVerdict': {
      // 0 wrong, 1 right (see lastVerdicts above); ascending puts the wrong ones first; never-run cases go last either way.
      const right = sql`${lastVerdicts().right}`;
      return [asc(sql`${right} is null`), dir(right), desc(testCases.createdAt), asc(testCases.id)];
    }
    default:
      return [dir(testCases.createdAt), asc(testCases.id)];
  }
}

async function tagsByCase(ids: string[]): Promise<Map<string, string[]>> {
  const byCase = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await getDb()
      .select({ testCaseId: testCaseTags.testCaseId, tag: testCaseTags.tag })
      .from(testCaseTags)
      .where(inArray(testCaseTags.testCaseId, ids.slice(i, i + CHUNK)))
      .orderBy(asc(binaryOrder(testCaseTags.tag)));
    for (const r of rows) byCase.set(r.testCaseId, [...(byCase.get(r.testCaseId) ?? []), r.tag]);
  }
  return byCase;
}

async function serversByCase(ids: string[]): Promise<Map<string, TestCaseServerRef[]>> {
  const byCase = new Map<string, TestCaseServerRef[]>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const links = await getDb()
      .select({ testCaseId: testCaseServers.testCaseId, id: mcpServers.id, name: mcpServers.name })
      .from(testCaseServers)
      .innerJoin(mcpServers, eq(mcpServers.id, testCaseServers.serverId))
      .where(inArray(testCaseServers.testCaseId, ids.slice(i, i + CHUNK)))
      .orderBy(asc(testCaseServers.position));
    for (const l of links) byCase.set(l.testCaseId, [...(byCase.get(l.testCaseId) ?? []), { id: l.id, name: l.name }]);
  }
  return byCase;
}

async function attachServers(rows: TestCaseRow[]): Promise<TestCaseWithServers[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [servers, tags] = await Promise.all([serversByCase(ids), tagsByCase(ids)]);
  return rows.map((r) => ({ ...r, servers: servers.get(r.id) ?? [], tags: tags.get(r.id) ?? [] }));
}

async function countWhere(where: SQL | undefined): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(testCases).where(where);
  return row?.n ?? 0;
}

export async function listTestCases(filter: TestCaseFilter & Page & TestCaseOrder): Promise<{ rows: TestCaseWithServers[]; total: number }> {
  const where = whereOf(filter);
  const query = getDb().select(getTableColumns(testCases)).from(testCases).$dynamic();
  if (filter.sort === 'lastVerdict') {
    const lv = lastVerdicts();
    query.leftJoin(lv, eq(lv.testCaseId, testCases.id));
  }
  // The page and its count side by side (Postgres: two round trips at once).
  const [rows, total] = await Promise.all([query.where(where).orderBy(...orderOf(filter)).limit(filter.limit).offset(filter.offset), countWhere(where)]);
  return { rows: await attachServers(rows), total };
}

// Prepared once per connection: every evaluation run reads its test case, and building the three
// queries each time cost more than running them. They run on the connection itself, never inside a
// caller's transaction (except Postgres's, below). No LIMIT 1 on the id lookup: the bound
// limit made the SQLite read about 40% slower, and the id is the primary key.
const buildQueries = (db: Db) => ({
  testCase: db.select().from(testCases).where(eq(testCases.id, sql.placeholder('id'))).prepare(),
  servers: db
    .select({ id: mcpServers.id, name: mcpServers.name })
    .from(testCaseServers)
    .innerJoin(mcpServers, eq(mcpServers.id, testCaseServers.serverId))
    .where(eq(testCaseServers.testCaseId, sql.placeholder('id')))
    .orderBy(asc(testCaseServers.position))
    .prepare(),
  tags: db
    .select({ tag: testCaseTags.tag })
    .from(testCaseTags)
    .where(eq(testCaseTags.testCaseId, sql.placeholder('id')))
    .orderBy(asc(binaryOrder(testCaseTags.tag)))
    .prepare(),
});
const getQueries = perConnection(buildQueries);

/**
 * Postgres: the case with its servers (position order) and tags (binary order) in one statement, each list a
 * json_agg of the same rows the SQLite statements read: one statement a queued run instead of three.
 */
const buildPgQuery = (db: Db) =>
  db
    .select({
      ...getTableColumns(testCases),
      // Spelled out with their tables: drizzle leaves a one-table select's columns unqualified, and an unqualified
      // "id" in the subquery would be mcp_servers.id.
      servers: sql<TestCaseServerRef[]>`coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by l.position) from test_case_servers l inner join mcp_servers s on s.id = l.server_id where l.test_case_id = "test_cases"."id"), '[]'::json)`,
      tags: sql<string[]>`coalesce((select json_agg(t.tag order by t.tag collate "C") from test_case_tags t where t.test_case_id = "test_cases"."id"), '[]'::json)`,
    })
    .from(testCases)
    .where(eq(testCases.id, sql.placeholder('id')))
    .prepare();
const getPgQuery = perConnection(buildPgQuery);

/**
 * One case with its servers (in position order) and tags. SQLite runs the three statements in one
 * synchronous step once no other context's transaction is open (one await instead of three, and as
 * fast as before the layer became async: ~90-120 us median here under load, measured side by side
 * with the old synchronous read); Postgres reads all three in one statement (buildPgQuery).
 */
export async function getTestCase(id: string): Promise<TestCaseWithServers | undefined> {
  if (!postgres) {
    const q = getQueries();
    return inSqliteTurn(() => {
      const row = q.testCase.get({ id });
      return row ? { ...row, servers: q.servers.all({ id }), tags: q.tags.all({ id }).map((t) => t.tag) } : undefined;
    });
  }
  // Inside a transaction (the demo seed inserts cases in one) on its client: the pool would not see its uncommitted rows.
  const [row] = await (currentFrame() ? buildPgQuery(getDb()) : getPgQuery()).execute({ id });
  return row;
}

export type TestCaseValues = Omit<NewTestCaseRow, 'id' | 'createdAt' | 'updatedAt'>;

async function writeLinks(id: string, serverIds: string[], tags: string[]): Promise<void> {
  const db = getDb();
  if (serverIds.length) await db.insert(testCaseServers).values(serverIds.map((serverId, position) => ({ testCaseId: id, serverId, position })));
  if (tags.length) await db.insert(testCaseTags).values(tags.map((tag) => ({ testCaseId: id, tag })));
}

/** One transaction: the case, its server links and its tags are written together or not at all. */
export async function insertTestCase(values: TestCaseValues, serverIds: string[], tags: string[] = []): Promise<TestCaseWithServers> {
  const id = newId();
  await withTransaction(async (tx) => {
    await tx.insert(testCases).values({ ...values, id });
    await writeLinks(id, serverIds, tags);
  });
  const created = await getTestCase(id);
  if (!created) throw new Error('test case vanished after insert');
  return created;
}

export async function updateTestCase(id: string, values: TestCaseValues, serverIds: string[], tags: string[]): Promise<TestCaseWithServers | undefined> {
  const found = await withTransaction(async (tx) => {
    if (!affected(await tx.update(testCases).set(values).where(eq(testCases.id, id)))) return false;
    await tx.delete(testCaseServers).where(eq(testCaseServers.testCaseId, id));
    await tx.delete(testCaseTags).where(eq(testCaseTags.testCaseId, id));
    await writeLinks(id, serverIds, tags);
    return true;
  });
  return found ? getTestCase(id) : undefined;
}

/** Another test case with this name, compared case-insensitively like server names. */
export async function findTestCaseByName(name: string, exceptId?: string): Promise<{ id: string; name: string } | undefined> {
  const rows = await getDb()
    .select({ id: testCases.id, name: testCases.name })
    .from(testCases)
    .where(sql`lower(${testCases.name}) = lower(${name.trim()})`);
  return rows.find((r) => r.id !== exceptId);
}

export async function deleteTestCase(id: string): Promise<boolean> {
  return affected(await getDb().delete(testCases).where(eq(testCases.id, id))) > 0;
}

/** Deletes every listed case in one transaction (links, tags and runs cascade); any failure deletes none. */
export async function deleteTestCases(ids: string[]): Promise<number> {
  return withTransaction(async (tx) => {
    let deleted = 0;
    for (let i = 0; i < ids.length; i += CHUNK) {
      deleted += affected(await tx.delete(testCases).where(inArray(testCases.id, ids.slice(i, i + CHUNK))));
    }
    return deleted;
  });
}

/** The ids of every case matching a filter, in list order, up to `limit` (one query: run by tag, bulk delete by filter). */
export async function listTestCaseIdsMatching(filter: TestCaseFilter, limit: number): Promise<{ ids: string[]; total: number }> {
  const where = whereOf(filter);
  const rows = await getDb().select({ id: testCases.id }).from(testCases).where(where).orderBy(asc(testCases.createdAt), asc(testCases.id)).limit(limit);
  const ids = rows.map((r) => r.id);
  return { ids, total: ids.length < limit ? ids.length : await countWhere(where) };
}

/** Every tag in use with how many cases carry it, most used first (the list's tag chips). */
export async function listTags(): Promise<{ tag: string; count: number }[]> {
  return getDb()
    .select({ tag: testCaseTags.tag, count: count() })
    .from(testCaseTags)
    .groupBy(testCaseTags.tag)
    .orderBy(desc(count()), asc(binaryOrder(testCaseTags.tag)));
}

export async function countTestCases(): Promise<number> {
  return countWhere(undefined);
}

export async function listTestCaseIds(): Promise<string[]> {
  const rows = await getDb().select({ id: testCases.id }).from(testCases).orderBy(asc(testCases.createdAt), asc(testCases.id));
  return rows.map((r) => r.id);
}

export async function existingTestCaseIds(ids: string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await getDb().select({ id: testCases.id }).from(testCases).where(inArray(testCases.id, ids.slice(i, i + CHUNK)));
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

/** Every (server name, tool) some test case expects, e.g. to find tools no case covers yet. */
export async function listExpectedTools(): Promise<{ server: string; tool: string }[]> {
  const rows = await getDb()
    .selectDistinct({ server: testCases.expectedMcpServerName, tool: testCases.expectedToolName })
    .from(testCases)
    .where(and(isNotNull(testCases.expectedMcpServerName), isNotNull(testCases.expectedToolName)));
  return rows.flatMap((r) => (r.server !== null && r.tool !== null ? [{ server: r.server, tool: r.tool }] : []));
}
