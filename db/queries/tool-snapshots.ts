import 'server-only';
import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- SQLite fast path, used only when not on Postgres (one synchronous step behind the gate)
import { getSqlite } from '../client';
import { all, dialectSql, get, run } from '../sql';
import { toolSetHash, toolSnapshotHash } from '../tool-hash';
import { getStorageEnv } from '@/lib/env';

/**
 * Storage of what a run showed the model (README, "Tool snapshots"). Each distinct tool
 * definition is one tool_snapshots row (addressed by tool_snapshot_hash), each distinct
 * ordered listing one tool_sets row with its members (definition, exposed name, server URL,
 * position), and a run points at its listing with test_runs.tool_set_id. A run whose
 * listing was seen before costs that one integer (and its index entry), not a copy.
 * The tool_definitions view joins them back into the old one-row-per-run-and-tool shape.
 */

export type SnapshotToolInput = {
  serverName: string;
  serverUrl?: string | null;
  name: string;
  exposedName: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown> | null;
};

/**
 * Definition hashes by their exact stored text: a batch shows the same tools run after run,
 * and canonicalising the schemas was most of a run's snapshot cost. Keyed by content (the JSON
 * text native JSON.stringify gives), so a changed definition is never served a stale hash.
 */
const HASH_MEMO_LIMIT = 5_000;
const hashMemo = new Map<string, string>();

function memoizedHash(serverName: string, name: string, description: string, inputJson: string, outputJson: string | null, t: SnapshotToolInput): string {
  const key = JSON.stringify([serverName, name, description, inputJson, outputJson]);
  const known = hashMemo.get(key);
  if (known !== undefined) return known;
  const hash = toolSnapshotHash({ serverName, name, description, inputSchema: t.inputSchema, outputSchema: t.outputSchema ?? null });
  if (hashMemo.size >= HASH_MEMO_LIMIT) hashMemo.delete(hashMemo.keys().next().value as string);
  hashMemo.set(key, hash);
  return hash;
}

type PlannedTool = { t: SnapshotToolInput; description: string; inputJson: string; outputJson: string | null; hash: string };

/** The listing's definitions with their stored text and hashes, and the listing's own hash. */
function plan(tools: readonly SnapshotToolInput[]): { rows: PlannedTool[]; setHash: string } {
  const rows = tools.map((t) => {
    const description = t.description ?? '';
    const outputSchema = t.outputSchema ?? null;
    const inputJson = JSON.stringify(t.inputSchema);
    const outputJson = outputSchema ? JSON.stringify(outputSchema) : null;
    return { t, description, inputJson, outputJson, hash: memoizedHash(t.serverName, t.name, description, inputJson, outputJson, t) };
  });
  const setHash = toolSetHash(rows.map((r) => ({ snapshotHash: r.hash, exposedName: r.t.exposedName, serverUrl: r.t.serverUrl ?? null })));
  return { rows, setHash };
}

/**
 * Points the run at the stored listing of `tools` (in the order the model saw them), storing
 * the listing and any definition not seen before. Call inside the run's withTransaction: the
 * statements join it, and the unique hash indexes with ON CONFLICT DO NOTHING make a
 * concurrent writer's identical definitions land once. An empty listing clears the pointer.
 * Hashes are computed here (db/tool-hash.ts) and the tables written directly, so Postgres,
 * whose tool_definitions view has no INSERT trigger, stores exactly what SQLite does.
 */
export async function storeRunTools(runId: string, tools: readonly SnapshotToolInput[]): Promise<void> {
  await pointRun(runId, await storeToolSet(tools));
}

/**
 * Listing ids this process stored or found, by hash (a batch shows the same listing run after
 * run). Ids are never reused, so a remembered id names its listing or, once that was dropped
 * (its last run deleted), nothing: a caller pointing a run at it gets a foreign-key error and
 * stores the listing again (storeToolSet refreshes the entry). Keyed by database too.
 */
const SET_ID_LIMIT = 1_000;
const setIds = new Map<string, number>();
const setKey = (setHash: string) => `${getStorageEnv().databaseUrl ?? getStorageEnv().dataDir}\n${setHash}`;

function rememberSet(setHash: string, id: number): void {
  if (setIds.size >= SET_ID_LIMIT) setIds.delete(setIds.keys().next().value as string);
  setIds.set(setKey(setHash), id);
}

