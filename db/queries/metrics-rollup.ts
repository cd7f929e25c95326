import 'server-only';
import { sql } from 'drizzle-orm';
import { isPostgres } from '../dialect';
import { all, get, sqlNamed } from '../sql';
import { readRunRollupRows, runRollupSelect, total, type ClassificationCounts, type EvaluationTotals, type RunRollupRow, type RunRollups, type ToolCell } from './metrics';
import { buildEvaluationScope, buildExcludedBatchConditions, excludedBatchParams, noIndex, renderFrom, type MetricsScope } from './metrics-scope';

/**
 * Readers of metrics_rollup (migration 0015): the summary's evaluation totals, tool cells and
 * run rollups as sums over a few thousand groups instead of a pass over every run. The
 * triggers that maintain it are in that migration; the exact per-run queries in ./metrics stay
 * for the scopes the rollup cannot serve (see canReadRollup) and for latency percentiles.
 */

/** A score is summed as x * 2^52 split in two integers, hi * 2^26 + lo (see the table's comment in db/schema.ts). */
const HALF = 2 ** 26;

const DAY_START = 'T00:00:00.000Z';

/** A bound the rollup's UTC day can test exactly: the start of a day, as toCreatedAtBounds writes a date. */
function isDayBound(bound: string | undefined): boolean {
  return bound === undefined || (bound.length === 24 && bound.endsWith(DAY_START));
}

/**
 * The rollup has no test case dimension and counts whole UTC days, so a test case filter or a
 * date-time bound inside a day takes the exact per-run path.
 */
export function canReadRollup(s: MetricsScope): boolean {
  return !s.testCaseId && isDayBound(s.createdFrom) && isDayBound(s.createdBefore);
}

type RollupWhere = { where: string; params: Record<string, string> };

/**
 * A day of the app's own stamps passes a bound at the start of a day exactly when the day
 * does; other text is compared whole, as the per-run queries compare created_at. Shared by the
 * rollup and both latency histograms (the same day and created_odd columns).
 */
function buildDayConditions(s: MetricsScope, bind: (name: string, value: string) => string): string[] {
  const where: string[] = [];
  if (s.createdFrom) {
    where.push(`(case when created_odd = 0 then day >= ${bind('fromDay', s.createdFrom.slice(0, 10))} else day >= ${bind('createdFrom', s.createdFrom)} end)`);
  }
  if (s.createdBefore) {
    where.push(`(case when created_odd = 0 then day < ${bind('beforeDay', s.createdBefore.slice(0, 10))} else day < ${bind('createdBefore', s.createdBefore)} end)`);
  }
  return where;
}

/** Every value is bound; '' stands for NULL in the rollup's keys and no filter value is ''. */
function buildRollupWhere(s: MetricsScope): RollupWhere {
  const where: string[] = [];
  const params: Record<string, string> = {};
  const bind = (name: string, value: string) => {
    params[name] = value;
    return `@${name}`;
  };
  if (s.batchId) where.push(`batch_id = ${bind('batchId', s.batchId)}`);
  // '' (no batch) is never an excluded id, so NOT IN keeps the runs without a batch.
  where.push(...buildExcludedBatchConditions(s, 'batch_id', { nullable: false }));
  Object.assign(params, excludedBatchParams(s));
  if (s.provider || s.model) {
    const settings = [s.provider ? `provider = ${bind('provider', s.provider)}` : '', s.model ? `model = ${bind('model', s.model)}` : ''].filter(Boolean);
    where.push(`model_settings_id in (select id from model_settings where ${settings.join(' and ')})`);
  }
  where.push(...buildDayConditions(s, bind));
  if (s.serverName) where.push(`(expected_server = ${bind('serverName', s.serverName)} or selected_server = @serverName)`);
  if (s.toolName) where.push(`(expected_tool = ${bind('toolName', s.toolName)} or selected_tool = @toolName)`);
  return { where: where.length ? `where ${where.join(' and ')}` : '', params };
}

