/**
 * Postgres migration 0010 (issue 20): the metrics tables' INSERT and UPDATE triggers on test_runs and
 * evaluation_results run once per statement over its transition tables, and mcp_eval_complete_runs completes
 * several runs in one call. The reference is the row triggers they replace: a database left at migration 0009
 * with rows in it is copied, the copy migrated to 0010, and the same writes (multi-row inserts, grouped
 * claims and completions, grouped self-assessments, reclassifications, moves of runs and evaluations between
 * groups, odd created_at values, deletes and cascades) go to both. Every metrics table, and the runs and
 * evaluations, must come out equal. Postgres by nature: on the suite's cluster, or one of its own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase, postgresBinDir, startPostgres, stopOnExit, type PostgresCluster } from './helpers/postgres';

const bin = postgresBinDir();
const TABLES = ['metrics_rollup', 'metrics_latency_histogram', 'metrics_latency_tool_histogram', 'metrics_compare_rollup', 'test_runs', 'evaluation_results'];

/** db/migrations-pg with its journal cut after migration `last`. */
function pgMigrationsUpTo(last: number): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-migrations-pg-'));
  fs.cpSync(path.join(process.cwd(), 'db', 'migrations-pg'), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= last);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

// Rows at 0009: two cases, two model settings, a batch; 60 runs over three days, one with an odd
// created_at, pending, running, completed (with evaluations of every classification) and failed.
const BASE = `
INSERT INTO test_cases (id, name, query, expected_mcp_server_name, expected_tool_name) VALUES ('c1', 'c1', 'q', 'rag', 'rag_search'), ('c2', 'c2', 'q', 'todo', 'add');
INSERT INTO model_settings (id, provider, model) VALUES ('m1', 'local', 'a'), ('ms2', 'local', 'b');
INSERT INTO run_batches (id, name, models) VALUES ('b1', 'b1', '[]'), ('b2', 'b2', '[]'), ('b3', 'b3', '[]');
INSERT INTO tool_sets (hash) VALUES ('set-a');
INSERT INTO test_runs (id, test_case_id, batch_id, model_settings_id, status, classification, selected_server, selected_tool, execution_time_ms, input_tokens, output_tokens, created_at)
SELECT 'base-' || lpad(n::text, 2, '0'), CASE WHEN n % 2 = 0 THEN 'c1' ELSE 'c2' END, CASE WHEN n % 9 = 0 THEN NULL ELSE 'b1' END, CASE WHEN n % 4 = 0 THEN 'ms2' ELSE 'm1' END,
  (ARRAY['pending', 'running', 'completed', 'completed', 'failed'])[n % 5 + 1],
  CASE WHEN n % 5 IN (2, 3) THEN (ARRAY['TP', 'FP', 'TN', 'FN'])[n % 4 + 1] END,
  CASE WHEN n % 5 IN (2, 3) THEN 'rag' END, CASE WHEN n % 5 IN (2, 3) THEN 'rag_search' END,
  CASE WHEN n % 5 IN (2, 3, 4) THEN 40 + n * 53 END, 100 + n, 10,
  CASE WHEN n = 17 THEN 'not a date' ELSE '2025-01-0' || (n % 3 + 1) || 'T08:00:00.000Z' END
FROM generate_series(1, 60) n;
INSERT INTO evaluation_results (id, test_run_id, classification, expected_server, expected_tool, selected_server, selected_tool, tool_correct, failure_reasons,
  parameter_completeness, confidence_score, confidence_category, pass_k)
SELECT 'be-' || id, id, classification, 'rag', 'rag_search', 'rag', CASE WHEN classification = 'TP' THEN 'rag_search' ELSE 'other' END, classification = 'TP', '[]',
  0.25 + length(id) / 100.0, 0.6, 'robust', classification = 'TP'
FROM test_runs WHERE status = 'completed';
`;