/**
 * The id of the stored listing of `tools`, or undefined when it is not stored yet: remembered,
 * else one read. A remembered id may name a listing dropped since (see setIds): for callers
 * that handle that foreign-key error by calling storeToolSet.
 */
export async function findToolSet(tools: readonly SnapshotToolInput[]): Promise<number | undefined> {
  const { setHash } = plan(tools);
  const known = setIds.get(setKey(setHash));
  if (known !== undefined) return known;
  const id = await idByHash('tool_sets', setHash);
  if (id !== undefined) rememberSet(setHash, id);
  return id;
}

/**
 * storeRunTools without pointing a run: the stored listing's id (null for an empty one), for a
 * caller that sets test_runs.tool_set_id in its own statement. Inside the caller's transaction
 * (on Postgres the set's row stays share-locked, so it cannot be dropped before the run points at it).
 */
export async function storeToolSet(tools: readonly SnapshotToolInput[]): Promise<number | null> {
  if (tools.length === 0) return null;
  const { rows, setHash } = plan(tools);
  let setId = await idByHash('tool_sets', setHash);
  if (setId === undefined) {
    // RETURNING answers only when this writer created the set; a concurrent one's row is read back.
    const created = await get<{ id: number }>(sql`insert into tool_sets (hash) values (${setHash}) on conflict (hash) do nothing returning id`);
    setId = created?.id ?? (await idByHash('tool_sets', setHash));
    if (setId === undefined) throw new Error(`tool set ${setHash} vanished while it was stored`);
    // A listing is written once, whole, by whoever created it (sets never change afterwards).
    if (created) await writeMembers(setId, rows);
  }
  rememberSet(setHash, setId);
  return setId;
}

/**
 * The listing's definitions (one multi-row insert in hash order, so two transactions storing
 * overlapping listings take the definitions' row locks in the same order and cannot deadlock on
 * Postgres), their ids in one read, then the members in one insert.
 */
async function writeMembers(setId: number, rows: PlannedTool[]): Promise<void> {
  const byHash = new Map(rows.map((r) => [r.hash, r]));
  const definitions = [...byHash.values()].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const idOf = new Map<string, number>();
  for (const part of chunks(definitions)) {
    const values = part.map((r) => sql`(${r.hash}, ${r.t.serverName}, ${r.t.name}, ${r.description}, ${r.inputJson}, ${r.outputJson})`);
    await run(sql`insert into tool_snapshots (hash, server_name, name, description, input_schema, output_schema)
      values ${sql.join(values, sql`, `)} on conflict (hash) do nothing`);
    const hashes = sql.join(part.map((r) => sql`${r.hash}`), sql`, `);
    for (const f of await all<{ id: number; hash: string }>(sql`select id, hash from tool_snapshots where hash in (${hashes})`)) idOf.set(f.hash, f.id);
  }
  const members = rows.map((r, position) => ({ r, position }));
  for (const part of chunks(members)) {
    const values = part.map(({ r, position }) => sql`(${setId}, ${position}, ${idOf.get(r.hash)}, ${r.t.exposedName}, ${r.t.serverUrl ?? null})`);
    await run(sql`insert into tool_set_members (tool_set_id, position, snapshot_id, exposed_name, server_url) values ${sql.join(values, sql`, `)}`);
  }
}

/** Rows per statement: 6 bound values each stays below SQLite's 32,766 and Postgres's 65,535. */
const ROWS_PER_STATEMENT = 1000;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_PER_STATEMENT) out.push(items.slice(i, i + ROWS_PER_STATEMENT));
  return out;
}

type Statements = ReturnType<typeof prepare>;
const prepared = new WeakMap<Database.Database, Statements>();

function prepare(sqlite: Database.Database) {
  return {
    setByHash: sqlite.prepare<[string], number>('select id from tool_sets where hash = ?').pluck(),
    insertSet: sqlite.prepare<[string]>('insert into tool_sets (hash) values (?) on conflict (hash) do nothing'),
    snapshotByHash: sqlite.prepare<[string], number>('select id from tool_snapshots where hash = ?').pluck(),
    insertSnapshot: sqlite.prepare<[string, string, string, string, string, string | null]>(
      `insert into tool_snapshots (hash, server_name, name, description, input_schema, output_schema)
       values (?, ?, ?, ?, ?, ?) on conflict (hash) do nothing`,
    ),
    insertMember: sqlite.prepare<[number, number, number, string, string | null]>(
      'insert into tool_set_members (tool_set_id, position, snapshot_id, exposed_name, server_url) values (?, ?, ?, ?, ?)',
    ),
    pointRun: sqlite.prepare<[number | null, string]>('update test_runs set tool_set_id = ? where id = ?'),
  };
}