type TotalsRow = ClassificationCounts &
  Pick<EvaluationTotals, 'measuredRuns' | 'robust' | 'misleading' | 'needsClarity' | 'unrated' | 'passKRuns' | 'passKPassed'> & {
    completenessHi: number;
    completenessLo: number;
    completenessN: number;
    correctnessHi: number;
    correctnessLo: number;
    correctnessN: number;
    conformanceHi: number;
    conformanceLo: number;
    conformanceN: number;
    confidenceHi: number;
    confidenceLo: number;
    confidenceN: number;
  };

/** hi * 2^26 is exact (a power of two); adding lo and dividing round once each: within an ulp of avg(). */
const mean = (hi: number, lo: number, n: number): number | null => (n > 0 ? (hi * HALF + lo) / (n * HALF * HALF) : null);

export async function selectRollupEvaluationTotals(s: MetricsScope): Promise<EvaluationTotals> {
  const { where, params } = buildRollupWhere(s);
  const text = `
    select ${total('evals')} as total, ${total('e_tp')} as tp, ${total('e_fp')} as fp, ${total('e_tn')} as tn, ${total('e_fn')} as fn,
      ${total('completeness_hi')} as "completenessHi", ${total('completeness_lo')} as "completenessLo", ${total('completeness_n')} as "completenessN",
      ${total('correctness_hi')} as "correctnessHi", ${total('correctness_lo')} as "correctnessLo", ${total('correctness_n')} as "correctnessN",
      ${total('conformance_hi')} as "conformanceHi", ${total('conformance_lo')} as "conformanceLo", ${total('conformance_n')} as "conformanceN",
      ${total('measured')} as "measuredRuns", ${total('robust')} as robust, ${total('misleading')} as misleading,
      ${total('needs_clarity')} as "needsClarity", ${total('unrated')} as unrated,
      ${total('confidence_hi')} as "confidenceHi", ${total('confidence_lo')} as "confidenceLo", ${total('confidence_n')} as "confidenceN",
      ${total('pass_k_n')} as "passKRuns", ${total('pass_k_sum')} as "passKPassed"
    from metrics_rollup ${where}`;
  const row = await get<TotalsRow>(sqlNamed(text, params));
  if (!row) throw new Error('an aggregate without GROUP BY always returns a row');
  const { completenessHi, completenessLo, completenessN, correctnessHi, correctnessLo, correctnessN, conformanceHi, conformanceLo, conformanceN, confidenceHi, confidenceLo, confidenceN, ...counts } = row;
  return {
    ...counts,
    completeness: mean(completenessHi, completenessLo, completenessN),
    correctness: mean(correctnessHi, correctnessLo, correctnessN),
    typeConformance: mean(conformanceHi, conformanceLo, conformanceN),
    confidenceAverage: mean(confidenceHi, confidenceLo, confidenceN),
    completenessRuns: completenessN,
    correctnessRuns: correctnessN,
    conformanceRuns: conformanceN,
    confidenceRuns: confidenceN,
  };
}

/** Confusion cells of the evaluated runs; groups whose runs were all taken away are skipped. */
export async function selectRollupToolCells(s: MetricsScope): Promise<ToolCell[]> {
  const { where, params } = buildRollupWhere(s);
  const text = `
    select nullif(expected_server, '') as "expectedServer", nullif(expected_tool, '') as "expectedTool",
      nullif(selected_server, '') as "selectedServer", nullif(selected_tool, '') as "selectedTool", sum(evals) as total
    from metrics_rollup ${where}
    group by expected_server, expected_tool, selected_server, selected_tool
    having sum(evals) > 0`;
  return all<ToolCell>(sqlNamed(text, params));
}

/** The run rollups of selectRunRollups, grouped from the rollup's groups instead of the runs. */
export async function selectRollupRunRollups(s: MetricsScope, options: { keepEmpty?: boolean } = {}): Promise<RunRollups> {
  const { where, params } = buildRollupWhere(s);
  const text = `
    with groups as (
      select substr(day, 1, 10) as day, nullif(model_settings_id, '') as settingsId, status, nullif(classification, '') as classification,
        ${total('runs')} as runs, ${total('latency_n')} as latencyRuns, ${total('latency_sum')} as latencySum,
        ${total('input_tokens')} as inputTokens, ${total('output_tokens')} as outputTokens
      from metrics_rollup ${where}
      group by substr(day, 1, 10), model_settings_id, status, classification
    )
    ${runRollupSelect(options.keepEmpty ?? false)}`;
  return readRunRollupRows(await all<RunRollupRow>(sqlNamed(text, params)));
}

