import 'server-only';
import { getSqlite } from '../client';
import type { MetricsScope } from './metrics-scope';

export type BatchTrendRow = { batchId: string; name: string; createdAt: string; tp: number; fp: number; tn: number; fn: number };

/**
 * Judged runs per batch, the latest `limit` batches that have any (newest first), from the
 * evaluation rows' own batch and model copies (idx_evaluation_results_batch); the scope's
 * filters apply as in the summary: model, test case, expected-or-selected server and tool, dates.
 */
export async function selectBatchTrend(scope: MetricsScope, limit: number): Promise<BatchTrendRow[]> {
  const where = ['e.batch_id is not null'];
  const params: Record<string, string | number> = { limit };
  const add = (condition: string, name: keyof MetricsScope) => {
    const value = scope[name];
    if (!value) return;
    where.push(condition);
    params[name] = value;
  };
  add('e.batch_id = @batchId', 'batchId');
  add('m.provider = @provider', 'provider');
  add('m.model = @model', 'model');
  add('e.test_run_id in (select id from test_runs where test_case_id = @testCaseId)', 'testCaseId');
  add('(e.expected_server = @serverName or e.selected_server = @serverName)', 'serverName');
  add('(e.expected_tool = @toolName or e.selected_tool = @toolName)', 'toolName');
  add('e.run_created_at >= @createdFrom', 'createdFrom');
  add('e.run_created_at < @createdBefore', 'createdBefore');
  const sql = `
    select b.id as batchId, b.name as name, b.created_at as createdAt,
      sum(e.classification = 'TP') as tp, sum(e.classification = 'FP') as fp, sum(e.classification = 'TN') as tn, sum(e.classification = 'FN') as fn
    from evaluation_results e
    join run_batches b on b.id = e.batch_id
    ${scope.provider || scope.model ? 'join model_settings m on m.id = e.model_settings_id' : ''}
    where ${where.join(' and ')}
    group by e.batch_id
    order by b.created_at desc, b.id desc
    limit @limit`;
  return getSqlite().prepare<Record<string, string | number>, BatchTrendRow>(sql).all(params);
}
