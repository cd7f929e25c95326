import fs from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { getSnapshot } from '@/db/queries/runs';
import { copyMigrationsUpTo } from './helpers/migrations';

/**
 * Migrations 0011-0012 move the per-run copies of tool_definitions into content-addressed
 * tool_snapshots / tool_sets and make tool_definitions a view: every run's listing must read
 * back as it did (same tools, texts and order), stored once per distinct definition and listing.
 */

const search = { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'] };
const searchReordered = { required: ['q'], properties: { limit: { type: 'integer' }, q: { type: 'string' } }, type: 'object' };
const read = { type: 'object', properties: { path: { type: 'string' } } };

type OldRow = { server_name: string; server_url: string | null; name: string; exposed_name: string; description: string; input_schema: string; output_schema: string | null };
const COLUMNS = 'server_name, server_url, name, exposed_name, description, input_schema, output_schema';

/** Runs r1..r6 with the old per-run copies; returns each run's listing as the old table answered it. */
function writeDatabaseAt0010(file: string): Record<string, OldRow[]> {
  const folder = copyMigrationsUpTo(10);
  const sqlite = new Database(file);
  try {
    migrate(drizzle(sqlite), { migrationsFolder: folder });
    sqlite.exec(`insert into test_cases (id, name, query) values ('c1', 'case', 'q')`);
    const run = sqlite.prepare(`insert into test_runs (id, test_case_id, status, completed_at) values (?, 'c1', 'completed', '2026-01-01T00:00:00.000Z')`);
    for (const id of ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']) run.run(id);
    const tool = sqlite.prepare(
      `insert into tool_definitions (id, test_run_id, server_name, server_url, name, exposed_name, description, input_schema, output_schema, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    let n = 0;
    const add = (runId: string, server: string, url: string | null, name: string, description: string, input: unknown, output: unknown, at: string) =>
      tool.run(`td${n++}`, runId, server, url, name, `${server}__${name}`, description, JSON.stringify(input), output ? JSON.stringify(output) : null, at);
    // r1 and r2: the same three tools in the same order (the old reader's: created_at, then exposed name).
    for (const [runId, at1, at2] of [['r1', '2026-01-01T00:00:00.001Z', '2026-01-01T00:00:00.002Z'], ['r2', '2026-01-01T00:00:01.005Z', '2026-01-01T00:00:01.006Z']] as const) {
      add(runId, 'notes', 'http://n/mcp', 'search', 'Find notes.', search, null, at1);
      add(runId, 'files', null, 'read', 'Read a file.', read, { type: 'object', properties: { text: { type: 'string' } } }, at2);
      add(runId, 'notes', 'http://n/mcp', 'add', 'Add a note.', { type: 'object' }, null, at1);
    }
    // r3: the same definitions, one schema's keys in another order, the notes server at another URL.
    add('r3', 'notes', 'http://n2/mcp', 'search', 'Find notes.', searchReordered, null, '2026-01-02T00:00:00.000Z');
    add('r3', 'notes', 'http://n2/mcp', 'add', 'Add a note.', { type: 'object' }, null, '2026-01-02T00:00:00.000Z');
    // r4: one description changed.
    add('r4', 'notes', 'http://n/mcp', 'search', 'Find notes by text.', search, null, '2026-01-03T00:00:00.000Z');
    // r5: a schema that is not an object; r6: no tools.
    add('r5', 'weird', null, 'x', '', [1, 2], null, '2026-01-04T00:00:00.000Z');
    const old: Record<string, OldRow[]> = {};
    for (const id of ['r1', 'r2', 'r3', 'r4', 'r5', 'r6']) {
      old[id] = sqlite.prepare(`select ${COLUMNS} from tool_definitions where test_run_id = ? order by created_at, exposed_name`).all(id) as OldRow[];
    }
    return old;
  } finally {
    sqlite.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const parsed = (rows: OldRow[]) => rows.map((r) => ({ ...r, input_schema: JSON.parse(r.input_schema) as unknown, output_schema: r.output_schema ? (JSON.parse(r.output_schema) as unknown) : null }));

describe('migrations 0011-0012 (content-addressed tool snapshots)', () => {
  it('reconstructs every run listing and stores each definition and listing once', async () => {
    const old = writeDatabaseAt0010(databaseFile());
    const sqlite = getSqlite();
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    expect(sqlite.prepare(`select type from sqlite_schema where name = 'tool_definitions'`).pluck().get()).toBe('view');
    const count = (table: string) => sqlite.prepare(`select count(*) from ${table}`).pluck().get() as number;
    // search, read, add, search with the other description, weird/x: the reordered schema is the same definition.
    expect(count('tool_snapshots')).toBe(5);
    // r1 = r2; r3 (another URL, two tools); r4; r5.
    expect(count('tool_sets')).toBe(4);
    expect(count('tool_set_members')).toBe(3 + 2 + 1 + 1);
    expect(sqlite.prepare(`select tool_set_id from test_runs where id = 'r1'`).pluck().get()).toBe(sqlite.prepare(`select tool_set_id from test_runs where id = 'r2'`).pluck().get());
    expect(sqlite.prepare(`select tool_set_id from test_runs where id = 'r6'`).pluck().get()).toBeNull();

    for (const id of ['r1', 'r2', 'r4', 'r5', 'r6']) {
      // Exactly as stored: same texts, same order.
      expect(sqlite.prepare(`select ${COLUMNS} from tool_definitions where test_run_id = ? order by position`).all(id)).toEqual(old[id]);
    }
    // r3's reordered schema reads back as the first-seen text of the same definition: equal as JSON.
    const r3 = sqlite.prepare(`select ${COLUMNS} from tool_definitions where test_run_id = 'r3' order by position`).all() as OldRow[];
    expect(parsed(r3)).toEqual(parsed(old.r3 ?? []));
    expect(r3.map((r) => r.server_url)).toEqual(['http://n2/mcp', 'http://n2/mcp']);

    // The run detail's reader: the old order (created_at, then exposed name) is the stored position.
    expect((await getSnapshot('r2')).map((t) => t.exposedName)).toEqual(['notes__add', 'notes__search', 'files__read']);
    expect((await getSnapshot('r1')).map((t) => t.exposedName)).toEqual(['notes__add', 'notes__search', 'files__read']);
    expect((await getSnapshot('r1'))[2]).toMatchObject({ testRunId: 'r1', serverName: 'files', serverUrl: null, description: 'Read a file.', inputSchema: read, outputSchema: { type: 'object', properties: { text: { type: 'string' } } } });
    expect((await getSnapshot('r5'))[0]?.inputSchema).toEqual([1, 2]);
    expect(await getSnapshot('r6')).toEqual([]);
  });

  it('drops listings and definitions no run uses any more, and keeps shared ones', () => {
    const sqlite = getSqlite();
    const count = (table: string) => sqlite.prepare(`select count(*) from ${table}`).pluck().get() as number;
    sqlite.prepare(`delete from test_runs where id = 'r1'`).run();
    expect(count('tool_sets')).toBe(4); // r2 still shows the listing
    sqlite.prepare(`delete from test_runs where id = 'r4'`).run();
    expect(count('tool_sets')).toBe(3);
    expect(sqlite.prepare(`select count(*) from tool_snapshots where description = 'Find notes by text.'`).pluck().get()).toBe(0);
    expect(count('tool_snapshots')).toBe(4);
    sqlite.prepare(`delete from test_runs where id in ('r2', 'r3', 'r5')`).run();
    expect([count('tool_sets'), count('tool_set_members'), count('tool_snapshots')]).toEqual([0, 0, 0]);
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
  });

  it('takes INSERT and DELETE through the view without touching other runs that share the listing', () => {
    const sqlite = getSqlite();
    sqlite.exec(`insert into test_runs (id, test_case_id, status) values ('s1', 'c1', 'completed'), ('s2', 'c1', 'completed')`);
    const insert = sqlite.prepare(
      `insert into tool_definitions (id, test_run_id, server_name, name, exposed_name, description, input_schema) values (?, ?, 'srv', ?, ?, ?, '{"type":"object"}')`,
    );
    for (const run of ['s1', 's2']) for (const name of ['a', 'b', 'c']) insert.run(`x-${run}-${name}`, run, name, `srv__${name}`, `Tool ${name}`);
    const listing = (run: string) => sqlite.prepare(`select exposed_name from tool_definitions where test_run_id = ? order by position`).pluck().all(run);
    expect(listing('s1')).toEqual(['srv__a', 'srv__b', 'srv__c']);
    expect(sqlite.prepare(`select count(distinct tool_set_id) from test_runs where id in ('s1', 's2')`).pluck().get()).toBe(1);
    expect(sqlite.prepare('select count(*) from tool_snapshots').pluck().get()).toBe(3);

    sqlite.prepare(`delete from tool_definitions where test_run_id = 's2' and name in ('a', 'c')`).run();
    expect(listing('s2')).toEqual(['srv__b']);
    expect(listing('s1')).toEqual(['srv__a', 'srv__b', 'srv__c']);
    // The same exposed name twice in one run is refused, as the old unique index did; so is an unknown run.
    expect(() => insert.run('dup', 's1', 'a', 'srv__a', 'again')).toThrow(/UNIQUE/);
    expect(() => insert.run('orphan', 'no-such-run', 'a', 'srv__a', 'x')).toThrow(/FOREIGN KEY/);
    sqlite.prepare(`delete from tool_definitions where test_run_id = 's2'`).run();
    expect(listing('s2')).toEqual([]);
    expect(sqlite.prepare(`select tool_set_id from test_runs where id = 's2'`).pluck().get()).toBeNull();
  });
});
