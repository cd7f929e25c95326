import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { all, dialectSql, sqlBool } from '../sql';

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

/** batchId: that batch's runs alone; excludeBatchIds: experiment variants' batches left out (issue 14; empty or unset: no condition). */
export type FlakyFilter = { provider?: string; model?: string; testCaseId?: string; batchId?: string; excludeBatchIds?: readonly string[] };

/** `col` (a batch id, null for none) is none of the excluded batches; null when there are none to exclude. */
function outsideBatches(col: SQL, nullable: boolean, ids: readonly string[] | undefined): SQL | null {
  if (!ids || ids.length === 0) return null;
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  return nullable ? sql`(${col} is null or ${col} not in (${list}))` : sql`${col} not in (${list})`;
}

/*
 * Samples disagree when the run's confidence is the share of agreeing samples and below 1
 * (confidence_source 'sample_agreement'; older rows: any non-local run with samples > 1),
 * or when pass^k failed although the modal answer was right. The local router is
 * deterministic: its confidence is its score margin and says nothing about agreement.
 * A filter left out adds no condition (an unset value would be an untyped NULL on Postgres).
 */
function judged(filter: FlakyFilter): SQL {
  const conditions = [sql`r.status = 'completed'`, sql`r.classification is not null`];
  if (filter.provider !== undefined) conditions.push(sql`m.provider = ${filter.provider}`);
  if (filter.model !== undefined) conditions.push(sql`m.model = ${filter.model}`);
  if (filter.testCaseId !== undefined) conditions.push(sql`r.test_case_id = ${filter.testCaseId}`);
  if (filter.batchId !== undefined) conditions.push(sql`r.batch_id = ${filter.batchId}`);
  const outside = outsideBatches(sql`r.batch_id`, true, filter.excludeBatchIds);
  if (outside) conditions.push(outside);
  return sql`
  select r.id, r.test_case_id, m.provider, m.model, r.batch_id, r.tool_set_id, r.created_at,
    case when r.classification in ('TP', 'TN') then 1 else 0 end as correct,
    case when (r.samples > 1 and r.confidence_score < 1 and (r.confidence_source = 'sample_agreement'
                or (r.confidence_source is null and m.provider <> 'local')))
              or (e.pass_k = ${sqlBool(false)} and r.classification in ('TP', 'TN')) then 1 else 0 end as disagree
  from test_runs r
  join model_settings m on m.id = r.model_settings_id
  left join evaluation_results e on e.test_run_id = r.id
  where ${sql.join(conditions, sql` and `)}`;
}

/** The judged runs, the tool listings under which a pair flipped, and the flaky pairs (CTEs `judged`, `flips`, `pairs`). */
function pairs(filter: FlakyFilter): SQL {
  return sql`
  with judged as (${judged(filter)}),
  flips as (
    select test_case_id, provider, model, count(*) as flipped from (
      select test_case_id, provider, model, tool_set_id from judged
      where batch_id is not null and tool_set_id is not null
      group by test_case_id, provider, model, tool_set_id
      having count(distinct batch_id) >= 2 and min(correct) <> max(correct)
    ) flipped_sets group by test_case_id, provider, model
  ),
  pairs as (
    select j.test_case_id, j.provider, j.model, sum(j.disagree) as disagreeing, count(*) as runs, sum(j.correct) as correct_runs,
      max(j.created_at) as last_run_at, coalesce(f.flipped, 0) as flipped
    from judged j left join flips f on f.test_case_id = j.test_case_id and f.provider = j.provider and f.model = j.model
    group by j.test_case_id, j.provider, j.model, f.flipped
    having sum(j.disagree) > 0 or coalesce(f.flipped, 0) > 0
  )`;
}

/*
 * The same pairs from the flaky rollup (issue 19; migration 0022 / pg 0011): flaky_rollup holds, per (case, model
 * settings, listing, batch), the completed, judged runs' counts, kept in the run's own transaction by triggers on
 * test_runs and evaluation_results, so the pairs read O(groups), not O(runs) (at 1M runs the same sums from
 * idx_test_runs_flaky and the failed pass^k read 970k index entries and 35k runs: ~580 ms CPU on SQLite). A run
 * disagrees when its samples disagree (counted by confidence source, the null source counting for a provider other
 * than 'local' only) or, if not, its pass^k failed with a right modal answer: per settings that is
 * samples-disagreeing + (pass^k-failed right runs - those of them whose samples disagree). Flips group the
 * (case, settings, listing, batch) rows per (case, provider, model, listing) as the per-run query grouped runs
 * (tool_set_key 0: no listing; batch_key '': no batch). The exact per-run query (perRunPairs) stays as the
 * reference the tests compare this with.
 */