function statements(): Statements {
  const sqlite = getSqlite();
  let s = prepared.get(sqlite);
  if (!s) {
    s = prepare(sqlite);
    prepared.set(sqlite, s);
  }
  return s;
}

/**
 * storeRunTools for a caller inside a synchronous better-sqlite3 transaction (SQLite only; the
 * run engine's per-run commit on SQLite): the same rows through prepared statements.
 */
export function storeRunToolsSqlite(runId: string, tools: readonly SnapshotToolInput[]): void {
  const s = statements();
  if (tools.length === 0) {
    s.pointRun.run(null, runId);
    return;
  }
  const { rows, setHash } = plan(tools);
  let setId = s.setByHash.get(setHash);
  if (setId === undefined) {
    const created = s.insertSet.run(setHash).changes === 1;
    setId = s.setByHash.get(setHash) as number;
    if (created) {
      rows.forEach((r, position) => {
        s.insertSnapshot.run(r.hash, r.t.serverName, r.t.name, r.description, r.inputJson, r.outputJson);
        const snapshotId = s.snapshotByHash.get(r.hash) as number;
        s.insertMember.run(setId as number, position, snapshotId, r.t.exposedName, r.t.serverUrl ?? null);
      });
    }
  }
  s.pointRun.run(setId, runId);
}

/**
 * On Postgres a found set is share-locked to the end of the transaction: deleting a set's last
 * run drops the set (a trigger that locks it FOR UPDATE first), so it cannot vanish before this
 * run points at it. SQLite has one writer at a time anyway.
 */
async function idByHash(table: 'tool_sets' | 'tool_snapshots', hash: string): Promise<number | undefined> {
  const lock = table === 'tool_sets' ? dialectSql({ sqlite: sql``, postgres: sql` for share` }) : sql``;
  return (await get<{ id: number }>(sql`select id from ${sql.identifier(table)} where hash = ${hash}${lock}`))?.id;
}

async function pointRun(runId: string, setId: number | null): Promise<void> {
  await run(sql`update test_runs set tool_set_id = ${setId} where id = ${runId}`);
}

/** JSON columns come back as text from SQLite and parsed from Postgres's json type. */
function parsedJson(value: unknown): Record<string, unknown> {
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown>;
}

/**
 * The tool's inputSchema as the latest run that showed it saw it: per listing holding one of
 * the tool's definitions, its newest run (an index seek on idx_test_runs_tool_set), newest first.
 * Newest is the latest written row on SQLite (rowid), the latest created_at on Postgres.
 */
export async function latestSnapshotInputSchema(serverName: string, toolName: string): Promise<Record<string, unknown> | undefined> {
  const newest = dialectSql({
    sqlite: sql`(select max(r.rowid) from test_runs r where r.tool_set_id = m.tool_set_id)`,
    postgres: sql`(select max(r.created_at) from test_runs r where r.tool_set_id = m.tool_set_id)`,
  });
  const row = await get<{ input_schema: unknown }>(sql`select s.input_schema from tool_snapshots s
       join tool_set_members m on m.snapshot_id = s.id
     where s.server_name = ${serverName} and s.name = ${toolName}
       and exists (select 1 from test_runs r where r.tool_set_id = m.tool_set_id)
     order by ${newest} desc, s.id desc
     limit 1`);
  return row ? parsedJson(row.input_schema) : undefined;
}

export type SnapshotStorage = { snapshots: number; sets: number; members: number; runsWithTools: number };

/** Counts for the bench and the storage tests. */
export async function snapshotStorageCounts(): Promise<SnapshotStorage> {
  const [row] = await all<SnapshotStorage>(sql`select
      (select count(*) from tool_snapshots) as "snapshots",
      (select count(*) from tool_sets) as "sets",
      (select count(*) from tool_set_members) as "members",
      (select count(*) from test_runs where tool_set_id is not null) as "runsWithTools"`);
  return row ?? { snapshots: 0, sets: 0, members: 0, runsWithTools: 0 };
}
