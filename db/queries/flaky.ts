import 'server-only';
import { getSqlite } from '../client';

/**
 * A test case x model (provider and model name) whose verdict is unstable: its samples
 * disagreed within a run, or its correctness changed between batches that showed the model
 * the same tools (the same content-addressed listing, test_runs.tool_set_id).
 */
export type FlakyPairRow = {
  testCaseId: string;
  testCaseName: string;
  provider: string;
  model: string;
  /** Runs in which the samples disagreed. */
  disagreeingRuns: number;
  /** Tool listings under which the case was both right and wrong in different batches. */
  flippedToolSets: number;
  runs: number;
  correctRuns: number;
  lastRunAt: string;
};

export type FlakyFilter = { provider?: string; model?: string; testCaseId?: string };

/*
 * Samples disagree when the run's confidence is the share of agreeing samples and below 1
 * (confidence_source 'sample_agreement'; older rows: any non-local run with samples > 1),
 * or when pass^k failed although the modal answer was right. The local router is
 * deterministic: its confidence is its score margin and says nothing about agreement.
 */
const JUDGED = `
  select r.id, r.test_case_id, m.provider, m.model, r.batch_id, r.tool_set_id, r.created_at,
    case when r.classification in ('TP', 'TN') then 1 else 0 end as correct,
    case when (r.samples > 1 and r.confidence_score < 1 and (r.confidence_source = 'sample_agreement'
                or (r.confidence_source is null and m.provider <> 'local')))
              or (e.pass_k = 0 and r.classification in ('TP', 'TN')) then 1 else 0 end as disagree
  from test_runs r
  join model_settings m on m.id = r.model_settings_id
  left join evaluation_results e on e.test_run_id = r.id
  where r.status = 'completed' and r.classification is not null
    and (@provider is null or m.provider = @provider) and (@model is null or m.model = @model)
    and (@testCaseId is null or r.test_case_id = @testCaseId)`;

const PAIRS = `
  with judged as (${JUDGED}),
  flips as (
    select test_case_id, provider, model, count(*) as flipped from (
      select test_case_id, provider, model, tool_set_id from judged
      where batch_id is not null and tool_set_id is not null
      group by test_case_id, provider, model, tool_set_id
      having count(distinct batch_id) >= 2 and min(correct) <> max(correct)
    ) group by test_case_id, provider, model
  ),
  pairs as (
    select j.test_case_id, j.provider, j.model, sum(j.disagree) as disagreeing, count(*) as runs, sum(j.correct) as correct_runs,
      max(j.created_at) as last_run_at, coalesce(f.flipped, 0) as flipped
    from judged j left join flips f on f.test_case_id = j.test_case_id and f.provider = j.provider and f.model = j.model
    group by j.test_case_id, j.provider, j.model
    having sum(j.disagree) > 0 or coalesce(f.flipped, 0) > 0
  )`;

type Params = { provider: string | null; model: string | null; testCaseId: string | null };

function params(filter: FlakyFilter): Params {
  return { provider: filter.provider ?? null, model: filter.model ?? null, testCaseId: filter.testCaseId ?? null };
}

/** The flaky pairs, most disagreement and flips first, then the most recently run. */
export async function selectFlakyPairs(filter: FlakyFilter, page: { limit: number; offset: number }): Promise<{ rows: FlakyPairRow[]; total: number }> {
  const db = getSqlite();
  const p = params(filter);
  const total = db.prepare<Params, number>(`${PAIRS} select count(*) from pairs`).pluck().get(p) ?? 0;
  const rows = db
    .prepare<Params & { limit: number; offset: number }, FlakyPairRow>(
      `${PAIRS}
      select p.test_case_id as testCaseId, tc.name as testCaseName, p.provider as provider, p.model as model,
        p.disagreeing as disagreeingRuns, p.flipped as flippedToolSets, p.runs as runs, p.correct_runs as correctRuns, p.last_run_at as lastRunAt
      from pairs p join test_cases tc on tc.id = p.test_case_id
      order by (p.disagreeing + p.flipped) desc, p.last_run_at desc, tc.name, p.provider, p.model
      limit @limit offset @offset`,
    )
    .all({ ...p, ...page });
  return { rows, total };
}

/** One run in a flaky pair's history. */
export type FlakyHistoryRow = {
  runId: string;
  testCaseId: string;
  provider: string;
  model: string;
  batchId: string | null;
  batchName: string | null;
  classification: 'TP' | 'FP' | 'TN' | 'FN';
  samples: number;
  confidenceScore: number | null;
  confidenceSource: string | null;
  passK: number | null;
  toolSetHash: string | null;
  createdAt: string;
};

/** The latest `perPair` judged runs of each of the given test cases (every model; the caller keeps its pairs). */
export async function selectFlakyHistory(testCaseIds: readonly string[], perPair: number): Promise<FlakyHistoryRow[]> {
  if (testCaseIds.length === 0) return [];
  const sql = `
    select * from (
      select r.id as runId, r.test_case_id as testCaseId, m.provider as provider, m.model as model, r.batch_id as batchId, b.name as batchName,
        r.classification as classification, r.samples as samples, r.confidence_score as confidenceScore, r.confidence_source as confidenceSource,
        e.pass_k as passK, ts.hash as toolSetHash, r.created_at as createdAt,
        row_number() over (partition by r.test_case_id, m.provider, m.model order by r.created_at desc, r.id desc) as position
      from test_runs r
      join model_settings m on m.id = r.model_settings_id
      left join evaluation_results e on e.test_run_id = r.id
      left join run_batches b on b.id = r.batch_id
      left join tool_sets ts on ts.id = r.tool_set_id
      where r.test_case_id in (select value from json_each(?)) and r.status = 'completed' and r.classification is not null
    ) where position <= ?
    order by testCaseId, provider, model, createdAt desc`;
  return getSqlite().prepare<[string, number], FlakyHistoryRow & { position?: number }>(sql).all(JSON.stringify(testCaseIds), perPair).map(({ position: _p, ...row }) => row);
}
