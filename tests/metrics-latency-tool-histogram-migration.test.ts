import { describe, expect, it } from 'vitest';
import { databaseFile, getSqlite } from '@/db/client';
import { selectLatencyAt } from '@/db/queries/metrics';
import { selectLatencyAtFromToolHistogram } from '@/db/queries/metrics-rollup';
import type { MetricsScope } from '@/db/queries/metrics-scope';
import { createRunWriter } from './helpers/synthetic-runs';
import { openSqliteAtMigration } from './helpers/migrations';

/**
 * Migration 0019 adds metrics_latency_tool_histogram: its backfill counts the evaluated runs 0018 left once
 * per (server, tool) a filter can name, and its triggers keep it in step afterwards.
 */

const alpha = (name: string) => ({ server: 'alpha', name });
const beta = (name: string) => ({ server: 'beta', name });

function writeDatabaseAt0018(file: string): void {
  const sqlite = openSqliteAtMigration(file, 18, { foreignKeys: true });
  try {
    let n = 0;
    const write = createRunWriter(() => `id-${++n}`, sqlite);
    const c1 = write.testCase({ name: 'c1', expected: alpha('search'), servers: ['alpha', 'beta'] });
    const c2 = write.testCase({ name: 'c2', expected: null, servers: ['alpha', 'beta'] });
    const at = (d: number) => `2025-02-0${d}T10:00:00.000Z`;
    // Same tool expected and selected (counted once per name), another server's tool, none selected,
    // nothing expected, a run without a time and one that did not complete (neither counted).
    write.run({ testCaseId: c1, selected: alpha('search'), executionTimeMs: 100, createdAt: at(1) });
    write.run({ testCaseId: c1, selected: beta('get'), executionTimeMs: 300, createdAt: at(1) });
    write.run({ testCaseId: c1, selected: alpha('get'), executionTimeMs: 2000, createdAt: at(2) });
    write.run({ testCaseId: c1, selected: null, executionTimeMs: 50, createdAt: at(2) });
    write.run({ testCaseId: c2, selected: beta('search'), executionTimeMs: 700, createdAt: at(3) });
    write.run({ testCaseId: c1, selected: alpha('search'), executionTimeMs: null, createdAt: at(3) });
    write.run({ testCaseId: c1, status: 'failed', selected: alpha('search'), executionTimeMs: 900, createdAt: at(3) });
  } finally {
    sqlite.close();
  }
}

type Row = { server: string; tool: string; runs: number };

function rows(): Row[] {
  return getSqlite()
    .prepare<[], Row>('select server, tool, sum(runs) as runs from metrics_latency_tool_histogram group by server, tool having sum(runs) <> 0 order by server, tool')
    .all();
}

async function expectPercentilesExact(scope: MetricsScope, n: number): Promise<void> {
  for (let k = 0; k < n; k++) {
    expect(await selectLatencyAtFromToolHistogram(scope, k), `${JSON.stringify(scope)} at ${k}`).toBe((await selectLatencyAt(scope, k, 'asc')) ?? undefined);
  }
  expect(await selectLatencyAtFromToolHistogram(scope, n)).toBeUndefined();
}

describe('migration 0019 (latency histogram per server and tool)', () => {
  it('counts the runs 0018 left once per server and tool they name, and the triggers keep it', async () => {
    writeDatabaseAt0018(databaseFile());
    const sqlite = getSqlite();
    expect(rows()).toEqual([
      { server: '', tool: 'get', runs: 2 },
      { server: '', tool: 'search', runs: 5 },
      { server: 'alpha', tool: '', runs: 4 },
      { server: 'alpha', tool: 'get', runs: 2 },
      { server: 'alpha', tool: 'search', runs: 4 },
      { server: 'beta', tool: '', runs: 2 },
      { server: 'beta', tool: 'get', runs: 1 },
      { server: 'beta', tool: 'search', runs: 2 },
    ]);
    await expectPercentilesExact({ serverName: 'alpha' }, 4);
    await expectPercentilesExact({ serverName: 'beta', toolName: 'search' }, 2);
    await expectPercentilesExact({ toolName: 'get', createdFrom: '2025-02-02T00:00:00.000Z' }, 1);

    // Triggers after the migration: a selection changes, a run stops counting, a run goes.
    sqlite.prepare(`update evaluation_results set selected_server = 'beta', selected_tool = 'list' where test_run_id = (select id from test_runs where execution_time_ms = 2000)`).run();
    sqlite.prepare(`update test_runs set status = 'failed' where execution_time_ms = 300`).run();
    sqlite.prepare(`delete from test_runs where execution_time_ms = 700`).run();
    expect(rows()).toEqual([
      { server: '', tool: 'list', runs: 1 },
      { server: '', tool: 'search', runs: 3 },
      { server: 'alpha', tool: '', runs: 3 },
      { server: 'alpha', tool: 'list', runs: 1 },
      { server: 'alpha', tool: 'search', runs: 3 },
      { server: 'beta', tool: '', runs: 1 },
      { server: 'beta', tool: 'list', runs: 1 },
      { server: 'beta', tool: 'search', runs: 1 },
    ]);
    await expectPercentilesExact({ serverName: 'alpha' }, 3);
    await expectPercentilesExact({ serverName: 'beta', toolName: 'search' }, 1);
  });
});
