/**
 * Snapshot bytes per run, before (one tool_definitions row per run and tool, migration 0010)
 * and after (content-addressed tool_snapshots / tool_sets, migrations 0011-0012): BENCH_SNAPSHOT_RUNS
 * runs (default 2,000) each shown the same 11 tools (the first 11 the demo servers rag, todo
 * and valuerank list over MCP). Bytes are the database's growth in pages (runs first, then their
 * snapshots, so only the snapshots are counted) and the snapshot tables' and indexes' pages
 * from dbstat. Also: the time to store a run's snapshot, and to delete every run (the
 * garbage collection of unused definitions runs in the delete).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { closeDb, getSqlite } from '@/db/client';
import { snapshotStorageCounts, storeRunToolsSqlite, type SnapshotToolInput } from '@/db/queries/tool-snapshots';
import { createDemoMcpServer, DEMO_SERVER_IDS, getDemoServer } from '@/lib/mcp/demo/registry';
import { copyMigrationsUpTo } from '../tests/helpers/migrations';

const RUNS = Number(process.env.BENCH_SNAPSHOT_RUNS ?? 2_000);
const TOOLS = 11;
/** The last migration with per-run copies. */
const LAST_OLD_MIGRATION = 10;
const OLD_OBJECTS = ['tool_definitions', 'uq_tool_definitions_run_tool', 'uq_tool_definitions_run_exposed', 'idx_tool_definitions_name'];
const NEW_OBJECTS = ['tool_snapshots', 'uq_tool_snapshots_hash', 'idx_tool_snapshots_tool', 'tool_sets', 'uq_tool_sets_hash', 'tool_set_members', 'sqlite_autoindex_tool_set_members_1', 'uq_tool_set_members_exposed', 'idx_tool_set_members_snapshot', 'idx_test_runs_tool_set'];

async function demoTools(): Promise<SnapshotToolInput[]> {
  const out: SnapshotToolInput[] = [];
  for (const id of DEMO_SERVER_IDS) {
    const def = getDemoServer(id);
    if (!def) continue;
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const server = createDemoMcpServer(def);
    await server.connect(serverSide);
    const client = new Client({ name: 'bench', version: '1.0.0' });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    for (const t of tools) {
      out.push({
        serverName: id,
        serverUrl: `http://127.0.0.1:3000/demo/${id}/mcp`,
        name: t.name,
        exposedName: `${id}__${t.name}`,
        description: t.description ?? '',
        inputSchema: t.inputSchema as Record<string, unknown>,
        outputSchema: (t.outputSchema as Record<string, unknown> | undefined) ?? null,
      });
    }
    await client.close();
    await server.close();
  }
  return out;
}

/** Bytes in use: pages minus free pages, after folding the WAL back into the file. */
function usedBytes(db: Database.Database): number {
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  const pages = db.pragma('page_count', { simple: true }) as number;
  const free = db.pragma('freelist_count', { simple: true }) as number;
  return (pages - free) * pageSize;
}

function dbstatBytes(db: Database.Database, names: string[]): number {
  const rows = db.prepare(`select name, sum(pgsize) as bytes from dbstat where name in (${names.map(() => '?').join(', ')}) group by name`).all(...names) as { bytes: number }[];
  return rows.reduce((sum, r) => sum + r.bytes, 0);
}

function insertRuns(db: Database.Database, n: number): string[] {
  db.exec(`insert into test_cases (id, name, query) values ('bench-case', 'bench', 'find passages about vector search')`);
  const insert = db.prepare(`insert into test_runs (id, test_case_id, status, completed_at) values (?, 'bench-case', 'completed', ?)`);
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  db.transaction(() => ids.forEach((id) => insert.run(id, new Date().toISOString())))();
  return ids;
}

type Figures = { label: string; bytesPerRun: number; dbstatPerRun: number; storeUsPerRun: number; deleteAllMs: number };

function time(fn: () => void): number {
  const started = performance.now();
  fn();
  return performance.now() - started;
}

