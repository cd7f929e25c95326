import fs from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { copyMigrationsUpTo } from './helpers/migrations';

/** Migration 0009 adds test_case_tags: existing cases keep their rows and start without tags. */

function writeDatabaseAt0008(file: string): void {
  const folder = copyMigrationsUpTo(8);
  const sqlite = new Database(file);
  try {
    migrate(drizzle(sqlite), { migrationsFolder: folder });
    sqlite.exec(`
      insert into mcp_servers (id, name, transport, url, status) values ('s1', 'live', 'streamable-http', 'http://127.0.0.1:1/mcp', 'active');
      insert into test_cases (id, name, query, expected_mcp_server_name, expected_tool_name) values ('t1', 'case one', 'q', 'live', 'echo');
      insert into test_cases (id, name, query) values ('t2', 'case two', 'q2');
      insert into test_case_servers (test_case_id, server_id) values ('t1', 's1'), ('t2', 's1');
    `);
  } finally {
    sqlite.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('migration 0009 (test case tags)', () => {
  it('keeps existing test cases, which start untagged; tags cascade with their case', () => {
    writeDatabaseAt0008(databaseFile());
    const sqlite = getSqlite();
    expect(sqlite.prepare('select id, name from test_cases order by id').all()).toEqual([
      { id: 't1', name: 'case one' },
      { id: 't2', name: 'case two' },
    ]);
    expect(sqlite.prepare('select count(*) n from test_case_tags').get()).toEqual({ n: 0 });

    sqlite.prepare(`insert into test_case_tags (test_case_id, tag) values ('t1', 'smoke'), ('t2', 'smoke'), ('t1', 'github')`).run();
    expect(() => sqlite.prepare(`insert into test_case_tags (test_case_id, tag) values ('t1', 'smoke')`).run()).toThrow(/UNIQUE|PRIMARY/);
    expect(() => sqlite.prepare(`insert into test_case_tags (test_case_id, tag) values ('t1', '')`).run()).toThrow(/CHECK/);
    expect(() => sqlite.prepare(`insert into test_case_tags (test_case_id, tag) values ('nope', 'x')`).run()).toThrow(/FOREIGN KEY/);
    sqlite.prepare(`delete from test_cases where id = 't1'`).run();
    expect(sqlite.prepare('select test_case_id, tag from test_case_tags').all()).toEqual([{ test_case_id: 't2', tag: 'smoke' }]);
    const plan = sqlite.prepare(`explain query plan select test_case_id from test_case_tags where tag = 'smoke'`).all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toMatch(/idx_test_case_tags_tag/);
  });
});