// The writes, as the engine and the app make them (several rows per statement where a worker groups them).
const OPS = `
CREATE TEMP TABLE ids AS SELECT id, test_case_id, row_number() OVER (ORDER BY id) n FROM test_runs;
INSERT INTO test_runs (id, test_case_id, batch_id, model_settings_id, status, created_at)
SELECT 'new-' || n, test_case_id, CASE WHEN n % 7 = 0 THEN NULL ELSE 'b2' END, CASE WHEN n % 5 = 0 THEN NULL ELSE 'ms2' END, 'pending',
  CASE WHEN n % 11 = 0 THEN 'odd-' || n ELSE '2025-01-0' || (n % 3 + 1) || 'T10:00:00.000Z' END FROM ids WHERE n <= 60;
UPDATE test_runs SET status = 'running', started_at = 'x' WHERE id IN (SELECT 'new-' || n FROM ids WHERE n <= 40);
SELECT mcp_eval_complete_run(jsonb_build_object('id', 'new-' || n, 'completedAt', 'c', 'llmResponseRaw', '{"assessmentPending":true}', 'selectedServer', 'rag', 'selectedTool', CASE WHEN n % 2 = 0 THEN 'rag_search' ELSE 'other' END,
  'extractedParameters', '{}', 'confidenceScore', NULL, 'confidenceCategory', NULL, 'confidenceSource', NULL, 'classification', CASE WHEN n % 3 = 0 THEN 'FP' ELSE 'TP' END,
  'executionTimeMs', 100 + n * 37, 'inputTokens', 500, 'outputTokens', 30, 'failureReasons', '[]'),
  jsonb_build_object('id', 'e-' || n, 'testRunId', 'new-' || n, 'classification', CASE WHEN n % 3 = 0 THEN 'FP' ELSE 'TP' END, 'expectedServer', 'rag', 'expectedTool', 'rag_search', 'selectedServer', 'rag', 'selectedTool', CASE WHEN n % 2 = 0 THEN 'rag_search' ELSE 'other' END,
   'toolCorrect', n % 2 = 0, 'parameterCompleteness', 1.0 / (n + 1), 'parameterCorrectness', CASE WHEN n % 4 = 0 THEN NULL ELSE 0.3 END, 'typeConformance', 0.7, 'hallucinatedParameters', '[]', 'missingRequired', '[]', 'typeErrors', '[]', 'failureReasons', '[]',
   'confidenceScore', NULL, 'confidenceCategory', NULL, 'passK', CASE WHEN n % 5 = 0 THEN NULL ELSE n % 2 = 0 END, 'reasoning', 'r', 'recommendations', '[]', 'argumentMatching', 'strict', 'createdAt', 'c'), NULL)
FROM ids WHERE n <= 30;
SELECT count(*) FROM mcp_eval_record_assessments(
  (SELECT jsonb_agg(jsonb_build_object('id', 'new-' || n, 'confidenceScore', 0.8, 'confidenceCategory', CASE WHEN n % 3 = 0 THEN 'misleading' ELSE 'robust' END, 'confidenceSource', 'self_assessment', 'inputTokens', 50, 'outputTokens', 5, 'assessment', '{}', 'assessmentError', NULL)) FROM ids WHERE n <= 20),
  (SELECT jsonb_agg(jsonb_build_object('id', 'new-' || n, 'confidenceScore', 0.8, 'confidenceCategory', CASE WHEN n % 3 = 0 THEN 'misleading' ELSE 'robust' END, 'reasoning', 'x', 'recommendations', '[]')) FROM ids WHERE n <= 20));
UPDATE test_runs SET status = 'failed', error_message = 'e', execution_time_ms = 5 WHERE id IN ('new-31', 'new-32', 'new-45');
UPDATE test_runs SET status = 'cancelled' WHERE id IN ('new-33', 'new-46');
UPDATE test_runs SET llm_response_raw = '{}' WHERE id LIKE 'new-1%';
UPDATE test_runs SET classification = 'FN', execution_time_ms = execution_time_ms * 3 WHERE id IN ('new-2', 'new-4', 'new-6', 'new-9', 'base-03', 'base-08');
UPDATE test_runs SET created_at = '2025-02-01T00:00:00.000Z' WHERE id IN ('new-3', 'new-10', 'base-13');
UPDATE test_runs SET batch_id = 'b3', model_settings_id = NULL WHERE id IN ('new-5', 'new-8', 'new-50', 'base-22');
UPDATE test_runs SET test_case_id = 'c1' WHERE id IN ('base-01', 'base-05', 'base-09');
UPDATE evaluation_results SET classification = 'TN', parameter_correctness = 0.9, pass_k = NOT coalesce(pass_k, false) WHERE id IN ('e-2', 'e-7', 'e-12', 'be-base-13');
UPDATE evaluation_results SET test_run_id = 'new-36' WHERE id = 'e-29';
UPDATE evaluation_results SET test_run_id = CASE test_run_id WHEN 'new-27' THEN 'new-34' ELSE 'new-35' END, selected_tool = 'moved' WHERE id IN ('e-27', 'e-28');
INSERT INTO evaluation_results (id, failure_reasons, argument_matching, test_run_id, classification, expected_server, expected_tool, selected_server, selected_tool, tool_correct, confidence_score, confidence_category, created_at)
SELECT 'e2-' || n, '[]', 'strict', 'new-' || n, 'TP', 'rag', 'rag_search', 'todo', 'add', true, 0.5, 'needs_clarity', 'c' FROM ids WHERE n BETWEEN 37 AND 40;
UPDATE test_cases SET expected_tool_name = 'changed' WHERE id = 'c2';
DELETE FROM test_runs WHERE id IN ('new-11', 'new-42', 'base-12');
DELETE FROM evaluation_results WHERE id = 'e-13';
UPDATE test_runs SET status = CASE status WHEN 'completed' THEN 'completed' WHEN 'running' THEN 'failed' ELSE 'cancelled' END, input_tokens = coalesce(input_tokens, 0) + 1 WHERE batch_id = 'b2';
CREATE TEMP TABLE items AS SELECT n, jsonb_build_object('id', CASE WHEN n < 50 THEN 'new-' ELSE 'fresh-' END || n, 'completedAt', 'c2', 'llmResponseRaw', '{"assessmentPending":true}', 'selectedServer', 'rag', 'selectedTool', CASE WHEN n % 2 = 0 THEN 'rag_search' ELSE 'other' END,
  'extractedParameters', '{}', 'confidenceScore', NULL, 'confidenceCategory', NULL, 'confidenceSource', NULL, 'classification', CASE WHEN n % 3 = 0 THEN 'FP' ELSE 'TP' END,
  'executionTimeMs', 100 + n * 37, 'inputTokens', 500, 'outputTokens', 30, 'failureReasons', '[]') AS r,
  jsonb_build_object('id', 'e3-' || n, 'testRunId', CASE WHEN n < 50 THEN 'new-' ELSE 'fresh-' END || n, 'classification', CASE WHEN n % 3 = 0 THEN 'FP' ELSE 'TP' END, 'expectedServer', 'rag', 'expectedTool', 'rag_search', 'selectedServer', 'rag', 'selectedTool', CASE WHEN n % 2 = 0 THEN 'rag_search' ELSE 'other' END,
   'toolCorrect', n % 2 = 0, 'parameterCompleteness', 1.0 / (n + 1), 'parameterCorrectness', CASE WHEN n % 4 = 0 THEN NULL ELSE 0.3 END, 'typeConformance', 0.7, 'hallucinatedParameters', '[]', 'missingRequired', '[]', 'typeErrors', '[]', 'failureReasons', '[]',
   'confidenceScore', NULL, 'confidenceCategory', NULL, 'passK', CASE WHEN n % 5 = 0 THEN NULL ELSE n % 2 = 0 END, 'reasoning', 'r', 'recommendations', '[]', 'argumentMatching', 'strict', 'createdAt', 'c') AS e,
  CASE WHEN n % 2 = 0 THEN (SELECT min(id) FROM tool_sets) END AS t
FROM generate_series(47, 58) n;
INSERT INTO test_runs (id, test_case_id, batch_id, model_settings_id, status, created_at)
SELECT 'fresh-' || n, 'c1', CASE WHEN n % 4 = 0 THEN 'b3' ELSE 'b2' END, 'ms2', CASE WHEN n % 3 = 0 THEN 'pending' ELSE 'running' END, '2025-01-01T10:00:00.000Z' FROM generate_series(50, 58) n;
`;

