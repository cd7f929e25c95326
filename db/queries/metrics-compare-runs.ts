import 'server-only';
import { isPostgres } from '../dialect';
import { all, sqlNamed } from '../sql';
import { noIndex } from './metrics-scope';
import type { BatchRunOutcome, CaseOutcomePair } from './metrics-compare';

/**
 * The batch comparison's two reads from the runs themselves: the exact reference the compare rollup
 * (db/queries/metrics-compare.ts, metrics_compare_rollup) is tested and benched against. O(runs of both batches).
 */

/**
 * Pairs the latest completed run per (test case, provider, model) of batch a with that of
 * batch b; a side without one is null. Models are matched by provider and model name
 * because each batch records its own model_settings rows.
 */
export async function selectCaseOutcomePairsFromRuns(batchA: string, batchB: string): Promise<CaseOutcomePair[]> {
  // The latest run is the largest (finished, created, id): one text key whose parts are joined by
  // U+0001, below every character they hold, so comparing keys compares the parts in turn. A max()
  // per group is a hash or b-tree aggregate; the window that numbered every run sorted all of them
  // (at 1M runs, 388k wide rows spilled to disk on Postgres, 3 s).
  const postgres = isPostgres();
  const separator = postgres ? 'chr(1)' : 'char(1)';
  const key = `coalesce(r.completed_at, r.created_at) || ${separator} || r.created_at || ${separator} || r.id`;
  // The unary + (SQLite) keeps the planner off the status index, which nearly every run shares:
  // it chose that index and read every completed run of every batch (at 1M runs, ~1 s per query).
  const runs = `
      from test_runs r left join model_settings m on m.id = r.model_settings_id
      where r.batch_id in (@a, @b) and ${noIndex()}r.status = 'completed' and r.classification is not null
      group by r.batch_id, r.test_case_id, m.provider, m.model`;
  // SQLite takes the bare columns from the row that holds the max(); Postgres finds that row by the id in its key.
  const latest = postgres
    ? `select l.batch_id, l.test_case_id, l.provider, l.model, w.classification, w.selected_server, w.selected_tool
      from (select r.batch_id, r.test_case_id, m.provider, m.model, max(${key} collate "C") as k ${runs}) l
      join test_runs w on w.id = split_part(l.k, chr(1), 3)`
    : `select r.batch_id, r.test_case_id, m.provider, m.model, max(${key}) as k, r.classification, r.selected_server, r.selected_tool ${runs}`;
  const text = `
    with latest as (${latest}),
    a as (select * from latest where batch_id = @a),
    b as (select * from latest where batch_id = @b)
    select tc.id as "testCaseId", tc.name as "testCaseName",
      coalesce(a.provider, b.provider) as provider, coalesce(a.model, b.model) as model,
      a.classification as "aClassification", a.selected_server as "aSelectedServer", a.selected_tool as "aSelectedTool",
      b.classification as "bClassification", b.selected_server as "bSelectedServer", b.selected_tool as "bSelectedTool"
    from a full join b on b.test_case_id = a.test_case_id and b.provider is not distinct from a.provider and b.model is not distinct from a.model
    join test_cases tc on tc.id = coalesce(a.test_case_id, b.test_case_id)`;
  return all<CaseOutcomePair>(sqlNamed(text, { a: batchA, b: batchB }));
}

/** Per (test case, provider, model, classification), how many completed, judged runs of the batch: every sample counts. */
export async function selectBatchRunOutcomesFromRuns(batchId: string): Promise<BatchRunOutcome[]> {
  const text = `
    select r.test_case_id as "testCaseId", m.provider as provider, m.model as model, r.classification as classification, count(*) as runs
    from test_runs r left join model_settings m on m.id = r.model_settings_id
    where r.batch_id = @batchId and ${noIndex()}r.status = 'completed' and r.classification is not null
    group by r.test_case_id, m.provider, m.model, r.classification`;
  return all<BatchRunOutcome>(sqlNamed(text, { batchId }));
}
