import 'server-only';
import { isPostgres } from '../dialect';
import { all, sqlNamed } from '../sql';
import { buildExcludedBatchConditions, excludedBatchParams, type MetricsScope } from './metrics-scope';

export type BatchTrendRow = { batchId: string; name: string; createdAt: string; tp: number; fp: number; tn: number; fn: number };

/**
 * Judged runs per batch, the latest `limit` batches that have any (newest first), from the
 * evaluation rows' own batch and model copies (idx_evaluation_results_batch); the scope's
 * filters apply as in the summary: model, test case, expected-or-selected server and tool, dates, excluded batches.
 */
export async function selectBatchTrend(scope: MetricsScope, limit: number): Promise<BatchTrendRow[]> {
  const where = ['e.batch_id is not null', ...buildExcludedBatchConditions(scope, 'e.batch_id', { nullable: false })];
  const params: Record<string, string | number> = { limit, ...excludedBatchParams(scope) };
  const add = (condition: string, name: Exclude<keyof MetricsScope, 'excludeBatchIds'>) => {
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
  const count = (c: string) => `count(*) filter (where e.classification = '${c}')`;
  // Ties in code-point order on both dialects (COLLATE "C" on Postgres; SQLite's default).
  const binary = isPostgres() ? ' collate "C"' : '';
  const text = `
    select b.id as "batchId", b.name as name, b.created_at as "createdAt",
      ${count('TP')} as tp, ${count('FP')} as fp, ${count('TN')} as tn, ${count('FN')} as fn
    from evaluation_results e
    join run_batches b on b.id = e.batch_id
    ${scope.provider || scope.model ? 'join model_settings m on m.id = e.model_settings_id' : ''}
    where ${where.join(' and ')}
    group by b.id, b.name, b.created_at
    order by b.created_at${binary} desc, b.id${binary} desc
    limit @limit`;
  return all<BatchTrendRow>(sqlNamed(text, params));
}
