import fs from 'node:fs';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { getTestCase } from '@/db/queries/test-cases';
import { copyMigrationsUpTo } from './helpers/migrations';

/**
 * Migration 0010 (issue 17) adds the sequence fields to test_cases, the trajectory to test_runs
 * and the call_results table. Existing cases read as today's: selection mode, exact order, five
 * steps, nothing executed, no expected calls list (their one expected pair stands).
 */

function writeDatabaseAt0009(file: string): void {
  const folder = copyMigrationsUpTo(9);
  const sqlite = new Database(file);
  try {
    migrate(drizzle(sqlite), { migrationsFolder: folder });
    sqlite.exec(`
      insert into mcp_servers (id, name, transport, url, status) values ('s1', 'live', 'streamable-http', 'http://127.0.0.1:1/mcp', 'active');
      insert into test_cases (id, name, query, expected_mcp_server_name, expected_tool_name, expected_parameters) values ('t1', 'case one', 'q', 'live', 'echo', '{"a":1}');
      insert into test_cases (id, name, query) values ('t2', 'case two', 'q2');
      insert into test_case_servers (test_case_id, server_id) values ('t1', 's1'), ('t2', 's1');
      insert into test_runs (id, test_case_id, status, classification) values ('r1', 't1', 'completed', 'TP');
      insert into evaluation_results (id, test_run_id, classification, tool_correct, failure_reasons) values ('e1', 'r1', 'TP', 1, '[]');
    `);
  } finally {
    sqlite.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

describe('migration 0010 (sequence cases)', () => {
  it('keeps existing cases and runs, with the defaults of a selection case', async () => {
    writeDatabaseAt0009(databaseFile());
    const sqlite = getSqlite();
    expect(sqlite.prepare('select id, mode, call_order, max_steps, execute, expected_calls, context, forbidden_tools, mock_results from test_cases order by id').all()).toEqual([
      { id: 't1', mode: 'selection', call_order: 'exact', max_steps: 5, execute: '"none"', expected_calls: null, context: null, forbidden_tools: null, mock_results: null },
      { id: 't2', mode: 'selection', call_order: 'exact', max_steps: 5, execute: '"none"', expected_calls: null, context: null, forbidden_tools: null, mock_results: null },
    ]);
    // Through drizzle, the JSON default reads back as the policy word.
    const t1 = await getTestCase('t1');
    expect(t1).toMatchObject({ execute: 'none', mode: 'selection', maxSteps: 5, expectedToolName: 'echo', expectedParameters: { a: 1 } });
    expect(sqlite.prepare('select id, trajectory, steps, classification from test_runs').all()).toEqual([{ id: 'r1', trajectory: null, steps: null, classification: 'TP' }]);

    // The column CHECKs hold for new writes.
    expect(() => sqlite.prepare(`update test_cases set max_steps = 21 where id = 't1'`).run()).toThrow(/CHECK/);
    expect(() => sqlite.prepare(`update test_cases set max_steps = 0 where id = 't1'`).run()).toThrow(/CHECK/);
    expect(() => sqlite.prepare(`update test_cases set mode = 'agent' where id = 't1'`).run()).toThrow(/CHECK/);
    expect(() => sqlite.prepare(`update test_cases set call_order = 'some' where id = 't1'`).run()).toThrow(/CHECK/);
    expect(() => sqlite.prepare(`update test_cases set expected_calls = '{}' where id = 't1'`).run()).toThrow(/CHECK/);
    expect(() => sqlite.prepare(`update test_cases set execute = 'none' where id = 't1'`).run()).toThrow(/CHECK/);
    sqlite.prepare(`update test_cases set execute = '{"allow":[]}', max_steps = 20, mode = 'sequence' where id = 't1'`).run();

    // Per-call rows: the outcome decides which indexes are set; they go with their run.
    sqlite.prepare(`insert into call_results (id, test_run_id, expected_index, call_index, outcome, server, tool, failure_reasons) values ('c1', 'r1', 0, 0, 'TP', 'live', 'echo', '[]')`).run();
    expect(() => sqlite.prepare(`insert into call_results (id, test_run_id, expected_index, call_index, outcome, server, tool, failure_reasons) values ('c2', 'r1', 0, null, 'TP', 'live', 'echo', '[]')`).run()).toThrow(/CHECK/);
    expect(() => sqlite.prepare(`insert into call_results (id, test_run_id, expected_index, call_index, outcome, server, tool, failure_reasons) values ('c3', 'r1', null, 1, 'FN', 'live', 'echo', '[]')`).run()).toThrow(/CHECK/);
    sqlite.prepare(`delete from test_runs where id = 'r1'`).run();
    expect(sqlite.prepare('select count(*) n from call_results').get()).toEqual({ n: 0 });
  });
});