/** A database at migration 0010 holding `runs` runs, each with its own copy of `tools` (the old way). */
function openOldDatabase(file: string): Database.Database {
  const folder = copyMigrationsUpTo(LAST_OLD_MIGRATION);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    migrate(drizzle(db), { migrationsFolder: folder });
    return db;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** As db/queries/runs.ts wrote it up to migration 0010: one row per run and tool, in the run's transaction. */
function storeCopies(db: Database.Database, runs: string[], tools: SnapshotToolInput[]): number {
  const insert = db.prepare(
    `insert into tool_definitions (id, test_run_id, server_name, server_url, name, exposed_name, description, input_schema, output_schema)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const storeOne = db.transaction((runId: string) => {
    for (const t of tools) {
      insert.run(crypto.randomUUID(), runId, t.serverName, t.serverUrl ?? null, t.name, t.exposedName, t.description ?? '', JSON.stringify(t.inputSchema), t.outputSchema ? JSON.stringify(t.outputSchema) : null);
    }
  });
  return time(() => runs.forEach((id) => storeOne(id)));
}

function measureBefore(dir: string, tools: SnapshotToolInput[]): Figures {
  const db = openOldDatabase(path.join(dir, 'before.sqlite'));
  try {
    const runs = insertRuns(db, RUNS);
    const base = usedBytes(db);
    const storeMs = storeCopies(db, runs, tools);
    const bytes = usedBytes(db) - base;
    const stat = dbstatBytes(db, OLD_OBJECTS);
    const deleteAllMs = time(() => db.prepare('delete from test_runs').run());
    return { label: 'before: a copy per run (0010)', bytesPerRun: bytes / RUNS, dbstatPerRun: stat / RUNS, storeUsPerRun: (storeMs * 1000) / RUNS, deleteAllMs };
  } finally {
    db.close();
  }
}

/** Opening a database of copies migrates it (0011 moves the rows): its time and the file before and after. */
function measureMigration(dir: string, tools: SnapshotToolInput[]): { ms: number; bytesBefore: number; bytesAfter: number; listings: number } {
  const old = openOldDatabase(path.join(dir, 'mcp-eval.sqlite'));
  storeCopies(old, insertRuns(old, RUNS), tools);
  const bytesBefore = usedBytes(old);
  old.close();
  closeDb();
  process.env.DATA_DIR = dir;
  const ms = time(() => getSqlite());
  const db = getSqlite();
  const listings = db.prepare('select count(distinct test_run_id) from tool_definitions').pluck().get() as number;
  if (listings !== RUNS) throw new Error(`after migrating, ${listings} of ${RUNS} runs have their tools`);
  db.exec('vacuum');
  const bytesAfter = usedBytes(db);
  closeDb();
  return { ms, bytesBefore, bytesAfter, listings };
}

/** The new way, through db/queries/tool-snapshots; `vary` changes one tool's description every `vary` runs. */
async function measureAfter(dir: string, tools: SnapshotToolInput[], label: string, vary?: number): Promise<Figures & { definitions: number; listings: number }> {
  closeDb();
  process.env.DATA_DIR = dir;
  const db = getSqlite();
  const runs = insertRuns(db, RUNS);
  const base = usedBytes(db);
  const storeOne = db.transaction((runId: string, listing: SnapshotToolInput[]) => storeRunToolsSqlite(runId, listing));
  const storeMs = time(() =>
    runs.forEach((id, i) => {
      const version = vary ? Math.floor(i / vary) : 0;
      const listing = version === 0 ? tools : tools.map((t, k) => (k === 0 ? { ...t, description: `${t.description} (v${version})` } : t));
      storeOne(id, listing);
    }),
  );
  const bytes = usedBytes(db) - base;
  const stat = dbstatBytes(db, NEW_OBJECTS);
  const counts = await snapshotStorageCounts();
  const deleteAllMs = time(() => db.prepare('delete from test_runs').run());
  const left = await snapshotStorageCounts();
  if (left.snapshots + left.sets + left.members !== 0) throw new Error(`garbage left after deleting every run: ${JSON.stringify(left)}`);
  closeDb();
  return { label, bytesPerRun: bytes / RUNS, dbstatPerRun: stat / RUNS, storeUsPerRun: (storeMs * 1000) / RUNS, deleteAllMs, definitions: counts.snapshots, listings: counts.sets };
}

export async function runBenchmark(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-bench-snapshots-'));
  process.env.SEED_DEMO = 'false';
  process.env.LOG_LEVEL = 'silent';
  try {
    // The issue's figure (about 15 KB per run) was measured with 11 tools: the demo servers' first 11.
    const tools = (await demoTools()).slice(0, TOOLS);
    const listingBytes = tools.reduce((n, t) => n + JSON.stringify(t).length, 0);
    console.log(`${RUNS} runs, each shown the same ${tools.length} tools (${listingBytes} bytes of JSON as listed)`);
    const before = measureBefore(fs.mkdtempSync(path.join(root, 'before-')), tools);
    const same = await measureAfter(fs.mkdtempSync(path.join(root, 'after-')), tools, 'after: content-addressed, same tools');
    const changing = await measureAfter(fs.mkdtempSync(path.join(root, 'vary-')), tools, 'after: one description changes every 100 runs', 100);
    console.table(
      [before, same, changing].map((f) => ({
        storage: f.label,
        'bytes/run (page growth)': Math.round(f.bytesPerRun),
        'bytes/run (dbstat, snapshot tables)': Math.round(f.dbstatPerRun),
        'store µs/run': Math.round(f.storeUsPerRun),
        [`delete ${RUNS} runs ms`]: Math.round(f.deleteAllMs),
        definitions: 'definitions' in f ? f.definitions : RUNS * tools.length,
        listings: 'listings' in f ? f.listings : RUNS,
      })),
    );
    const migration = measureMigration(fs.mkdtempSync(path.join(root, 'migrate-')), tools);
    console.log(
      `migrating ${RUNS} runs of copies (0011-0012): ${Math.round(migration.ms)} ms; database ${(migration.bytesBefore / 1e6).toFixed(1)} MB -> ${(migration.bytesAfter / 1e6).toFixed(1)} MB after VACUUM`,
    );
    console.log(`page growth per run: ${Math.round(before.bytesPerRun)} -> ${Math.round(same.bytesPerRun)} bytes (${(before.bytesPerRun / Math.max(1, same.bytesPerRun)).toFixed(0)}x less); target: bytes, not kilobytes: ${same.bytesPerRun < 1024 ? 'yes' : 'NO'}`);
  } finally {
    closeDb();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
