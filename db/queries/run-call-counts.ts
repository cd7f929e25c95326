import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { all } from '../sql';

/**
 * Per-call outcome counts of sequence runs (issue 17), one row per run that has call verdicts:
 * what a runs-table row ("2/2 calls") and a batch report line show. Read through
 * idx_call_results_run_outcome (run, outcome, ...): no table rows.
 */
export type RunCallCounts = { tp: number; fp: number; fn: number };

type Row = RunCallCounts & { runId: string };

const counts = (runs: SQL) => sql`
  select c.test_run_id as "runId",
         count(*) filter (where c.outcome = 'TP') as tp,
         count(*) filter (where c.outcome = 'FP') as fp,
         count(*) filter (where c.outcome = 'FN') as fn
    from call_results c
   where c.test_run_id in (${runs})
   group by c.test_run_id`;

function toMap(rows: Row[]): Map<string, RunCallCounts> {
  return new Map(rows.map((r) => [r.runId, { tp: Number(r.tp), fp: Number(r.fp), fn: Number(r.fn) }]));
}

/** The counts of the given runs (a page of the runs list); runs without call verdicts are absent. */
export async function selectRunCallCounts(runIds: readonly string[]): Promise<Map<string, RunCallCounts>> {
  if (runIds.length === 0) return new Map();
  return toMap(await all<Row>(counts(sql.join(runIds.map((id) => sql`${id}`), sql`, `))));
}

/** The counts of every sequence run of a batch (idx_test_runs_batch, then the call index). */
export async function selectBatchCallCounts(batchId: string): Promise<Map<string, RunCallCounts>> {
  return toMap(await all<Row>(counts(sql`select r.id from test_runs r where r.batch_id = ${batchId} and r.steps is not null`)));
}
