import 'server-only';
import { sql } from 'drizzle-orm';
import { all, dialectSql } from '../sql';
import type { ModelSettingsRow } from './runs';

/** A model column of a batch: one model_settings row (each batch writes its own). */
export type MatrixModelRow = Pick<ModelSettingsRow, 'id' | 'provider' | 'model' | 'temperature' | 'baseUrl' | 'systemPrompt'>;

/** One run of a batch with what a matrix cell shows; booleans as 0/1/NULL on both dialects. */
export type MatrixRunRow = {
  runId: string;
  testCaseId: string;
  testCaseName: string;
  modelSettingsId: string | null;
  status: 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';
  classification: 'TP' | 'FP' | 'TN' | 'FN' | null;
  confidenceScore: number | null;
  /** Which method gave the confidence: 'local_margin' is the local router's margin, not its samples' agreement (always 100%). */
  confidenceSource?: string | null;
  samples: number;
  selectedServer: string | null;
  selectedTool: string | null;
  errorMessage: string | null;
  parameterCorrectness: number | null;
  passK: 0 | 1 | null;
  createdAt: string;
  completedAt: string | null;
};

/**
 * Settings rows in the order they were written: SQLite's rowid; on Postgres the time, then the
 * row's place in the heap (a batch writes its settings in one transaction, appended in order).
 */
const writeOrder = () => dialectSql({ sqlite: sql`ms.rowid`, postgres: sql`ms.created_at, ms.ctid` });

/**
 * The batch's model settings in the order they were written (the launch form's order).
 * Reads the batch's runs through idx_test_runs_batch, then the settings by primary key.
 */
export async function listBatchModels(batchId: string): Promise<MatrixModelRow[]> {
  return all<MatrixModelRow>(sql`
    select ms.id, ms.provider, ms.model, ms.temperature, ms.base_url as "baseUrl", ms.system_prompt as "systemPrompt"
      from model_settings ms
     where ms.id in (select distinct model_settings_id from test_runs where batch_id = ${batchId} and model_settings_id is not null)
     order by ${writeOrder()}`);
}

/**
 * Every run of a batch in one query (idx_test_runs_batch; the case by primary key, the
 * evaluation by its unique run index): the matrix is built from this without a query per cell.
 */
export async function listBatchMatrixRuns(batchId: string): Promise<MatrixRunRow[]> {
  return all<MatrixRunRow>(sql`
    select r.id as "runId", r.test_case_id as "testCaseId", tc.name as "testCaseName", r.model_settings_id as "modelSettingsId",
           r.status, r.classification, r.confidence_score as "confidenceScore", r.confidence_source as "confidenceSource", r.samples,
           r.selected_server as "selectedServer", r.selected_tool as "selectedTool", r.error_message as "errorMessage",
           e.parameter_correctness as "parameterCorrectness", cast(e.pass_k as integer) as "passK",
           r.created_at as "createdAt", r.completed_at as "completedAt"
      from test_runs r
      join test_cases tc on tc.id = r.test_case_id
      left join evaluation_results e on e.test_run_id = r.id
     where r.batch_id = ${batchId}`);
}
