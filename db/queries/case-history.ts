import 'server-only';
import { sql } from 'drizzle-orm';
import { all, dialectSql, get } from '../sql';
import type { MatrixRunRow } from './batch-matrix';
import type { ModelSettingsRow } from './runs';
import type { Page } from './util';

/** One run of a test case, with its batch and model, as the case's history lists it. */
export type CaseRunRow = Omit<MatrixRunRow, 'testCaseId' | 'testCaseName' | 'modelSettingsId'> & {
  batchId: string | null;
  batchName: string | null;
  provider: ModelSettingsRow['provider'] | null;
  model: string | null;
};

// Aliases are quoted: Postgres folds unquoted ones to lower case. pass_k is 1/0 on SQLite and a boolean on Postgres: 1/0 on both.
const RUN_COLUMNS = sql.raw(`r.id as "runId", r.batch_id as "batchId", b.name as "batchName", ms.provider, ms.model,
       r.status, r.classification, r.confidence_score as "confidenceScore", r.confidence_source as "confidenceSource", r.samples,
       r.selected_server as "selectedServer", r.selected_tool as "selectedTool", r.error_message as "errorMessage",
       e.parameter_correctness as "parameterCorrectness", case when e.pass_k then 1 when not e.pass_k then 0 end as "passK",
       r.created_at as "createdAt", r.completed_at as "completedAt"`);

const RUN_JOINS = sql.raw(`from test_runs r
  left join run_batches b on b.id = r.batch_id
  left join model_settings ms on ms.id = r.model_settings_id
  left join evaluation_results e on e.test_run_id = r.id`);

/** A page of the case's runs, newest first (idx_test_runs_test_case; a case has few runs to order). */
export async function listCaseRuns(testCaseId: string, page: Page): Promise<{ rows: CaseRunRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    all<CaseRunRow>(sql`select ${RUN_COLUMNS} ${RUN_JOINS} where r.test_case_id = ${testCaseId} order by r.created_at desc, r.id desc limit ${page.limit} offset ${page.offset}`),
    get<{ n: number }>(sql`select count(*) as n from test_runs where test_case_id = ${testCaseId}`),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The latest `perModel` runs of the case for each model (provider and model name), newest first: the timeline. */
export async function listCaseTimeline(testCaseId: string, perModel: number): Promise<CaseRunRow[]> {
  const rows = await all<CaseRunRow & { nth: number }>(
    sql`select * from (
         select ${RUN_COLUMNS},
                row_number() over (partition by ms.provider, ms.model order by r.created_at desc, r.id desc) as nth
           ${RUN_JOINS}
          where r.test_case_id = ${testCaseId}
       ) ranked where nth <= ${perModel} order by "createdAt" desc, "runId" desc`,
  );
  return rows.map(({ nth: _nth, ...rest }) => rest);
}

/** The latest finished (completed) run per test case and model, for a page of the case list. */
export type LastVerdictRow = {
  testCaseId: string;
  runId: string;
  provider: ModelSettingsRow['provider'];
  model: string;
  classification: NonNullable<MatrixRunRow['classification']>;
  completedAt: string | null;
};

/**
 * One query for the whole page: completed runs of these cases (idx_test_runs_test_case),
 * ranked per (case, provider, model) by completion time, the first of each kept.
 * On SQLite `+r.status` keeps the status index out: without statistics the planner read the
 * 970k completed runs through it instead of one case's ~5k (1M runs: 220 -> 20 ms CPU for one case).
 * Postgres has no unary plus on text and plans by its statistics.
 */
export async function listLastVerdicts(testCaseIds: string[]): Promise<LastVerdictRow[]> {
  if (testCaseIds.length === 0) return [];
  const ids = sql.join(
    testCaseIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const completedStatus = dialectSql({ sqlite: sql`+r.status`, postgres: sql`r.status` });
  return all<LastVerdictRow>(
    sql`select "testCaseId", "runId", provider, model, classification, "completedAt" from (
         select r.test_case_id as "testCaseId", r.id as "runId", ms.provider, ms.model, r.classification, r.completed_at as "completedAt",
                row_number() over (partition by r.test_case_id, ms.provider, ms.model order by r.completed_at desc, r.id desc) as nth
           from test_runs r
           join model_settings ms on ms.id = r.model_settings_id
          where r.test_case_id in (${ids}) and ${completedStatus} = 'completed' and r.classification is not null
       ) ranked where nth = 1
       order by "testCaseId", "completedAt" desc, "runId" desc`,
  );
}
