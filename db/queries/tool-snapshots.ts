import 'server-only';
import type Database from 'better-sqlite3';
import { getSqlite } from '../client';
import { toolSetHash, toolSnapshotHash } from '../tool-hash';

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

/**
 * Points the run at the stored listing of `tools` (in the order the model saw them), storing
 * the listing and any definition not seen before. Call inside the run's transaction: the
 * statements join it, and the unique hash indexes with ON CONFLICT DO NOTHING make a
 * concurrent writer's identical definitions land once. An empty listing clears the pointer.
 */
export function storeRunTools(runId: string, tools: readonly SnapshotToolInput[]): void {
  const s = statements();
  if (tools.length === 0) {
    s.pointRun.run(null, runId);
    return;
  }
  const rows = tools.map((t) => {
    const description = t.description ?? '';
    const outputSchema = t.outputSchema ?? null;
    const inputJson = JSON.stringify(t.inputSchema);
    const outputJson = outputSchema ? JSON.stringify(outputSchema) : null;
    return { t, description, inputJson, outputJson, hash: memoizedHash(t.serverName, t.name, description, inputJson, outputJson, t) };
  });
  const setHash = toolSetHash(rows.map((r) => ({ snapshotHash: r.hash, exposedName: r.t.exposedName, serverUrl: r.t.serverUrl ?? null })));
  let setId = s.setByHash.get(setHash);
  if (setId === undefined) {
    const created = s.insertSet.run(setHash).changes === 1;
    setId = s.setByHash.get(setHash) as number;
    // A listing is written once, whole, by whoever created it (sets never change afterwards).
    if (created) rows.forEach((r, position) => {
      s.insertSnapshot.run(r.hash, r.t.serverName, r.t.name, r.description, r.inputJson, r.outputJson);
      const snapshotId = s.snapshotByHash.get(r.hash) as number;
      s.insertMember.run(setId as number, position, snapshotId, r.t.exposedName, r.t.serverUrl ?? null);
    });
  }
  s.pointRun.run(setId, runId);
}

/**
 * The tool's inputSchema as the latest run that showed it saw it: per listing holding one of
 * the tool's definitions, its newest run (an index seek on idx_test_runs_tool_set), newest first.
 */
export async function latestSnapshotInputSchema(serverName: string, toolName: string): Promise<string | undefined> {
  return getSqlite()
    .prepare<[string, string], string>(
      `select s.input_schema from tool_snapshots s
         join tool_set_members m on m.snapshot_id = s.id
       where s.server_name = ? and s.name = ?
         and exists (select 1 from test_runs r where r.tool_set_id = m.tool_set_id)
       order by (select max(r.rowid) from test_runs r where r.tool_set_id = m.tool_set_id) desc, s.id desc
       limit 1`,
    )
    .pluck()
    .get(serverName, toolName);
}

export type SnapshotStorage = { snapshots: number; sets: number; members: number; runsWithTools: number };

/** Counts for the bench and the storage tests. */
export async function snapshotStorageCounts(): Promise<SnapshotStorage> {
  const sqlite = getSqlite();
  const n = (sql: string) => sqlite.prepare<[], number>(sql).pluck().get() ?? 0;
  return {
    snapshots: n('select count(*) from tool_snapshots'),
    sets: n('select count(*) from tool_sets'),
    members: n('select count(*) from tool_set_members'),
    runsWithTools: n('select count(*) from test_runs where tool_set_id is not null'),
  };
}
