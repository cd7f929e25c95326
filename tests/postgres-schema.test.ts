/**
 * The Postgres schema on a real Postgres (issue 20): a throwaway cluster (tests/helpers/postgres.ts,
 * Debian's postgresql installed by scripts/ensure-postgres.sh), db/migrations-pg applied with
 * drizzle's node-postgres migrator, then the tables, CHECKs and the trigger equivalents of the
 * SQLite migrations checked against what the SQLite database does.
 */
import { readFileSync } from 'node:fs';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getSqlite } from '@/db/client';
import * as pgSchema from '@/db/schema.pg';
import { createDatabase, postgresBinDir, startPostgres, stopOnExit, type PostgresCluster } from './helpers/postgres';

const bin = postgresBinDir();
if (!bin) console.warn('Postgres tests skipped: no Postgres server binaries (run scripts/ensure-postgres.sh)');

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe.skipIf(!bin)('Postgres schema (db/migrations-pg)', () => {
  let cluster: PostgresCluster | null = null;
  let clusterUrl: string;
  let pool: pg.Pool;

  async function migratedDatabase(name: string): Promise<pg.Pool> {
    const db = new pg.Pool({ connectionString: await createDatabase(clusterUrl, `${name}_${process.pid}`), max: 3 });
    const started = performance.now();
    await migrate(drizzle(db), { migrationsFolder: 'db/migrations-pg' });
    console.info(`db/migrations-pg applied in ${(performance.now() - started).toFixed(0)} ms`);
    return db;
  }

  beforeAll(async () => {
    // Provided when tests/helpers/postgres.ts runs as the suite's globalSetup; else a cluster of our own.
    const provided: string | undefined = inject('postgresUrl');
    if (provided) clusterUrl = provided;
    else {
      cluster = await startPostgres();
      stopOnExit(cluster);
      console.info(`Postgres cluster started in ${cluster.startMs.toFixed(0)} ms`);
      clusterUrl = cluster.url;
    }
    pool = await migratedDatabase('schema');
    pool.on('error', () => {}); // an idle client cut off when the cluster stops
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await cluster?.stop();
  });

  async function one<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T> {
    const { rows } = await pool.query<T>(text, values);
    if (rows.length !== 1) throw new Error(`expected one row from ${text}, got ${rows.length}`);
    return rows[0] as T;
  }

  async function errorOf(text: string, values: unknown[] = []): Promise<{ code?: string; constraint?: string }> {
    try {
      await pool.query(text, values);
    } catch (err) {
      return err as { code?: string; constraint?: string };
    }
    throw new Error(`expected ${text} to fail`);
  }

  it('creates every table of the schema, and the tool_definitions view', async () => {
    const expected: string[] = [];
    for (const value of Object.values(pgSchema) as unknown[]) if (is(value, PgTable)) expected.push(getTableConfig(value).name);
    expected.sort();
    const { rows } = await pool.query<{ table_name: string; table_type: string }>(
      "select table_name, table_type from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(rows.filter((r) => r.table_type === 'BASE TABLE').map((r) => r.table_name)).toEqual(expected);
    expect(expected).toEqual([
      'api_keys', 'app_meta', 'call_results', 'embedding_cache', 'evaluation_results', 'experiment_variants', 'experiments', 'flaky_rollup', 'mcp_servers', 'metrics_compare_rollup', 'metrics_latency_histogram', 'metrics_latency_tool_histogram', 'metrics_rollup',
      'model_settings', 'run_batches', 'static_tools', 'test_case_servers', 'test_case_tags', 'test_cases', 'test_runs', 'tool_executions', 'tool_set_members',
      'tool_sets', 'tool_snapshots',
    ]);
    expect(rows.filter((r) => r.table_type === 'VIEW').map((r) => r.table_name)).toEqual(['tool_definitions']);
  });

  it('has a trigger for every SQLite trigger, of the same name (but the view\'s two write triggers, not ported yet)', async () => {
    const notPorted = ['trg_tool_definitions_delete', 'trg_tool_definitions_insert'];
    const sqliteTriggers = (getSqlite().prepare("select name from sqlite_schema where type = 'trigger' order by name").pluck().all() as string[]).filter(
      (name) => !notPorted.includes(name),
    );
    const { rows } = await pool.query<{ tgname: string }>('select distinct tgname from pg_trigger where not tgisinternal order by tgname');
    expect(sqliteTriggers.length).toBeGreaterThanOrEqual(19);
    expect(rows.map((r) => r.tgname)).toEqual(sqliteTriggers);
  });

  it('rejects rows that break a CHECK, and takes the ones that keep it', async () => {
    const bad = await errorOf("insert into mcp_servers (id, name, transport, url, status) values ('s0', 'x', 'sse', 'http://a', 'sleeping')");
    expect(bad).toMatchObject({ code: '23514', constraint: 'ck_mcp_servers_status' });
    const stdioWithUrl = await errorOf("insert into mcp_servers (id, name, transport, url, command) values ('s0', 'x', 'stdio', 'http://a', 'node')");
    expect(stdioWithUrl).toMatchObject({ code: '23514', constraint: 'ck_mcp_servers_endpoint' });
    // A column-level CHECK of SQLite's ALTER TABLE (migration 0010), named here.
    const steps = await errorOf("insert into test_cases (id, name, query, max_steps) values ('c0', 'n', 'q', 21)");
    expect(steps).toMatchObject({ code: '23514', constraint: 'ck_test_cases_max_steps' });
    const execute = await errorOf(`insert into test_cases (id, name, query, execute) values ('c0', 'n', 'q', '[1]')`);
    expect(execute).toMatchObject({ code: '23514', constraint: 'ck_test_cases_execute' });
    await pool.query("insert into test_cases (id, name, query, execute) values ('c0', 'n', 'q', '{\"allow\": []}')");
    const row = await one<{ execute: unknown; created_at: string; call_order: string }>("select execute, created_at, call_order from test_cases where id = 'c0'");
    expect(row.execute).toEqual({ allow: [] });
    expect(row.created_at).toMatch(ISO_MS);
    expect(row.call_order).toBe('exact');
    const provider = await errorOf("insert into model_settings (id, provider, model) values ('m0', 'no-such-provider', 'x')");
    expect(provider).toMatchObject({ code: '23514', constraint: 'ck_model_settings_provider' });
    const vector = await errorOf("insert into embedding_cache (model, text_hash, dimensions, vector) values ('m', 'h', 2, '\\x0000')");
    expect(vector).toMatchObject({ code: '23514', constraint: 'ck_embedding_cache_dims' });
    await pool.query("insert into embedding_cache (model, text_hash, dimensions, vector) values ('m', 'h', 2, $1)", [Buffer.alloc(8, 1)]);
    const stored = await one<{ vector: Buffer }>("select vector from embedding_cache where model = 'm'");
    expect([...stored.vector]).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('keeps updated_at current unless the writer set it (SQLite migration 0001)', async () => {
    await pool.query("insert into app_meta (key, value, updated_at) values ('k', 'v', '2020-01-01T00:00:00.000Z')");
    await pool.query("update app_meta set value = 'w' where key = 'k'");
    const touched = await one<{ updated_at: string }>("select updated_at from app_meta where key = 'k'");
    expect(touched.updated_at).toMatch(ISO_MS);
    expect(touched.updated_at > '2020-01-01T00:00:00.000Z').toBe(true);
    await pool.query("update app_meta set value = 'x', updated_at = '2021-05-05T00:00:00.000Z' where key = 'k'");
    expect(await one("select updated_at from app_meta where key = 'k'")).toEqual({ updated_at: '2021-05-05T00:00:00.000Z' });
  });

  it('copies the run scope into evaluation_results on insert, run changes, SET NULL and moves (SQLite 0003/0004)', async () => {
    await pool.query("insert into test_cases (id, name, query) values ('c1', 'case', 'q')");
    await pool.query("insert into model_settings (id, provider, model) values ('m1', 'openai', 'gpt'), ('m2', 'openai', 'gpt2')");
    await pool.query("insert into run_batches (id, name, models) values ('b1', 'one', '[]'), ('b2', 'two', '[]')");
    await pool.query(
      "insert into test_runs (id, test_case_id, batch_id, model_settings_id, created_at) values ('r1', 'c1', 'b1', 'm1', '2025-01-02T03:04:05.678Z'), ('r2', 'c1', 'b2', 'm2', '2025-02-02T00:00:00.000Z')",
    );
    // The writer's values for the copies are ignored: they come from the run.
    await pool.query(
      `insert into evaluation_results (id, test_run_id, classification, tool_correct, failure_reasons, model_settings_id, batch_id, run_created_at)
       values ('e1', 'r1', 'TP', true, '[]', 'bogus', 'bogus', 'bogus')`,
    );
    const copies = () => one<{ model_settings_id: string | null; batch_id: string | null; run_created_at: string | null }>(
      "select model_settings_id, batch_id, run_created_at from evaluation_results where id = 'e1'",
    );
    expect(await copies()).toEqual({ model_settings_id: 'm1', batch_id: 'b1', run_created_at: '2025-01-02T03:04:05.678Z' });
    await pool.query("update test_runs set batch_id = 'b2', created_at = '2025-01-03T00:00:00.000Z' where id = 'r1'");
    expect(await copies()).toEqual({ model_settings_id: 'm1', batch_id: 'b2', run_created_at: '2025-01-03T00:00:00.000Z' });
    await pool.query("delete from model_settings where id = 'm1'");
    expect(await copies()).toEqual({ model_settings_id: null, batch_id: 'b2', run_created_at: '2025-01-03T00:00:00.000Z' });
    await pool.query("update evaluation_results set test_run_id = 'r2' where id = 'e1'");
    expect(await copies()).toEqual({ model_settings_id: 'm2', batch_id: 'b2', run_created_at: '2025-02-02T00:00:00.000Z' });
    // An unrelated update leaves the copies alone.
    await pool.query("update evaluation_results set reasoning = 'why' where id = 'e1'");
    expect(await copies()).toEqual({ model_settings_id: 'm2', batch_id: 'b2', run_created_at: '2025-02-02T00:00:00.000Z' });
    // The batch's cascade takes the run and its evaluation.
    await pool.query("delete from run_batches where id = 'b2'");
    expect((await pool.query("select id from evaluation_results where id = 'e1'")).rowCount).toBe(0);
  });

  it('shows a run\'s tools through tool_definitions and deletes listings and definitions no run uses (SQLite 0011/0012)', async () => {
    await pool.query("insert into test_cases (id, name, query) values ('c2', 'case', 'q')");
    const s1 = await one<{ id: number }>(
      `insert into tool_snapshots (hash, server_name, name, description, input_schema) values ('h1', 'srv', 'get', 'Get it', '{"type":"object","properties":{"b":{},"a":{}}}') returning id`,
    );
    const s2 = await one<{ id: number }>(`insert into tool_snapshots (hash, server_name, name, input_schema) values ('h2', 'srv', 'put', '{"type":"object"}') returning id`);
    const set1 = await one<{ id: number }>("insert into tool_sets (hash) values ('set1') returning id");
    const set2 = await one<{ id: number }>("insert into tool_sets (hash) values ('set2') returning id");
    await pool.query('insert into tool_set_members (tool_set_id, position, snapshot_id, exposed_name) values ($1, 0, $2, $3), ($1, 1, $4, $5), ($6, 0, $4, $5)', [
      set1.id, s1.id, 'srv__get', s2.id, 'srv__put', set2.id,
    ]);
    await pool.query(
      "insert into test_runs (id, test_case_id, tool_set_id, created_at) values ('r3', 'c2', $1, '2025-03-03T00:00:00.000Z'), ('r4', 'c2', $1, '2025-03-04T00:00:00.000Z'), ('r5', 'c2', $2, '2025-03-05T00:00:00.000Z')",
      [set1.id, set2.id],
    );
    const { rows } = await pool.query<{ id: string; exposed_name: string; description: string; input_schema: unknown; position: number; snapshot_hash: string }>(
      "select id, exposed_name, description, input_schema, position, snapshot_hash from tool_definitions where test_run_id = 'r3' order by position",
    );
    expect(rows).toEqual([
      { id: 'r3:0', exposed_name: 'srv__get', description: 'Get it', input_schema: { type: 'object', properties: { b: {}, a: {} } }, position: 0, snapshot_hash: 'h1' },
      { id: 'r3:1', exposed_name: 'srv__put', description: '', input_schema: { type: 'object' }, position: 1, snapshot_hash: 'h2' },
    ]);
    // json keeps the schema's key order, as the model was shown it.
    expect(Object.keys((rows[0]?.input_schema as { properties: object }).properties)).toEqual(['b', 'a']);
    const sets = async () => (await pool.query<{ hash: string }>('select hash from tool_sets order by hash')).rows.map((r) => r.hash);
    const snapshots = async () => (await pool.query<{ hash: string }>('select hash from tool_snapshots order by hash')).rows.map((r) => r.hash);
    await pool.query("delete from test_runs where id = 'r3'");
    expect(await sets()).toEqual(['set1', 'set2']); // r4 still shows set1
    await pool.query("update test_runs set tool_set_id = $1 where id = 'r4'", [set2.id]);
    expect(await sets()).toEqual(['set2']);
    expect(await snapshots()).toEqual(['h2']); // h1 was only in set1
    await pool.query("delete from test_cases where id = 'c2'"); // cascades to r4, r5
    expect(await sets()).toEqual([]);
    expect(await snapshots()).toEqual([]);
  });

  it('keeps a listing that a concurrent transaction has just given a run, instead of failing the delete', async () => {
    // Postgres runs writers concurrently (SQLite has one): the cleanup trigger of a deleted run must
    // not take a listing that another transaction's new run points at, nor fail the delete.
    await pool.query("insert into test_cases (id, name, query) values ('c9', 'case', 'q')");
    const s9 = await one<{ id: number }>(`insert into tool_snapshots (hash, server_name, name, input_schema) values ('h9', 'srv', 'x', '{}') returning id`);
    const set9 = await one<{ id: number }>("insert into tool_sets (hash) values ('set9') returning id");
    await pool.query("insert into tool_set_members (tool_set_id, position, snapshot_id, exposed_name) values ($1, 0, $2, 'srv__x')", [set9.id, s9.id]);
    await pool.query("insert into test_runs (id, test_case_id, tool_set_id) values ('r90', 'c9', $1)", [set9.id]);
    const writer = await pool.connect();
    const deleter = await pool.connect();
    try {
      await writer.query('begin');
      // Another day: its rollup row is not the deleted run's, so no rollup row lock orders the two.
      await writer.query("insert into test_runs (id, test_case_id, tool_set_id, created_at) values ('r91', 'c9', $1, '2030-01-01T00:00:00.000Z')", [set9.id]);
      const deleterPid = (await deleter.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
      const deleting = deleter.query("delete from test_runs where id = 'r90'");
      // Commit only once the delete's cleanup waits for the writer's lock on the listing.
      for (let i = 0; ; i++) {
        const waiting = await pool.query("select 1 from pg_stat_activity where pid = $1 and wait_event_type = 'Lock'", [deleterPid]);
        if (waiting.rowCount === 1) break;
        if (i > 200) throw new Error('the delete never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await writer.query('commit');
      await expect(deleting).resolves.toMatchObject({ rowCount: 1 });
    } finally {
      writer.release();
      deleter.release();
    }
    expect((await pool.query("select id from test_runs where id in ('r90', 'r91')")).rows).toEqual([{ id: 'r91' }]);
    expect((await pool.query('select hash from tool_sets where id = $1', [set9.id])).rows).toEqual([{ hash: 'set9' }]);
    expect((await pool.query("select snapshot_hash from tool_definitions where test_run_id = 'r91'")).rows).toEqual([{ snapshot_hash: 'h9' }]);
  });

  it('keeps metrics_rollup and the latency histogram exactly as SQLite does for the same writes (SQLite 0015, 0016)', async () => {
    const rollupDb = await migratedDatabase('rollup');
    try {
      await sameWritesOnBoth(rollupDb);
    } finally {
      await rollupDb.end();
    }
  });

  async function sameWritesOnBoth(rollupDb: pg.Pool): Promise<void> {
    const sqlite = getSqlite();
    // One statement, both databases: `?` placeholders, booleans as SQLite's integers there.
    async function both(text: string, ...params: (string | number | boolean | null)[]): Promise<void> {
      sqlite.prepare(text).run(...params.map((p) => (typeof p === 'boolean' ? Number(p) : p)));
      let n = 0;
      await rollupDb.query(text.replace(/\?/g, () => `$${++n}`), params);
    }
    let seed = 20;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
    const maybe = <T,>(x: T): T | null => (rand() < 0.3 ? null : x);
    // A score in 0..1 with every mantissa bit used (rand() alone has 31), so x * 2^52 has a
    // fractional part and the rollup's rounding of the low half matters.
    const score = () => Math.min(1, (rand() + rand() * 2 ** -31) / 3 + (rand() < 0.2 ? 0.6 : 0));
    const statuses = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
    const classes = ['TP', 'FP', 'TN', 'FN'] as const;
    const days = ['2025-01-01T10:00:00.000Z', '2025-01-01T23:59:59.999Z', '2025-01-02T00:00:00.000Z', '2025-01-02 08:00:00', 'yesterday'];

    for (let c = 0; c < 4; c++) {
      if (c % 2) await both('insert into test_cases (id, name, query, expected_mcp_server_name, expected_tool_name) values (?, ?, ?, ?, ?)', `c${c}`, 'case', 'q', `srv${c}`, `tool${c}`);
      else await both('insert into test_cases (id, name, query) values (?, ?, ?)', `c${c}`, 'case', 'q');
    }
    await both("insert into model_settings (id, provider, model) values ('m0', 'openai', 'a'), ('m1', 'openai', 'b')");
    await both("insert into run_batches (id, name, models) values ('b0', 'x', '[]'), ('b1', 'y', '[]')");
    const runs: string[] = [];
    const evaluated = new Set<string>();
    for (let i = 0; i < 60; i++) {
      const id = `r${i}`;
      runs.push(id);
      await both(
        'insert into test_runs (id, test_case_id, batch_id, model_settings_id, status, classification, selected_server, selected_tool, execution_time_ms, input_tokens, output_tokens, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
        id, `c${i % 4}`, maybe(pick(['b0', 'b1'])), maybe(pick(['m0', 'm1'])), pick(statuses), maybe(pick(classes)), maybe('srvX'), maybe(pick(['tool1', 'toolY'])),
        maybe(Math.floor(rand() * 5000)), maybe(Math.floor(rand() * 900)), maybe(Math.floor(rand() * 90)), pick(days),
      );
      if (rand() < 0.6) {
        evaluated.add(id);
        await both(
          'insert into evaluation_results (id, test_run_id, classification, expected_server, expected_tool, selected_server, selected_tool, tool_correct, parameter_completeness, parameter_correctness, type_conformance, confidence_score, confidence_category, pass_k, failure_reasons) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          `e${i}`, id, pick(classes), maybe('srv1'), maybe('tool1'), maybe('srvX'), maybe(pick(['tool1', 'toolY'])), rand() < 0.5,
          maybe(score()), maybe(score()), maybe(1 / 3), maybe(score()), maybe(pick(['robust', 'misleading', 'needs_clarity'])), maybe(rand() < 0.5), '[]',
        );
      }
    }
    for (let step = 0; step < 80; step++) {
      const run = pick(runs);
      const op = Math.floor(rand() * 8);
      if (op === 0) await both('update test_runs set status = ?, classification = ?, execution_time_ms = ? where id = ?', pick(statuses), maybe(pick(classes)), maybe(Math.floor(rand() * 5000)), run);
      else if (op === 1) await both('update test_runs set created_at = ?, batch_id = ? where id = ?', pick(days), maybe(pick(['b0', 'b1'])), run);
      else if (op === 2) await both('update evaluation_results set classification = ?, parameter_correctness = ?, confidence_category = ?, pass_k = ? where test_run_id = ?', pick(classes), maybe(score()), maybe('robust'), maybe(rand() < 0.5), run);
      else if (op === 3 && evaluated.has(run)) {
        const target = runs.find((r) => !evaluated.has(r));
        if (target) {
          await both('update evaluation_results set test_run_id = ? where test_run_id = ?', target, run);
          evaluated.delete(run);
          evaluated.add(target);
        }
      } else if (op === 4) {
        await both('delete from evaluation_results where test_run_id = ?', run);
        evaluated.delete(run);
      } else if (op === 5) await both('update test_cases set expected_mcp_server_name = ?, expected_tool_name = ? where id = ?', `s${step}`, `t${step}`, pick(['c1', 'c3']));
      else if (op === 6 && step % 3 === 0) {
        await both('delete from test_runs where id = ?', run);
        runs.splice(runs.indexOf(run), 1);
        evaluated.delete(run);
      } else await both('update test_runs set test_case_id = ?, selected_tool = ? where id = ?', pick(['c0', 'c1', 'c2', 'c3']), maybe('toolZ'), run);
    }
    await both("delete from model_settings where id = 'm1'"); // ON DELETE SET NULL through the run's trigger
    await both("delete from run_batches where id = 'b1'"); // cascade: runs and their evaluations
    await both("delete from test_cases where id = 'c2'"); // cascade, taken out by the case's trigger

    // The cluster's locale is C (tests/helpers/postgres.ts): text orders bytewise, as in SQLite.
    const order = 'batch_id, model_settings_id, day, created_odd, status, classification, expected_server, expected_tool, selected_server, selected_tool';
    const fromSqlite = (sqlite.prepare(`select * from metrics_rollup where runs > 0 order by ${order}`).all() as Record<string, unknown>[]).map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])),
    );
    const fromPg = (await rollupDb.query<Record<string, unknown>>(`select * from metrics_rollup where runs > 0 order by ${order}`)).rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) && k !== 'day' && !['batch_id', 'model_settings_id', 'status', 'classification', 'expected_server', 'expected_tool', 'selected_server', 'selected_tool'].includes(k) ? Number(v) : v])),
    );
    expect(fromSqlite.length).toBeGreaterThan(10);
    expect(fromPg).toEqual(fromSqlite);

    // The compare rollup (SQLite 0018, Postgres 0005) from the same writes: counts and latest run per unit.
    const compareRows = 'select * from metrics_compare_rollup order by batch_id, test_case_id, model_settings_id';
    const numeric = (row: Record<string, unknown>) => ({ ...row, tp: Number(row.tp), fp: Number(row.fp), tn: Number(row.tn), fn: Number(row.fn) });
    const compareSqlite = (sqlite.prepare(compareRows).all() as Record<string, unknown>[]).map(numeric);
    expect(compareSqlite.length).toBeGreaterThan(0);
    expect((await rollupDb.query<Record<string, unknown>>(compareRows)).rows.map(numeric)).toEqual(compareSqlite);

    // The latency histogram (SQLite 0016) from the same writes, plus bucket edges up to 2^31 ms.
    for (const [i, ms] of [0, 127, 128, 129, 255, 256, 1000, 4095, 4096, 65_537, 2 ** 31 - 1].entries()) {
      await both("insert into test_runs (id, test_case_id, status, classification, execution_time_ms, created_at) values (?, 'c0', 'completed', 'TP', ?, '2025-01-05T00:00:00.000Z')", `edge${i}`, ms);
    }
    const histogram = 'select batch_id, model_settings_id, day, created_odd, bucket, runs from metrics_latency_histogram where runs <> 0 order by batch_id, model_settings_id, day, created_odd, bucket';
    const histSqlite = (sqlite.prepare(histogram).all() as Record<string, unknown>[]).map((row) => ({ ...row, runs: Number(row.runs) }));
    const histPg = (await rollupDb.query<Record<string, unknown>>(histogram)).rows.map((row) => ({ ...row, runs: Number(row.runs) }));
    expect(histSqlite.length).toBeGreaterThanOrEqual(12);
    expect(histPg).toEqual(histSqlite);
    const remaining = await rollupDb.query<{ n: string }>('select count(*) as n from test_runs');
    const summed = await rollupDb.query<{ n: string }>('select coalesce(sum(runs), 0) as n from metrics_rollup');
    expect(summed.rows[0]?.n).toBe(remaining.rows[0]?.n);

    // The tool latency histogram (SQLite 0019, Postgres 0006) from the same writes, the edges evaluated too;
    // and each database's backfill, run again over the same rows, gives what its triggers kept.
    for (const i of [0, 1, 2, 3]) {
      await both("insert into evaluation_results (id, test_run_id, classification, expected_server, expected_tool, selected_server, selected_tool, tool_correct, failure_reasons) values (?, ?, 'FN', 'srv1', 'tool1', 'srvX', ?, false, '[]')", `edge-e${i}`, `edge${i}`, i % 2 ? 'tool1' : null);
    }
    const toolHistogram = 'select server, tool, day, created_odd, bucket, runs from metrics_latency_tool_histogram where runs <> 0 order by server, tool, day, created_odd, bucket';
    const toolSqlite = (sqlite.prepare(toolHistogram).all() as Record<string, unknown>[]).map((row) => ({ ...row, runs: Number(row.runs) }));
    const toolPg = async () => (await rollupDb.query<Record<string, unknown>>(toolHistogram)).rows.map((row) => ({ ...row, runs: Number(row.runs) }));
    expect(toolSqlite.length).toBeGreaterThanOrEqual(12);
    expect(await toolPg()).toEqual(toolSqlite);
    const backfill = (file: string) => {
      const statement = readFileSync(file, 'utf8').split('--> statement-breakpoint').find((st) => st.trim().startsWith('-- Backfill'));
      if (!statement) throw new Error(`no backfill in ${file}`);
      return statement;
    };
    sqlite.exec(`delete from metrics_latency_tool_histogram; ${backfill('db/migrations/0019_metrics_latency_tool_histogram.sql')}`);
    expect((sqlite.prepare(toolHistogram).all() as Record<string, unknown>[]).map((row) => ({ ...row, runs: Number(row.runs) }))).toEqual(toolSqlite);
    await rollupDb.query('delete from metrics_latency_tool_histogram');
    await rollupDb.query(backfill('db/migrations-pg/0006_metrics_latency_tool_histogram.sql'));
    expect(await toolPg()).toEqual(toolSqlite);
  }
});
