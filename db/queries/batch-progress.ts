import 'server-only';
import { sql } from 'drizzle-orm';
import { all, dialectSql, get } from '../sql';

/** A batch's runs per model configuration and status, for the live progress (one grouped read over the batch index). */
export type ModelProgress = { modelSettingsId: string | null; provider: string | null; model: string | null; total: number; pending: number; running: number; completed: number; failed: number; cancelled: number };

const countOf = (status: string) => sql.raw(`sum(case when r.status = '${status}' then 1 else 0 end)`);

/**
 * Models in the order the batch wrote them: the first run's rowid on SQLite; on Postgres the
 * settings row's timestamp, then its place in the table (one multi-row INSERT writes them in order).
 */
export async function countBatchRunsByModel(batchId: string): Promise<ModelProgress[]> {
  const order = dialectSql({ sqlite: sql`min(r.rowid)`, postgres: sql`m.created_at, m.ctid` });
  const groupExtra = dialectSql({ sqlite: sql``, postgres: sql`, m.created_at, m.ctid` });
  return all<ModelProgress>(sql`
    select r.model_settings_id as "modelSettingsId", m.provider as provider, m.model as model, count(*) as total,
      ${countOf('pending')} as pending, ${countOf('running')} as running, ${countOf('completed')} as completed,
      ${countOf('failed')} as failed, ${countOf('cancelled')} as cancelled
    from test_runs r left join model_settings m on m.id = r.model_settings_id
    where r.batch_id = ${batchId}
    group by r.model_settings_id, m.provider, m.model${groupExtra}
    order by ${order}`);
}

/** What a live progress row names: the run's test case and model. */
export type RunLabel = { testCaseName: string; provider: string | null; model: string | null };

export async function selectRunLabel(runId: string): Promise<RunLabel | undefined> {
  return get<RunLabel>(sql`
    select tc.name as "testCaseName", m.provider as provider, m.model as model
    from test_runs r join test_cases tc on tc.id = r.test_case_id left join model_settings m on m.id = r.model_settings_id
    where r.id = ${runId}`);
}
