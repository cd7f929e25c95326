import 'server-only';
import { isPostgres } from '../dialect';
import { all, get, sqlNamed } from '../sql';
import { buildEvaluationScope, type MetricsScope } from './metrics-scope';

/**
 * Figures of sequence runs (issue 17) for the metrics summary: per-call outcome counts from
 * call_results and per-case steps, tokens and latency from the sequence runs themselves.
 * Sequence runs are the completed runs with a step count (test_runs.steps is set only by
 * completeSequenceRun); the evaluation scope applies the summary's filters.
 */
export type SequenceCaseRow = {
  runs: number;
  tp: number;
  fp: number;
  tn: number;
  fn: number;
  stepsSum: number;
  stepsMax: number | null;
  tokensSum: number;
  latencySum: number;
  latencyRuns: number;
};

export type CallOutcomeRow = { tp: number; fp: number; fn: number; argumentCorrectness: number | null; scoredCalls: number };

/**
 * test_runs is aliased `r` here, so the scope's own test-case condition (r.test_case_id) reads the same row.
 * The sequence runs drive the join, from idx_test_runs_sequence (steps is not null): they are few, and with
 * none the statement ends at once. A batch, model, date or tool filter would otherwise drive it from
 * evaluation_results' indexes and probe a run per evaluation (at 1M runs without any sequence run, 130-980 ms
 * of a summary for nothing). SQLite keeps a CROSS JOIN's left table outer; Postgres has no CROSS JOIN ... ON
 * and plans from the partial index's statistics on its own.
 */
export function sequenceRunsFrom(filters: MetricsScope): { from: string; params: Record<string, string> } {
  const scope = buildEvaluationScope({ ...filters });
  const conditions = ['r.steps is not null', ...scope.conditions];
  const join = isPostgres() ? 'join' : 'cross join';
  return { from: `from test_runs r ${join} evaluation_results e on e.test_run_id = r.id where ${conditions.join(' and ')}`, params: scope.params };
}

/** `count(*) filter (where ...)`: a conditional count both dialects evaluate the same way. */
const countWhere = (condition: string) => `count(*) filter (where ${condition})`;

export async function selectSequenceCaseFigures(filters: MetricsScope): Promise<SequenceCaseRow> {
  const { from, params } = sequenceRunsFrom(filters);
  const text = `
    select count(*) as runs,
      ${countWhere("e.classification = 'TP'")} as tp, ${countWhere("e.classification = 'FP'")} as fp,
      ${countWhere("e.classification = 'TN'")} as tn, ${countWhere("e.classification = 'FN'")} as fn,
      coalesce(sum(r.steps), 0) as "stepsSum", max(r.steps) as "stepsMax",
      coalesce(sum(coalesce(r.input_tokens, 0) + coalesce(r.output_tokens, 0)), 0) as "tokensSum",
      coalesce(sum(r.execution_time_ms), 0) as "latencySum", count(r.execution_time_ms) as "latencyRuns"
    ${from}`;
  const row = await get<SequenceCaseRow>(sqlNamed(text, params));
  if (!row) throw new Error('an aggregate without GROUP BY always returns a row');
  return row;
}

/** Read through idx_call_results_run_outcome (run, outcome, argument correctness): no table rows. */
export async function selectCallOutcomes(filters: MetricsScope): Promise<CallOutcomeRow> {
  const { from, params } = sequenceRunsFrom(filters);
  const text = `
    select ${countWhere("c.outcome = 'TP'")} as tp, ${countWhere("c.outcome = 'FP'")} as fp, ${countWhere("c.outcome = 'FN'")} as fn,
      avg(c.argument_correctness) as "argumentCorrectness", count(c.argument_correctness) as "scoredCalls"
    from call_results c
    where c.test_run_id in (select r.id ${from})`;
  const row = await get<CallOutcomeRow>(sqlNamed(text, params));
  if (!row) throw new Error('an aggregate without GROUP BY always returns a row');
  return row;
}

export type ModelCallRow = CallOutcomeRow & {
  modelSettingsId: string | null;
  provider: string | null;
  model: string | null;
  runs: number;
  stepsSum: number;
};

/**
 * The same figures per model settings row (runs whose settings were deleted group under null,
 * first); names in code-point order on both dialects.
 */
export async function selectCallFiguresByModel(filters: MetricsScope): Promise<ModelCallRow[]> {
  const { from, params } = sequenceRunsFrom(filters);
  const binary = isPostgres() ? ' collate "C"' : '';
  const text = `
    with runs as (select r.id as id, e.model_settings_id as m, r.steps as steps ${from}),
      per_run as (
        select runs.m as m, count(*) as runs, coalesce(sum(runs.steps), 0) as steps_sum from runs group by runs.m
      ),
      per_call as (
        select runs.m as m, ${countWhere("c.outcome = 'TP'")} as tp, ${countWhere("c.outcome = 'FP'")} as fp, ${countWhere("c.outcome = 'FN'")} as fn,
          avg(c.argument_correctness) as argument_correctness, count(c.argument_correctness) as scored_calls
        from runs join call_results c on c.test_run_id = runs.id group by runs.m
      )
    select p.m as "modelSettingsId", s.provider as provider, s.model as model, p.runs as runs, p.steps_sum as "stepsSum",
      coalesce(k.tp, 0) as tp, coalesce(k.fp, 0) as fp, coalesce(k.fn, 0) as fn,
      k.argument_correctness as "argumentCorrectness", coalesce(k.scored_calls, 0) as "scoredCalls"
    from per_run p left join per_call k on k.m is not distinct from p.m left join model_settings s on s.id = p.m
    order by s.provider${binary} nulls first, s.model${binary} nulls first, p.m${binary} nulls first`;
  return all<ModelCallRow>(sqlNamed(text, params));
}
