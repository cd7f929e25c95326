import 'server-only';
import { sql } from 'drizzle-orm';
import { all } from '../sql';
import type { EvaluationRow } from './runs';
import type { TestRunRow } from '../schema';

/** One run of a batch as its report lists it: the case, the model, the verdict and what the model said. */
export type BatchReportRunRow = {
  runId: string;
  testCaseId: string;
  testCaseName: string;
  provider: string | null;
  model: string | null;
  status: TestRunRow['status'];
  classification: TestRunRow['classification'];
  expectedServer: string | null;
  expectedTool: string | null;
  selectedServer: string | null;
  selectedTool: string | null;
  confidenceScore: number | null;
  confidenceCategory: TestRunRow['confidenceCategory'];
  confidenceSource: TestRunRow['confidenceSource'];
  /** Model turns of a sequence run; null for a selection run. */
  steps: number | null;
  parameterCorrectness: EvaluationRow['parameterCorrectness'];
  passK: number | null;
  samples: number;
  executionTimeMs: number | null;
  errorMessage: string | null;
  reasoning: string | null;
  createdAt: string;
};

/**
 * Every run of the batch, in case-name then model order (one statement; the batch index drives it).
 * Runs whose settings were deleted (no provider) sort first, as SQLite puts NULLs first.
 */
export async function selectBatchReportRuns(batchId: string): Promise<BatchReportRunRow[]> {
  return all<BatchReportRunRow>(sql`
    select r.id as "runId", r.test_case_id as "testCaseId", tc.name as "testCaseName", m.provider as provider, m.model as model,
      r.status as status, r.classification as classification,
      case when e.id is null then tc.expected_mcp_server_name else e.expected_server end as "expectedServer",
      case when e.id is null then tc.expected_tool_name else e.expected_tool end as "expectedTool",
      r.selected_server as "selectedServer", r.selected_tool as "selectedTool",
      r.confidence_score as "confidenceScore", r.confidence_category as "confidenceCategory",
      r.confidence_source as "confidenceSource", r.steps as steps,
      e.parameter_correctness as "parameterCorrectness", cast(e.pass_k as integer) as "passK", r.samples as samples,
      r.execution_time_ms as "executionTimeMs", r.error_message as "errorMessage", e.reasoning as reasoning, r.created_at as "createdAt"
    from test_runs r
    join test_cases tc on tc.id = r.test_case_id
    left join model_settings m on m.id = r.model_settings_id
    left join evaluation_results e on e.test_run_id = r.id
    where r.batch_id = ${batchId}
    order by tc.name, tc.id, m.provider nulls first, m.model nulls first, r.created_at, r.id`);
}
