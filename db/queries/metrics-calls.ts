import 'server-only';
import { getSqlite } from '../client';
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

/** test_runs is aliased `r` here, so the scope's own test-case condition (r.test_case_id) reads the same row. */
function sequenceRunsFrom(filters: MetricsScope): { from: string; params: Record<string, string> } {
  const scope = buildEvaluationScope({ ...filters });
  const conditions = ['r.steps is not null', ...scope.conditions];
  return { from: `from test_runs r join evaluation_results e on e.test_run_id = r.id where ${conditions.join(' and ')}`, params: scope.params };
}

export async function selectSequenceCaseFigures(filters: MetricsScope): Promise<SequenceCaseRow> {
  const { from, params } = sequenceRunsFrom(filters);
  const sql = `
    select count(*) as runs,
      total(e.classification = 'TP') as tp, total(e.classification = 'FP') as fp,
      total(e.classification = 'TN') as tn, total(e.classification = 'FN') as fn,
      total(r.steps) as stepsSum, max(r.steps) as stepsMax,
      total(coalesce(r.input_tokens, 0) + coalesce(r.output_tokens, 0)) as tokensSum,
      total(r.execution_time_ms) as latencySum, count(r.execution_time_ms) as latencyRuns
    ${from}`;
  const row = getSqlite().prepare<Record<string, string>, SequenceCaseRow>(sql).get(params);
  if (!row) throw new Error('an aggregate without GROUP BY always returns a row');
  return row;
}

/** Read through idx_call_results_run_outcome (run, outcome, argument correctness): no table rows. */
export async function selectCallOutcomes(filters: MetricsScope): Promise<CallOutcomeRow> {
  const { from, params } = sequenceRunsFrom(filters);
  const sql = `
    select total(c.outcome = 'TP') as tp, total(c.outcome = 'FP') as fp, total(c.outcome = 'FN') as fn,
      avg(c.argument_correctness) as argumentCorrectness, count(c.argument_correctness) as scoredCalls
    from call_results c
    where c.test_run_id in (select r.id ${from})`;
  const row = getSqlite().prepare<Record<string, string>, CallOutcomeRow>(sql).get(params);
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

/** The same figures per model settings row (runs whose settings were deleted group under null). */
export async function selectCallFiguresByModel(filters: MetricsScope): Promise<ModelCallRow[]> {
  const { from, params } = sequenceRunsFrom(filters);
  const sql = `
    with runs as (select r.id as id, e.model_settings_id as m, r.steps as steps ${from}),
      per_run as (
        select runs.m as m, count(*) as runs, total(runs.steps) as stepsSum from runs group by runs.m
      ),
      per_call as (
        select runs.m as m, total(c.outcome = 'TP') as tp, total(c.outcome = 'FP') as fp, total(c.outcome = 'FN') as fn,
          avg(c.argument_correctness) as argumentCorrectness, count(c.argument_correctness) as scoredCalls
        from runs join call_results c on c.test_run_id = runs.id group by runs.m
      )
    select p.m as modelSettingsId, s.provider as provider, s.model as model, p.runs as runs, p.stepsSum as stepsSum,
      coalesce(k.tp, 0) as tp, coalesce(k.fp, 0) as fp, coalesce(k.fn, 0) as fn,
      k.argumentCorrectness as argumentCorrectness, coalesce(k.scoredCalls, 0) as scoredCalls
    from per_run p left join per_call k on k.m is p.m left join model_settings s on s.id = p.m
    order by s.provider, s.model, p.m`;
  return getSqlite().prepare<Record<string, string>, ModelCallRow>(sql).all(params);
}