const NON_LOCAL = sql.raw(`m.provider <> 'local'`);

function aggregatePairs(filter: FlakyFilter): SQL {
  const settingsConditions: SQL[] = [];
  if (filter.provider !== undefined) settingsConditions.push(sql`m.provider = ${filter.provider}`);
  if (filter.model !== undefined) settingsConditions.push(sql`m.model = ${filter.model}`);
  const settingsWhere = settingsConditions.length > 0 ? sql`where ${sql.join(settingsConditions, sql` and `)}` : sql``;
  // batch_key '' is no batch: it stays.
  const caseConditions: SQL[] = [];
  if (filter.testCaseId !== undefined) caseConditions.push(sql`f.test_case_id = ${filter.testCaseId}`);
  if (filter.batchId !== undefined) caseConditions.push(sql`f.batch_key = ${filter.batchId}`);
  const outside = outsideBatches(sql`f.batch_key`, false, filter.excludeBatchIds);
  if (outside) caseConditions.push(outside);
  const caseWhere = caseConditions.length > 0 ? sql`where ${sql.join(caseConditions, sql` and `)}` : sql``;
  return sql`
  with settings as (select m.id, m.provider, m.model from model_settings m ${settingsWhere}),
  base as (
    select f.test_case_id, f.model_settings_id, f.tool_set_key, f.batch_key, f.runs, f.correct_runs,
      case when f.correct_runs = f.runs then 1 else 0 end as min_correct, case when f.correct_runs > 0 then 1 else 0 end as max_correct,
      f.last_run_at, f.s_agree, f.s_null, f.e_all, f.e_agree, f.e_null
    from flaky_rollup f ${caseWhere}
  ),
  flips as (
    select test_case_id, provider, model, count(*) as flipped from (
      select b.test_case_id, m.provider, m.model, b.tool_set_key from base b join settings m on m.id = b.model_settings_id
      where b.batch_key <> '' and b.tool_set_key <> 0
      group by b.test_case_id, m.provider, m.model, b.tool_set_key
      having count(distinct b.batch_key) >= 2 and min(b.min_correct) <> max(b.max_correct)
    ) flipped_sets group by test_case_id, provider, model
  ),
  per_settings as (
    select b.test_case_id, b.model_settings_id, sum(b.runs) as runs, sum(b.correct_runs) as correct_runs, max(b.last_run_at) as last_run_at,
      sum(b.s_agree) as s_agree, sum(b.s_null) as s_null, sum(b.e_all) as e_all, sum(b.e_agree) as e_agree, sum(b.e_null) as e_null
    from base b group by b.test_case_id, b.model_settings_id
  ),
  per_pair as (
    select s.test_case_id, m.provider, m.model,
      sum(s.s_agree + case when ${NON_LOCAL} then s.s_null else 0 end + s.e_all - s.e_agree - case when ${NON_LOCAL} then s.e_null else 0 end) as disagreeing,
      sum(s.runs) as runs, sum(s.correct_runs) as correct_runs, max(s.last_run_at) as last_run_at
    from per_settings s join settings m on m.id = s.model_settings_id
    group by s.test_case_id, m.provider, m.model
  ),
  pairs as (
    select p.test_case_id, p.provider, p.model, p.disagreeing, p.runs, p.correct_runs, p.last_run_at, coalesce(f.flipped, 0) as flipped
    from per_pair p left join flips f on f.test_case_id = p.test_case_id and f.provider = p.provider and f.model = p.model
    where p.disagreeing > 0 or coalesce(f.flipped, 0) > 0
  )`;
}

/**
 * flaky_rollup as its backfill would write it now, row by row (tests): the triggers must keep it equal to this
 * through any writes. Same columns and order as a plain read of the table ordered by its key.
 */