/** The completions of OPS's items: one call per run on the reference, one call for all on 0010. */
const COMPLETE_EACH = `SELECT r->>'id' AS id FROM items WHERE mcp_eval_complete_run(r, e, t) ORDER BY n`;
const COMPLETE_ALL = `SELECT id FROM mcp_eval_complete_runs((SELECT jsonb_agg(jsonb_build_object('r', r, 'e', e, 't', t) ORDER BY n) FROM items)) AS id ORDER BY 1`;

describe.skipIf(!bin)('Postgres migration 0010: metrics triggers per statement', () => {
  let cluster: PostgresCluster | null = null;
  let reference: pg.Client;
  let migrated: pg.Client;

  async function rowsOf(client: pg.Client): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const table of TABLES) out[table] = (await client.query<{ t: string }>(`SELECT t::text AS t FROM ${table} t ORDER BY 1`)).rows.map((r) => r.t);
    return out;
  }

  beforeAll(async () => {
    const provided: string | undefined = inject('postgresUrl');
    let clusterUrl = provided;
    if (!clusterUrl) {
      cluster = await startPostgres();
      stopOnExit(cluster);
      clusterUrl = cluster.url;
    }
    const at0009 = await createDatabase(clusterUrl, `stmt_trg_ref_${process.pid}`);
    const folder = pgMigrationsUpTo(9);
    const pool = new pg.Pool({ connectionString: at0009, max: 1 });
    try {
      await migrate(drizzle(pool), { migrationsFolder: folder });
      await pool.query(BASE);
    } finally {
      await pool.end();
      fs.rmSync(folder, { recursive: true, force: true });
    }
    // The copy, rows and all, then migrated by the app's migrations (0010 with rows at 0009).
    const admin = new pg.Client({ connectionString: clusterUrl });
    await admin.connect();
    const copyName = `stmt_trg_new_${process.pid}`;
    await admin.query(`DROP DATABASE IF EXISTS ${copyName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${copyName} TEMPLATE ${new URL(at0009).pathname.slice(1)}`);
    await admin.end();
    const copyUrl = new URL(at0009);
    copyUrl.pathname = `/${copyName}`;
    const copyPool = new pg.Pool({ connectionString: copyUrl.toString(), max: 1 });
    await migrate(drizzle(copyPool), { migrationsFolder: 'db/migrations-pg' });
    await copyPool.end();
    reference = new pg.Client({ connectionString: at0009 });
    migrated = new pg.Client({ connectionString: copyUrl.toString() });
    await reference.connect();
    await migrated.connect();
  }, 120_000);

  afterAll(async () => {
    await reference?.end();
    await migrated?.end();
    await cluster?.stop();
  });

  it('replaces the row triggers, and leaves the rows 0009 wrote as they were', async () => {
    const triggers = async (c: pg.Client) =>
      (await c.query<{ t: string }>(`SELECT tgname || ':' || (tgtype & 1) AS t FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE 'trg_metrics_%' ORDER BY 1`)).rows.map((r) => r.t);
    const before = await triggers(reference);
    const after = await triggers(migrated);
    // Same names (postgres-schema.test.ts holds them to SQLite's); the INSERT and UPDATE ones now per statement (tgtype bit 0 clear).
    expect(after.map((t) => t.split(':')[0])).toEqual(before.map((t) => t.split(':')[0]));
    expect(after.filter((t) => t.endsWith(':0')).map((t) => t.split(':')[0])).toEqual(
      [
        'trg_metrics_latency_histogram_insert',
        'trg_metrics_latency_histogram_update',
        'trg_metrics_latency_tool_eval_insert',
        'trg_metrics_latency_tool_eval_update',
        'trg_metrics_latency_tool_run_insert',
        'trg_metrics_latency_tool_run_update',
        'trg_metrics_rollup_eval_insert',
        'trg_metrics_rollup_eval_update',
        'trg_metrics_rollup_run_insert',
        'trg_metrics_rollup_run_update',
      ],
    );
    expect(await rowsOf(migrated)).toEqual(await rowsOf(reference));
  });

  it('keeps every metrics table equal to what the row triggers write, through grouped and multi-row writes', async () => {
    const start = await rowsOf(migrated);
    await reference.query(OPS);
    await migrated.query(OPS);
    const each = (await reference.query<{ id: string }>(COMPLETE_EACH)).rows.map((r) => r.id).sort();
    const all = (await migrated.query<{ id: string }>(COMPLETE_ALL)).rows.map((r) => r.id);
    // The ended runs (new-47, new-48 were cancelled) are left out by both; 9 fresh runs and new-49 complete.
    expect(all).toEqual(each);
    expect(all).toHaveLength(10);
    const ref = await rowsOf(reference);
    const got = await rowsOf(migrated);
    for (const table of TABLES) expect(got[table], table).toEqual(ref[table]);
    // Not vacuous: the writes moved every metrics table.
    for (const table of TABLES.slice(0, 4)) expect(got[table], table).not.toEqual(start[table]);
  });
});