export type BatchStatusCount = { batchId: string; status: string; n: number };

/** Batch ids bound per statement: far below either dialect's parameter limit, and one statement for a page of batches. */
const BATCH_CHUNK = 500;

/**
 * Runs per batch and status, read from idx_metrics_rollup_batch_status alone (a seek per batch of
 * the IN list, in GROUP BY order). One statement for many batches: on Postgres each statement is a
 * round trip (5 batches at 1M runs: 36 ms one by one).
 */
export async function selectRollupBatchStatusCounts(batchIds: string[]): Promise<BatchStatusCount[]> {
  const counts: BatchStatusCount[] = [];
  // A batch named twice is counted once, also when its names fall in different statements.
  const unique = [...new Set(batchIds)];
  for (let start = 0; start < unique.length; start += BATCH_CHUNK) {
    const ids = sql.join(unique.slice(start, start + BATCH_CHUNK).map((id) => sql`${id}`), sql`, `);
    counts.push(
      ...(await all<BatchStatusCount>(
        sql`select batch_id as "batchId", status, sum(runs) as n from metrics_rollup where batch_id in (${ids}) group by batch_id, status having sum(runs) > 0`,
      )),
    );
  }
  return counts;
}

/** A scope the latency histogram serves: the rollup's, without a tool or server filter (the histogram has no tool pair). */
export function canReadLatencyHistogram(s: MetricsScope): boolean {
  return canReadRollup(s) && !s.serverName && !s.toolName;
}

/** The execution times [lo, hi) of a histogram bucket: 1 ms below 128 ms, then 64 buckets per power of two. */
export function latencyBucketRange(bucket: number): [number, number] {
  if (bucket < 448) return [bucket, bucket + 1];
  const exponent = Math.floor(bucket / 64);
  const unit = 2 ** (exponent - 6);
  return [(64 + (bucket % 64)) * unit, (65 + (bucket % 64)) * unit];
}

/**
 * The execution time at 0-based ascending position `k` among the scope's evaluated runs: the
 * histogram's cumulative counts name the bucket, then only that bucket's runs are read, in
 * order, from idx_test_runs_latency (a range seek; batch, model and date tested on each row).
 * Exact, like the per-run read; undefined if the histogram and the runs disagree.
 */
export async function selectLatencyAtFromHistogram(s: MetricsScope, k: number): Promise<number | undefined> {
  return readLatencyInBucket(s, k, await selectHistogramBuckets(s));
}

export type LatencyBucketCount = { bucket: number; runs: number };

/** The latency histogram's runs per bucket for a scope it serves (canReadLatencyHistogram), in bucket order. */
export async function selectHistogramBuckets(s: MetricsScope): Promise<LatencyBucketCount[]> {
  const { where, params } = buildRollupWhere(s);
  return all<LatencyBucketCount>(
    sqlNamed(`select bucket, sum(runs) as runs from metrics_latency_histogram ${where} group by bucket having sum(runs) > 0 order by bucket`, params),
  );
}

/** The histogram bucket of an execution time (the triggers' rule; latencyBucketRange's inverse). */
export function latencyBucketOf(ms: number): number {
  if (ms < 128) return ms;
  let e = Math.floor(Math.log2(ms));
  if (2 ** e > ms) e--;
  else if (2 ** (e + 1) <= ms) e++;
  return e * 64 + Math.floor(ms / 2 ** (e - 6)) - 64;
}

/**
 * A scope the tool latency histogram serves: a tool or server filter with whole-day bounds and no
 * batch, model or test case (that histogram has neither batch nor model; excluded batches are taken away from it).
 */
export function canReadToolLatencyHistogram(s: MetricsScope): boolean {
  return canReadRollup(s) && Boolean(s.serverName || s.toolName) && !s.batchId && !s.provider && !s.model;
}

