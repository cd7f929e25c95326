import fs from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { copyMigrationsUpTo } from './helpers/migrations';

/**
 * Migration 0006 rebuilds mcp_servers (its CHECKs gain 'static'). Its children must survive:
 * test_case_servers (ON DELETE RESTRICT) and tool_executions (ON DELETE CASCADE) lose nothing,
 * and the updated_at trigger is back.
 */

function writeDatabaseAt0005(file: string): void {
  const folder = copyMigrationsUpTo(5);
  const sqlite = new Database(file);
  try {
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    migrate(drizzle(sqlite), { migrationsFolder: folder });
    sqlite.exec(`
      insert into mcp_servers (id, name, transport, url, status) values ('s1', 'live', 'streamable-http', 'http://127.0.0.1:1/mcp', 'active');
      insert into test_cases (id, name, query, expected_mcp_server_name, expected_tool_name) values ('t1', 'case', 'q', 'live', 'echo');
      insert into test_case_servers (test_case_id, server_id) values ('t1', 's1');
      insert into tool_executions (id, server_id, tool_name, arguments, status, duration_ms) values ('e1', 's1', 'echo', '{}', 'success', 3);
    `);
  } finally {
    sqlite.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('migration 0006 (static servers)', () => {
  it('keeps the rows that reference mcp_servers and the updated_at trigger', () => {
    writeDatabaseAt0005(databaseFile());
    const sqlite = getSqlite();
    expect(sqlite.prepare('select count(*) n from test_case_servers').get()).toEqual({ n: 1 });
    expect(sqlite.prepare('select count(*) n from tool_executions').get()).toEqual({ n: 1 });
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);

    const before = sqlite.prepare(`select updated_at u from mcp_servers where id = 's1'`).get() as { u: string };
    sqlite.prepare(`update mcp_servers set status_detail = 'x' where id = 's1'`).run();
    const after = sqlite.prepare(`select updated_at u from mcp_servers where id = 's1'`).get() as { u: string };
    expect(after.u > before.u).toBe(true);

    // The new CHECKs: a static server has no url, command or auth.
    sqlite.prepare(`insert into mcp_servers (id, name, transport, status) values ('s2', 'design', 'static', 'active')`).run();
    expect(() => sqlite.prepare(`insert into mcp_servers (id, name, transport, url) values ('s3', 'bad', 'static', 'http://x/')`).run()).toThrow(/CHECK/);
    expect(() => sqlite.prepare(`insert into mcp_servers (id, name, transport) values ('s4', 'bad2', 'sse')`).run()).toThrow(/CHECK/);
    // Tools go with their server; the RESTRICT of test_case_servers still holds.
    sqlite.prepare(`insert into static_tools (server_id, name, ordinal, input_schema) values ('s2', 'a', 0, '{"type":"object"}')`).run();
    sqlite.prepare(`delete from mcp_servers where id = 's2'`).run();
    expect(sqlite.prepare('select count(*) n from static_tools').get()).toEqual({ n: 0 });
    expect(() => sqlite.prepare(`delete from mcp_servers where id = 's1'`).run()).toThrow(/FOREIGN KEY/);
  });
});
