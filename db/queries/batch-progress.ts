import 'server-only';
import { getSqlite } from '../client';

/** A batch's runs per model configuration and status, for the live progress (one grouped read over the batch index). */
export type ModelProgress = { modelSettingsId: string | null; provider: string | null; model: string | null; total: number; pending: number; running: number; completed: number; failed: number; cancelled: number };

export async function countBatchRunsByModel(batchId: string): Promise<ModelProgress[]> {
  const sql = `
    select r.model_settings_id as modelSettingsId, m.provider as provider, m.model as model, count(*) as total,
      sum(r.status = 'pending') as pending, sum(r.status = 'running') as running, sum(r.status = 'completed') as completed,
      sum(r.status = 'failed') as failed, sum(r.status = 'cancelled') as cancelled
    from test_runs r left join model_settings m on m.id = r.model_settings_id
    where r.batch_id = ?
    group by r.model_settings_id
    order by min(r.rowid)`;
  return getSqlite().prepare<[string], ModelProgress>(sql).all(batchId);
}

/** What a live progress row names: the run's test case and model. */
export type RunLabel = { testCaseName: string; provider: string | null; model: string | null };

export async function selectRunLabel(runId: string): Promise<RunLabel | undefined> {
  const sql = `
    select tc.name as testCaseName, m.provider as provider, m.model as model
    from test_runs r join test_cases tc on tc.id = r.test_case_id left join model_settings m on m.id = r.model_settings_id
    where r.id = ?`;
  return getSqlite().prepare<[string], RunLabel>(sql).get(runId);
}