/**
 * selectLatencyAtFromHistogram for a tool/server filter (see canReadToolLatencyHistogram): the buckets of
 * metrics_latency_tool_histogram's (server, tool) row ('' for the filter not given), then the bucket's runs
 * whose evaluation names that server and tool.
 */
export async function selectLatencyAtFromToolHistogram(s: MetricsScope, k: number): Promise<number | undefined> {
  const params: Record<string, string> = { server: s.serverName ?? '', tool: s.toolName ?? '' };
  const bind = (name: string, value: string) => {
    params[name] = value;
    return `@${name}`;
  };
  const where = ['server = @server', 'tool = @tool', ...buildDayConditions(s, bind)].join(' and ');
  const buckets = await all<{ bucket: number; runs: number }>(
    sqlNamed(`select bucket, sum(runs) as runs from metrics_latency_tool_histogram where ${where} group by bucket having sum(runs) > 0 order by bucket`, params),
  );
  return readLatencyInBucket(s, k, s.excludeBatchIds?.length ? await withoutExcludedBatches(s, buckets) : buckets);
}

/**
 * The tool histogram has no batch: the excluded batches' runs of the scope (experiment variants, a few small
 * batches) are read run by run, one batch at a time, bucketed as the triggers bucket them and taken away. The
 * in-bucket read then tests the exclusion on each of the bucket's runs.
 */
async function withoutExcludedBatches(s: MetricsScope, buckets: LatencyBucketCount[]): Promise<LatencyBucketCount[]> {
  const counts = new Map(buckets.map((b) => [b.bucket, b.runs]));
  for (const batchId of s.excludeBatchIds ?? []) {
    for (const { ms, runs } of await selectBatchToolLatencyCounts({ ...s, excludeBatchIds: undefined, batchId })) {
      const bucket = latencyBucketOf(ms);
      counts.set(bucket, (counts.get(bucket) ?? 0) - runs);
    }
  }
  return [...counts.entries()].filter(([, runs]) => runs > 0).sort(([a], [b]) => a - b).map(([bucket, runs]) => ({ bucket, runs }));
}

/**
 * The timed, evaluated runs of one batch (scope.batchId) under a tool or server filter, counted per execution time:
 * driven by the batch's evaluations (idx_evaluation_results_batch), one run probe each. The per-run scope would
 * collect every evaluation of the tool first (at 1M runs a server's 260k, ~1.3 s CPU on SQLite for a 2,000-run batch).
 */
async function selectBatchToolLatencyCounts(s: MetricsScope): Promise<{ ms: number; runs: number }[]> {
  const scope = buildEvaluationScope({ ...s, testCaseId: undefined });
  const join = isPostgres() ? 'join' : 'cross join';
  const tables = `${scope.tables} ${join} test_runs r on r.id = e.test_run_id`;
  const text = `
    select r.execution_time_ms as ms, count(*) as runs
    ${renderFrom({ ...scope, tables }, ["r.status = 'completed'", 'r.classification is not null', 'r.execution_time_ms is not null'])}
    group by r.execution_time_ms`;
  return all<{ ms: number; runs: number }>(sqlNamed(text, scope.params));
}

/**
 * The execution time at 0-based position `k` given the scope's bucket counts in bucket order: the
 * bucket holding it, then only that bucket's runs, in order, from idx_test_runs_latency (a range seek;
 * every filter tested on each row, a tool or server filter on the run's evaluation).
 */