export async function selectFlakyRollup(recomputed: boolean): Promise<Record<string, unknown>[]> {
  const columns = sql`test_case_id, model_settings_id, tool_set_key, batch_key, runs, correct_runs, s_agree, s_null, e_all, e_agree, e_null, last_run_at`;
  if (!recomputed) return all(sql`select ${columns} from flaky_rollup order by test_case_id, model_settings_id, tool_set_key, batch_key`);
  const sa = sql.raw(`case when r.samples > 1 and r.confidence_score < 1 and r.confidence_source = 'sample_agreement' then 1 else 0 end`);
  const sn = sql.raw(`case when r.samples > 1 and r.confidence_score < 1 and r.confidence_source is null then 1 else 0 end`);
  const ea = sql.raw(`case when e.test_run_id is not null and r.classification in ('TP', 'TN') then 1 else 0 end`);
  const failed = dialectSql({ sqlite: sql`e.pass_k = 0`, postgres: sql`e.pass_k = false` });
  return all(sql`
    select ${columns} from (
      select r.test_case_id, r.model_settings_id, coalesce(r.tool_set_id, 0) as tool_set_key, coalesce(r.batch_id, '') as batch_key, count(*) as runs,
        sum(case when r.classification in ('TP', 'TN') then 1 else 0 end) as correct_runs, sum(${sa}) as s_agree, sum(${sn}) as s_null,
        sum(${ea}) as e_all, sum(${ea} * ${sa}) as e_agree, sum(${ea} * ${sn}) as e_null, max(r.created_at) as last_run_at
      from test_runs r left join evaluation_results e on e.test_run_id = r.id and ${failed}
      where r.status = 'completed' and r.classification is not null and r.model_settings_id is not null
      group by r.test_case_id, r.model_settings_id, coalesce(r.tool_set_id, 0), coalesce(r.batch_id, '')
    ) g order by test_case_id, model_settings_id, tool_set_key, batch_key`);
}

/** Every flaky pair of `pairs`, most disagreement and flips first, then the most recently run. */
async function orderedPairs(withPairs: SQL): Promise<FlakyPairRow[]> {
  return all<FlakyPairRow>(sql`${withPairs}
      select p.test_case_id as "testCaseId", tc.name as "testCaseName", p.provider as provider, p.model as model,
        p.disagreeing as "disagreeingRuns", p.flipped as "flippedToolSets", p.runs as runs, p.correct_runs as "correctRuns", p.last_run_at as "lastRunAt"
      from pairs p join test_cases tc on tc.id = p.test_case_id
      order by (p.disagreeing + p.flipped) desc, p.last_run_at desc, tc.name, p.provider, p.model`);
}

/**
 * The flaky pairs, most disagreement and flips first, then the most recently run: read once from the
 * aggregates (a pair per case x model at most, so the page and the total come from the same rows).
 */
export async function selectFlakyPairs(filter: FlakyFilter, page: { limit: number; offset: number }): Promise<{ rows: FlakyPairRow[]; total: number }> {
  const rows = await orderedPairs(aggregatePairs(filter));
  return { rows: rows.slice(page.offset, page.offset + page.limit), total: rows.length };
}

