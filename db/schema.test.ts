import { describe, expect, it } from 'vitest';
import { getSqlite } from './client';

function insertServer(values: Record<string, unknown>) {
  const row = { id: crypto.randomUUID(), name: 'x', transport: 'streamable-http', url: null, command: null, auth_type: 'none', auth_secret: null, ...values };
  getSqlite()
    .prepare(
      'insert into mcp_servers (id, name, transport, url, command, auth_type, auth_secret) values (@id, @name, @transport, @url, @command, @auth_type, @auth_secret)',
    )
    .run(row);
  return row.id as string;
}

describe('database schema', () => {
  it('runs in WAL mode with foreign keys and a busy timeout', () => {
    const sqlite = getSqlite();
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
  });

  it('creates every table of the data model', () => {
    const tables = getSqlite()
      .prepare("select name from sqlite_schema where type = 'table' and name not like '\\_\\_%' escape '\\' and name not like 'sqlite_%' order by name")
      .pluck()
      .all();
    expect(tables).toEqual([
      'api_keys', 'app_meta', 'call_results', 'embedding_cache', 'evaluation_results', 'experiment_variants', 'experiments', 'flaky_rollup', 'mcp_servers', 'metrics_compare_rollup', 'metrics_latency_histogram', 'metrics_latency_tool_histogram', 'metrics_rollup', 'model_settings',
      'run_batches', 'static_tools', 'test_case_servers', 'test_case_tags', 'test_cases', 'test_runs', 'tool_executions', 'tool_set_members', 'tool_sets', 'tool_snapshots',
    ]);
  });

  it('enforces CHECK constraints and unique names and urls', () => {
    expect(() => insertServer({ name: 'a', transport: 'carrier-pigeon', url: 'http://a' })).toThrow(/CHECK/);
    expect(() => insertServer({ name: 'a', transport: 'stdio', url: 'http://a' })).toThrow(/CHECK/);
    expect(() => insertServer({ name: 'a', url: 'http://a', auth_type: 'bearer' })).toThrow(/CHECK/);
    insertServer({ name: 'a', url: 'http://a' });
    expect(() => insertServer({ name: 'a', url: 'http://b' })).toThrow(/UNIQUE/);
    expect(() => insertServer({ name: 'b', url: 'http://a' })).toThrow(/UNIQUE/);
    // stdio servers have no url: several NULLs are fine
    insertServer({ name: 'c', transport: 'stdio', command: 'node' });
    insertServer({ name: 'd', transport: 'stdio', command: 'node' });
  });

  it('requires expected server and tool to be null together', () => {
    const insert = getSqlite().prepare(
      'insert into test_cases (id, name, query, expected_mcp_server_name, expected_tool_name, expected_parameters) values (?, ?, ?, ?, ?, ?)',
    );
    expect(() => insert.run(crypto.randomUUID(), 'n', 'q', 'srv', null, null)).toThrow(/CHECK/);
    expect(() => insert.run(crypto.randomUUID(), 'n', '', null, null, null)).toThrow(/CHECK/);
    expect(() => insert.run(crypto.randomUUID(), 'n', 'q', 'srv', 'tool', '[1]')).toThrow(/CHECK/);
    insert.run(crypto.randomUUID(), 'n', 'q', null, null, null);
  });

  it('maintains updated_at on update and cascades deletes', async () => {
    const sqlite = getSqlite();
    const id = insertServer({ name: 'upd', url: 'http://upd' });
    const before = sqlite.prepare('select updated_at from mcp_servers where id = ?').pluck().get(id) as string;
    await new Promise((r) => setTimeout(r, 5));
    sqlite.prepare("update mcp_servers set status = 'active' where id = ?").run(id);
    const after = sqlite.prepare('select updated_at from mcp_servers where id = ?').pluck().get(id) as string;
    expect(after > before).toBe(true);

    sqlite.prepare("insert into tool_executions (id, server_id, tool_name, arguments, status, duration_ms) values ('e1', ?, 't', '{}', 'success', 1)").run(id);
    sqlite.prepare('delete from mcp_servers where id = ?').run(id);
    expect(sqlite.prepare("select count(*) from tool_executions where id = 'e1'").pluck().get()).toBe(0);
  });

  it('refuses rows that break foreign keys', () => {
    expect(() =>
      getSqlite().prepare("insert into test_case_servers (test_case_id, server_id) values ('nope', 'nope')").run(),
    ).toThrow(/FOREIGN KEY/);
  });
});