export async function readLatencyInBucket(s: MetricsScope, k: number, buckets: LatencyBucketCount[]): Promise<number | undefined> {
  let below = 0;
  const hit = buckets.find((b) => {
    if (k < below + b.runs) return true;
    below += b.runs;
    return false;
  });
  if (!hit) return undefined;
  const [lo, hi] = latencyBucketRange(hit.bucket);
  // Unary + on every other column keeps the planner on the latency index's range.
  const plus = noIndex();
  // A bucket's bounds reach past int4, which Postgres would infer for a bare parameter beside execution_time_ms.
  const bound8 = (name: string) => (isPostgres() ? `cast(@${name} as bigint)` : `@${name}`);
  const conditions = [`r.execution_time_ms >= ${bound8('lo')}`, `r.execution_time_ms < ${bound8('hi')}`, `${plus}r.status = 'completed'`, `${plus}r.classification is not null`];
  // From the bucket's nearer end: a bucket can hold ~8k runs at 1M, each read (and, with a batch, model or
  // tool filter, its row or evaluation probed) up to the position.
  const inBucket = k - below;
  const descending = inBucket >= hit.runs / 2;
  const bound: Record<string, string | number> = { lo, hi, offset: descending ? hit.runs - 1 - inBucket : inBucket };
  if (s.batchId) {
    conditions.push(`${plus}r.batch_id = @batchId`);
    bound.batchId = s.batchId;
  }
  if (s.excludeBatchIds?.length) {
    conditions.push(...buildExcludedBatchConditions(s, `${plus}r.batch_id`));
    Object.assign(bound, excludedBatchParams(s));
  }
  if (s.provider || s.model) {
    const settings = [s.provider ? 'provider = @provider' : '', s.model ? 'model = @model' : ''].filter(Boolean);
    conditions.push(`${plus}r.model_settings_id in (select id from model_settings where ${settings.join(' and ')})`);
    if (s.provider) bound.provider = s.provider;
    if (s.model) bound.model = s.model;
  }
  if (s.createdFrom) {
    conditions.push(`${plus}r.created_at >= @createdFrom`);
    bound.createdFrom = s.createdFrom;
  }
  if (s.createdBefore) {
    conditions.push(`${plus}r.created_at < @createdBefore`);
    bound.createdBefore = s.createdBefore;
  }
  let from = 'test_runs r';
  if (s.serverName || s.toolName) {
    // SQLite keeps a CROSS JOIN's left table outer: the bucket's runs drive, one evaluation probe each.
    from = `test_runs r ${isPostgres() ? 'join' : 'cross join'} evaluation_results e on e.test_run_id = r.id`;
    if (s.serverName) {
      conditions.push('(e.expected_server = @serverName or e.selected_server = @serverName)');
      bound.serverName = s.serverName;
    }
    if (s.toolName) {
      conditions.push('(e.expected_tool = @toolName or e.selected_tool = @toolName)');
      bound.toolName = s.toolName;
    }
  }
  const text = `select r.execution_time_ms as ms from ${from} where ${conditions.join(' and ')} order by r.execution_time_ms${descending ? ' desc' : ''} limit 1 offset @offset`;
  return (await get<{ ms: number }>(sqlNamed(text, bound)))?.ms;
}

export type ConfusionCount = { expectedServer: string | null; expectedTool: string | null; selectedServer: string | null; selectedTool: string | null; count: number };

/** Off-diagonal cells (another tool than expected, or none, or one where none was expected), most frequent first. */
export async function selectRollupConfusionCounts(s: MetricsScope): Promise<ConfusionCount[]> {
  const { where, params } = buildRollupWhere(s);
  // '' stands for NULL on both sides, so plain equality is the diagonal, as `is` is on the evaluations.
  const offDiagonal = 'not (expected_tool = selected_tool and expected_server = selected_server)';
  // Ties in code-point order on both dialects (COLLATE "C" on Postgres; SQLite's default).
  const key = (column: string) => `nullif(${column}, '')${isPostgres() ? ' collate "C"' : ''} nulls last`;
  const text = `
    select nullif(expected_server, '') as "expectedServer", nullif(expected_tool, '') as "expectedTool",
      nullif(selected_server, '') as "selectedServer", nullif(selected_tool, '') as "selectedTool", sum(evals) as count
    from metrics_rollup ${where ? `${where} and ${offDiagonal}` : `where ${offDiagonal}`}
    group by expected_server, expected_tool, selected_server, selected_tool
    having sum(evals) > 0
    order by sum(evals) desc, ${['expected_server', 'expected_tool', 'selected_server', 'selected_tool'].map(key).join(', ')}`;
  return all<ConfusionCount>(sqlNamed(text, params));
}