/** Every flaky pair from the per-run query: the exact reference of selectFlakyPairs (tests). */
export async function selectFlakyPairsPerRun(filter: FlakyFilter): Promise<FlakyPairRow[]> {
  return orderedPairs(pairs(filter));
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

/** The runs a history reads: one batch's (batchId), or every run but the excluded batches'. */
export type HistoryBatches = { batchId?: string; excludeBatchIds?: readonly string[] };

/** ` and <condition>` on the run's batch column for `batches`, empty when it keeps every run. */
function batchCondition(col: SQL, batches: HistoryBatches): SQL {
  if (batches.batchId !== undefined) return sql` and ${col} = ${batches.batchId}`;
  const outside = outsideBatches(col, true, batches.excludeBatchIds);
  return outside ? sql` and ${outside}` : sql``;
}

/**
 * The latest `perPair` completed, judged runs of each (given test case, model settings), newest first: one
 * backward seek of idx_test_runs_flaky_history each (migration 0021 / pg 0009), so the cost follows the page's
 * cases and settings, not their runs (1M runs: ranking the first page's ~100k runs took ~460 ms CPU on SQLite).
 * The ids are bound as one JSON text (one statement text whatever the count). SQLite has no LATERAL: the
 * correlated `in (... limit)` is evaluated once per (case, settings) and its ids looked up by key.
 */
function latestPerSettings(testCaseIds: readonly string[], perPair: number, batches: HistoryBatches): SQL {
  const json = JSON.stringify([...new Set(testCaseIds)]);
  const latest = (caseId: SQL) => sql`select h.id from test_runs h
      where h.test_case_id = ${caseId} and h.model_settings_id = m.id and h.status = 'completed' and h.classification is not null${batchCondition(sql`h.batch_id`, batches)}
      order by h.created_at desc, h.id desc limit ${perPair}`;
  return dialectSql({
    sqlite: sql`select r.id, r.test_case_id, r.created_at, m.provider, m.model
      from json_each(${json}) c cross join model_settings m cross join test_runs r
      where r.id in (${latest(sql`c.value`)})`,
    postgres: sql`select r.id, r.test_case_id, r.created_at, m.provider, m.model
      from json_array_elements_text(${json}::json) c(value) cross join model_settings m
      cross join lateral (${latest(sql`c.value`)}) h join test_runs r on r.id = h.id`,
  });
}

/**
 * The latest `perPair` judged runs of each of the given test cases per provider and model (every model; the caller
 * keeps its pairs). A provider and model's latest runs are among the latest of each of its settings, so those few
 * are ranked, and only the kept ones read their evaluation, batch and listing.
 */
export async function selectFlakyHistory(testCaseIds: readonly string[], perPair: number, batches: HistoryBatches = {}): Promise<FlakyHistoryRow[]> {
  // The ranked rows drive (CROSS JOIN keeps SQLite's order) and give the order: without statistics SQLite read
  // test_runs or idx_test_runs_test_case whole (1M rows) and probed the ranked rows, to save a sort of 200 rows.
  if (testCaseIds.length === 0) return [];
  return all<FlakyHistoryRow>(sql`
    select latest.id as "runId", latest.test_case_id as "testCaseId", latest.provider as provider, latest.model as model, r.batch_id as "batchId", b.name as "batchName",
      r.classification as classification, r.samples as samples, r.confidence_score as "confidenceScore", r.confidence_source as "confidenceSource",
      cast(e.pass_k as integer) as "passK", ts.hash as "toolSetHash", latest.created_at as "createdAt"
    from (
      select c.id, c.test_case_id, c.created_at, c.provider, c.model,
        row_number() over (partition by c.test_case_id, c.provider, c.model order by c.created_at desc, c.id desc) as rn
      from (${latestPerSettings(testCaseIds, perPair, batches)}) c
    ) latest
    cross join test_runs r
    left join evaluation_results e on e.test_run_id = r.id
    left join run_batches b on b.id = r.batch_id
    left join tool_sets ts on ts.id = r.tool_set_id
    where r.id = latest.id and latest.rn <= ${perPair}
    order by "testCaseId", provider, model, "createdAt" desc, "runId" desc`);
}

/** `r.test_case_id` is one of the given ids (bound as one JSON text), for the reference below. */
function caseIdIn(ids: readonly string[]): SQL {
  const json = JSON.stringify(ids);
  return dialectSql({
    sqlite: sql`r.test_case_id in (select value from json_each(${json}))`,
    postgres: sql`r.test_case_id = any(array(select json_array_elements_text(${json}::json)))`,
  });
}

/** selectFlakyHistory's rows by ranking every judged run of the cases: its exact reference (tests). */
export async function selectFlakyHistoryRanked(testCaseIds: readonly string[], perPair: number, batches: HistoryBatches = {}): Promise<FlakyHistoryRow[]> {
  if (testCaseIds.length === 0) return [];
  return all<FlakyHistoryRow>(sql`
    select r.id as "runId", r.test_case_id as "testCaseId", latest.provider as provider, latest.model as model, r.batch_id as "batchId", b.name as "batchName",
      r.classification as classification, r.samples as samples, r.confidence_score as "confidenceScore", r.confidence_source as "confidenceSource",
      cast(e.pass_k as integer) as "passK", ts.hash as "toolSetHash", r.created_at as "createdAt"
    from (
      select r.id, m.provider, m.model,
        row_number() over (partition by r.test_case_id, m.provider, m.model order by r.created_at desc, r.id desc) as rn
      from test_runs r
      join model_settings m on m.id = r.model_settings_id
      where ${caseIdIn(testCaseIds)} and r.status = 'completed' and r.classification is not null${batchCondition(sql`r.batch_id`, batches)}
    ) latest
    join test_runs r on r.id = latest.id
    left join evaluation_results e on e.test_run_id = r.id
    left join run_batches b on b.id = r.batch_id
    left join tool_sets ts on ts.id = r.tool_set_id
    where latest.rn <= ${perPair}
    order by "testCaseId", provider, model, "createdAt" desc, "runId" desc`);
}
