import 'server-only';
import { sql } from 'drizzle-orm';
import { all, get, sqlNamed } from '../sql';
import { buildEvaluationScope, renderFrom, type MetricsScope } from './metrics-scope';

/**
 * The batches of experiment variants (experiment_variants.batch_id, idx_experiment_variants_batch), in id order:
 * their runs saw tools rewritten by the experiment, so the unfiltered metrics leave them out (issue 14). One row
 * per variant, a few per experiment: small next to the runs.
 */
export async function selectExperimentBatchIds(): Promise<string[]> {
  const rows = await all<{ id: string }>(sql`select distinct batch_id as id from experiment_variants where batch_id is not null order by batch_id`);
  return rows.map((r) => r.id);
}

/** Evaluated runs of some batches, and how many of those batches hold any. */
export type BatchRunCount = { batches: number; runs: number };

/**
 * The evaluated runs (evaluation_results rows, as the summary's counts.total counts them) of `batchIds` that every
 * other filter of `scope` keeps, and how many of those batches they fall in: what leaving the batches out of the
 * scope takes away. The scope's own excludeBatchIds is ignored. SQLite reads the batches' rows through
 * idx_evaluation_results_batch (dates tested on each row, not through their index), or a test case's runs through
 * idx_test_runs_test_case: either is small next to all the runs.
 */
export async function countEvaluatedRunsOfBatches(scope: MetricsScope, batchIds: readonly string[]): Promise<BatchRunCount> {
  if (batchIds.length === 0) return { batches: 0, runs: 0 };
  const { excludeBatchIds: _ignored, ...rest } = scope;
  const from = buildEvaluationScope(rest, { unindexedDates: true });
  const params: Record<string, string> = { ...from.params };
  const names = batchIds.map((id, i) => {
    params[`countedBatch${i}`] = id;
    return `@countedBatch${i}`;
  });
  const text = `select count(*) as runs, count(distinct e.batch_id) as batches ${renderFrom(from, [`e.batch_id in (${names.join(', ')})`])}`;
  const row = await get<BatchRunCount>(sqlNamed(text, params));
  return { batches: row?.batches ?? 0, runs: row?.runs ?? 0 };
}
