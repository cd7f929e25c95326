/**
 * What the metrics tables' triggers cost per written run (issue 19): N completed runs with their evaluations
 * written into a fresh database with every trigger, and again with the triggers of one maintained table
 * dropped (default the tool latency histogram's, migration 0019 / Postgres 0006), median of 3 each.
 * SQLite: CPU time of this process (insertSyntheticRuns). Postgres (a temporary cluster, as the tests start
 * one): wall time of multi-row inserts, the server's work. Run by hand:
 * `node --conditions=react-server --import tsx bench/metrics-trigger-cost.ts [sqlite|postgres]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { closeDb, getSqlite } from '@/db/client';
import { createDatabase, startPostgres } from '@/tests/helpers/postgres';
import { insertSyntheticRuns } from '@/tests/helpers/synthetic-runs';

const N = Number(process.env.TRIGGER_COST_RUNS ?? 20_000);
const PREFIX = process.env.TRIGGER_COST_PREFIX ?? 'trg_metrics_latency_tool_';
const TRIGGERS = ['run_insert', 'run_update', 'run_delete', 'eval_insert', 'eval_update', 'eval_delete'].map((s) => `${PREFIX}${s}`);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function sqliteOnce(drop: boolean): Promise<number> {
  closeDb();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trigger-cost-'));
  process.env.DATA_DIR = dir;
  process.env.SEED_DEMO = 'false';
  try {
    const sqlite = getSqlite();
    if (drop) for (const t of TRIGGERS) sqlite.exec(`drop trigger if exists ${t}`);
    const cpu = process.cpuUsage();
    await insertSyntheticRuns(N, { seed: 3 });
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / N;
  } finally {
    closeDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresOnce(clusterUrl: string, drop: boolean, round: number): Promise<number> {
  const url = await createDatabase(clusterUrl, `trigger_cost_${round}_${drop ? 'without' : 'with'}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(process.cwd(), 'db', 'migrations-pg') });
    if (drop) for (const t of TRIGGERS) await client.query(`drop trigger if exists ${t} on ${t.includes('_eval_') ? 'evaluation_results' : 'test_runs'}`);
    await client.query(`insert into test_cases (id, name, query, expected_mcp_server_name, expected_tool_name) values ('c', 'c', 'q', 's1', 't1')`);
    const started = performance.now();
    const perStatement = 500;
    for (let start = 0; start < N; start += perStatement) {
      const ids = Array.from({ length: Math.min(perStatement, N - start) }, (_, i) => start + i);
      const day = (i: number) => `2025-01-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00.000Z`;
      await client.query('BEGIN');
      await client.query(
        `insert into test_runs (id, test_case_id, status, classification, selected_server, selected_tool, execution_time_ms, created_at) values ${ids
          .map((i) => `('r${i}', 'c', 'completed', 'FN', 's${i % 5}', 't${i % 25}', ${16 + ((i * 7919) % 10_000)}, '${day(i)}')`)
          .join(', ')}`,
      );
      await client.query(
        `insert into evaluation_results (id, test_run_id, classification, expected_server, expected_tool, selected_server, selected_tool, tool_correct, failure_reasons) values ${ids
          .map((i) => `('e${i}', 'r${i}', 'FN', 's1', 't1', 's${i % 5}', 't${i % 25}', false, '[]')`)
          .join(', ')}`,
      );
      await client.query('COMMIT');
    }
    return ((performance.now() - started) * 1000) / N;
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const which = process.argv[2] ?? 'sqlite';
  const without: number[] = [];
  const withAll: number[] = [];
  if (which === 'postgres') {
    const cluster = await startPostgres();
    try {
      for (let round = 0; round < 3; round++) {
        without.push(await postgresOnce(cluster.url, true, round));
        withAll.push(await postgresOnce(cluster.url, false, round));
      }
    } finally {
      await cluster.stop();
    }
  } else {
    for (let round = 0; round < 3; round++) {
      without.push(await sqliteOnce(true));
      withAll.push(await sqliteOnce(false));
    }
  }
  const unit = which === 'postgres' ? 'wall' : 'CPU';
  console.log(`${which}: ${unit} µs per written run (run + evaluation), median of 3, ${N} runs: without ${PREFIX}* ${median(without).toFixed(1)}, with ${median(withAll).toFixed(1)}`);
  console.log(JSON.stringify({ without, with: withAll }));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
