import 'server-only';
import { sql } from 'drizzle-orm';
import { isPostgres } from '../dialect';
import { all, get, run, sqlNamed } from '../sql';
import { withReadTransaction } from '../transaction';
import { currentFrame } from '../tx-context';
import {
  buildEvaluationScope,
  buildRunScope,
  buildToolRunRowids,
  hasToolFilters,
  noIndex,
  renderFrom,
  RESOLVED_RUNS,
  type MetricsScope,
  type ResolvedRuns,
  type RunScope,
} from './metrics-scope';

export type { MetricsScope, RunScope } from './metrics-scope';

export type ClassificationCounts = { tp: number; fp: number; tn: number; fn: number; total: number };

export type EvaluationTotals = ClassificationCounts & {
  completeness: number | null;
  correctness: number | null;
  typeConformance: number | null;
  /** Runs with at least one parameter score (scores are NULL where not evaluated). */
  measuredRuns: number;
  robust: number;
  misleading: number;
  needsClarity: number;
  unrated: number;
  confidenceAverage: number | null;
  /** pass_k is recorded only for runs with samples > 1 (NULL otherwise). */
  passKRuns: number;
  passKPassed: number;
  /** Runs behind each mean (its score not NULL): what weighs a mean when figures of two parts are added. */
  completenessRuns: number;
  correctnessRuns: number;
  conformanceRuns: number;
  confidenceRuns: number;
};

/** One confusion-matrix cell: the runs that expected one tool (or none) and selected another (or none). */
export type ToolCell = {
  expectedServer: string | null;
  expectedTool: string | null;
  selectedServer: string | null;
  selectedTool: string | null;
  total: number;
};

export type RunRollup = ClassificationCounts & {
  runs: number;
  completed: number;
  failed: number;
  latencyRuns: number;
  latencySum: number;
  inputTokens: number;
  outputTokens: number;
};

export type RunRollups = {
  all: RunRollup;
  byModel: (RunRollup & { provider: string | null; model: string | null })[];
  byDay: (RunRollup & { date: string })[];
};

/**
 * Every statement of one summary sees the same snapshot while runs keep landing: one
 * read transaction (SQLite: a deferred BEGIN's WAL snapshot, no write lock; Postgres: REPEATABLE READ,
 * READ ONLY, since READ COMMITTED takes a snapshot per statement). Nested reads, and reads inside another transaction, join it.
 */
export async function readMetricsSnapshot<T>(read: () => T | Promise<T>): Promise<T> {
  if (currentFrame()) return read();
  return withReadTransaction(async () => read());
}

/**
 * Below this share of all runs a resolved set is read run by run (rowid probes, then a sort);
 * above it, reading the rollup or latency index whole, in order, and testing membership is
 * cheaper. Measured at 100k runs, the two cross at about 6% for runs scattered over the table.
 */
const PROBE_SHARE = 1 / 16;

/** RESOLVED_RUNS is one table per connection, so resolutions must not nest. */
let resolving = false;

/**
 * Resolves the runs a tool/server filter covers (with every other filter) once, into a temp
 * table, and hands `read` a scope that reads them from there. Without it each run-side
 * statement rebuilt the id set from evaluation_results and probed test_runs by text id, which
 * at a server's share of 100k runs was most of the summary's time. Scopes without a tool
 * filter pass through unchanged: their own indexes already serve them. SQLite only: Postgres
 * hashes the id set within each statement, so there every scope passes through. `evaluatedOnly`
 * resolves just the runs that completed with a classification (all the latency percentiles read),
 * skipping the select of runs that never completed; statements that count every run then refuse it.
 */
export async function withResolvedRunScope<T>(
  filters: MetricsScope,
  read: (scope: RunScope) => T | Promise<T>,
  options: { evaluatedOnly?: boolean } = {},
): Promise<T> {
  if (!hasToolFilters(filters) || isPostgres()) return read(filters);
  // Inside readMetricsSnapshot, else a transaction of its own: the set and the statements
  // that read it must see the same snapshot.
  return readMetricsSnapshot(async () => {
    if (resolving) throw new Error('a resolved run scope cannot be resolved again inside its own read');
    resolving = true;
    try {
      return await read({ ...filters, resolved: await resolveRuns(filters, options.evaluatedOnly ?? false) });
    } finally {
      resolving = false;
      await run(sql.raw(`delete from ${RESOLVED_RUNS}`));
    }
  });
}

/** Fills RESOLVED_RUNS and picks how the run-side statements should read it. */
async function resolveRuns(filters: MetricsScope, evaluatedOnly: boolean): Promise<ResolvedRuns> {
  // Created once per connection; after that only its rows change, so no cached statement is invalidated.
  await run(sql.raw(`create table if not exists ${RESOLVED_RUNS} (run integer primary key)`));
  const { selects, params } = buildToolRunRowids(filters, { evaluatedOnly });
  let members = 0;
  // `or ignore`: a run both selects list is one member.
  for (const select of selects) members += await run(sqlNamed(`insert or ignore into ${RESOLVED_RUNS} ${select}`, params));
  // max(rowid) is one b-tree descent, and close enough to the number of runs for this choice.
  const runs = (await get<{ n: number }>(sql`select coalesce(max(rowid), 0) as n from test_runs`))?.n ?? 0;
  return { access: members > runs * PROBE_SHARE ? 'scan' : 'probe', evaluatedOnly };
}

/** `count(*) filter (where ...)`: a conditional count both dialects evaluate the same way (SQLite since 3.30). */
const countWhere = (condition: string) => `count(*) filter (where ${condition})`;

/**
 * Kept apart from the tool cells on purpose: carrying these columns through that GROUP BY's
 * sort made one statement slower than two passes.
 */
export async function selectEvaluationTotals(filters: MetricsScope): Promise<EvaluationTotals> {
  const scope = buildEvaluationScope(filters);
  // pass_k is a boolean on Postgres and 0/1 on SQLite.
  const passed = isPostgres() ? 'e.pass_k' : 'e.pass_k = 1';
  const text = `
    select count(*) as total,
      ${countWhere("e.classification = 'TP'")} as tp, ${countWhere("e.classification = 'FP'")} as fp,
      ${countWhere("e.classification = 'TN'")} as tn, ${countWhere("e.classification = 'FN'")} as fn,
      avg(e.parameter_completeness) as completeness,
      avg(e.parameter_correctness) as correctness,
      avg(e.type_conformance) as "typeConformance",
      count(coalesce(e.parameter_completeness, e.parameter_correctness, e.type_conformance)) as "measuredRuns",
      ${countWhere("e.confidence_category = 'robust'")} as robust,
      ${countWhere("e.confidence_category = 'misleading'")} as misleading,
      ${countWhere("e.confidence_category = 'needs_clarity'")} as "needsClarity",
      ${countWhere('e.confidence_category is null')} as unrated,
      avg(e.confidence_score) as "confidenceAverage",
      count(e.pass_k) as "passKRuns",
      ${countWhere(passed)} as "passKPassed",
      count(e.parameter_completeness) as "completenessRuns", count(e.parameter_correctness) as "correctnessRuns",
      count(e.type_conformance) as "conformanceRuns", count(e.confidence_score) as "confidenceRuns"
    ${renderFrom(scope)}`;
  const row = await get<EvaluationTotals>(sqlNamed(text, scope.params));
  if (!row) throw new Error('an aggregate without GROUP BY always returns a row');
  return row;
}

/** Confusion cells: evaluated runs counted per (expected tool, selected tool); nothing else rides the sort. */
export async function selectToolCells(filters: MetricsScope, options: { indexedDates?: boolean } = {}): Promise<ToolCell[]> {
  // A date filter is tested inside idx_evaluation_results_tool_pair, read whole in GROUP BY
  // order: seeking the date index instead means a table read and a sort per row, 6-8x slower
  // for a range of most runs (at 100k runs, ~150 ms against ~20) and only ~7 ms faster for a day.
  // `indexedDates` seeks it anyway, for a range of a fraction of a day (see lib/metrics/day-split.ts).
  const scope = buildEvaluationScope(filters, { unindexedDates: !options.indexedDates });
  const text = `
    select e.expected_server as "expectedServer", e.expected_tool as "expectedTool",
      e.selected_server as "selectedServer", e.selected_tool as "selectedTool", count(*) as total
    ${renderFrom(scope)}
    group by e.expected_server, e.expected_tool, e.selected_server, e.selected_tool`;
  return all<ToolCell>(sqlNamed(text, scope.params));
}

const EVALUATED = `status = 'completed' and classification is not null`;

/** SQLite's total(): a sum that is 0, not NULL, over no rows (Postgres has no total()). */
export const total = (expr: string) => `coalesce(sum(${expr}), 0)`;

const ROLLUP_SUMS = `
  ${total('runs')} as runs,
  ${total("case when status = 'completed' then runs end")} as completed,
  ${total("case when status in ('failed', 'cancelled') then runs end")} as failed,
  ${total(`case when ${EVALUATED} and classification = 'TP' then runs end`)} as tp,
  ${total(`case when ${EVALUATED} and classification = 'FP' then runs end`)} as fp,
  ${total(`case when ${EVALUATED} and classification = 'TN' then runs end`)} as tn,
  ${total(`case when ${EVALUATED} and classification = 'FN' then runs end`)} as fn,
  ${total(`case when ${EVALUATED} then runs end`)} as total,
  ${total(`case when ${EVALUATED} then latencyRuns end`)} as "latencyRuns",
  ${total(`case when ${EVALUATED} then latencySum end`)} as "latencySum",
  ${total(`case when ${EVALUATED} then inputTokens end`)} as "inputTokens",
  ${total(`case when ${EVALUATED} then outputTokens end`)} as "outputTokens"`;

export type RunRollupRow = RunRollup & { kind: 'all' | 'model' | 'day'; provider: string | null; model: string | null; date: string | null };

/**
 * Run-side figures (status counts, classifications, latency, tokens) grouped once by UTC
 * day, model settings, status and classification; the overall, per-model and per-day
 * rollups are conditional sums over those few groups. Grouping by status and
 * classification instead of summing per row keeps the per-row aggregate work small.
 */
export async function selectRunRollups(filters: RunScope, options: { keepEmpty?: boolean; indexedDates?: boolean } = {}): Promise<RunRollups> {
  // Unfiltered, for a model, for a date range (seeking its days) and for a large resolved set,
  // idx_test_runs_rollup covers this and is read in GROUP BY order. `indexedDates`: a range of a
  // fraction of a day seeks idx_test_runs_created_at instead (the day range reads the bound's whole days).
  const scope = buildRunScope(filters, { scanForModel: true, createdAt: options.indexedDates ? 'index' : 'day' });
  const text = `
    with groups as (
      select substr(r.created_at, 1, 10) as day, r.model_settings_id as settingsId,
        r.status as status, r.classification as classification,
        count(*) as runs,
        count(r.execution_time_ms) as latencyRuns, ${total('r.execution_time_ms')} as latencySum,
        ${total('r.input_tokens')} as inputTokens, ${total('r.output_tokens')} as outputTokens
      ${renderFrom(scope)}
      group by substr(r.created_at, 1, 10), r.model_settings_id, r.status, r.classification
    )
    ${runRollupSelect(options.keepEmpty ?? false)}`;
  return readRunRollupRows(await all<RunRollupRow>(sqlNamed(text, scope.params)));
}

/**
 * The overall, per-model and per-day rollups over a CTE `groups` of (day, settingsId, status,
 * classification) with runs, latencyRuns, latencySum, inputTokens and outputTokens; shared with
 * the maintained rollup's reader (./metrics-rollup), which builds `groups` from its own groups.
 * Rows come unordered: readRunRollupRows orders them the same way on both dialects.
 */
export function runRollupSelect(keepEmpty: boolean): string {
  // keepEmpty: models and days without an evaluated run stay, for a caller that adds parts (lib/metrics/day-split.ts).
  const evaluated = keepEmpty ? '' : ` having ${total(`case when ${EVALUATED} then runs end`)} > 0`;
  return `
    select 'all' as kind, null as provider, null as model, null as date, ${ROLLUP_SUMS} from groups
    union all
    select 'model', m.provider, m.model, null, ${ROLLUP_SUMS}
    from groups g left join model_settings m on m.id = g.settingsId
    group by m.provider, m.model${evaluated}
    union all
    select 'day', null, null, day, ${ROLLUP_SUMS}
    from groups group by day${evaluated}`;
}

/** NULL first, then by code unit: SQLite's order for these columns, whatever a Postgres collation would say. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}

export function readRunRollupRows(rows: RunRollupRow[]): RunRollups {
  const result: RunRollups = { all: createEmptyRollup(), byModel: [], byDay: [] };
  for (const { kind, provider, model, date, ...rollup } of rows) {
    if (kind === 'all') result.all = rollup;
    else if (kind === 'model') result.byModel.push({ ...rollup, provider, model });
    else result.byDay.push({ ...rollup, date: date ?? '' });
  }
  result.byModel.sort((a, b) => compareText(a.provider, b.provider) || compareText(a.model, b.model));
  result.byDay.sort((a, b) => compareText(a.date, b.date));
  return result;
}

function createEmptyRollup(): RunRollup {
  return { runs: 0, completed: 0, failed: 0, tp: 0, fp: 0, tn: 0, fn: 0, total: 0, latencyRuns: 0, latencySum: 0, inputTokens: 0, outputTokens: 0 };
}

/**
 * The execution time at a 0-based position among the evaluated runs' latencies. Counting
 * from the nearer end keeps SQLite's top-N sorter small (p95 keeps 5% of rows, not 95%).
 */
export async function selectLatencyAt(filters: RunScope, offset: number, order: 'asc' | 'desc'): Promise<number | null> {
  // A date filter is tested on idx_test_runs_latency's own created_at while that index is
  // read in order: the date index plus a sort was 60-120 ms for a range of most runs.
  const scope = buildRunScope(filters, { createdAt: 'unindexed', evaluatedOnly: true });
  // The unary + keeps the planner off the status index (nearly every run is completed) so
  // a batch or model index, or the latency index in order, drives the query instead.
  const text = `
    select r.execution_time_ms as ms
    ${renderFrom(scope, [`${noIndex()}r.status = 'completed'`, 'r.classification is not null', 'r.execution_time_ms is not null'])}
    order by r.execution_time_ms ${order === 'asc' ? 'asc' : 'desc'}
    limit 1 offset @offset`;
  const row = await get<{ ms: number }>(sqlNamed(text, { ...scope.params, offset }));
  return row?.ms ?? null;
}

/** A position among the evaluated runs' latencies, counted from the end `order` names (0-based). */
export type LatencyPosition = { offset: number; order: 'asc' | 'desc' };

/**
 * The execution times at several positions (of `n` evaluated runs), in the order asked. SQLite reads each
 * from the nearer end (its top-N sorter stays small); Postgres reads the runs once and numbers them, since
 * there each read of a large scope is a hash or index join over every matching run, not an index read in order.
 */
export async function selectLatenciesAt(filters: RunScope, positions: LatencyPosition[], n: number): Promise<(number | null)[]> {
  if (!isPostgres()) {
    const values: (number | null)[] = [];
    for (const { offset, order } of positions) values.push(await selectLatencyAt(filters, offset, order));
    return values;
  }
  const ranks = positions.map(({ offset, order }) => (order === 'asc' ? offset : n - 1 - offset));
  const scope = buildRunScope(filters, { evaluatedOnly: true });
  const params: Record<string, string | number> = { ...scope.params };
  ranks.forEach((rank, i) => (params[`rank${i}`] = rank));
  const text = `
    with ranked as (
      select r.execution_time_ms as ms, row_number() over (order by r.execution_time_ms) - 1 as position
      ${renderFrom(scope, ["r.status = 'completed'", 'r.classification is not null', 'r.execution_time_ms is not null'])}
    )
    select position, ms from ranked where position in (${ranks.map((_, i) => `@rank${i}`).join(', ')})`;
  const found = new Map((await all<{ position: number; ms: number }>(sqlNamed(text, params))).map((r) => [r.position, r.ms]));
  return ranks.map((rank) => found.get(rank) ?? null);
}

/**
 * The evaluated runs' execution times of a scope, counted per value (lib/metrics/day-split.ts buckets them
 * for a fraction of a day next to the latency histogram's whole days).
 */
export async function selectLatencyCounts(filters: RunScope): Promise<{ ms: number; runs: number }[]> {
  const scope = buildRunScope(filters, { evaluatedOnly: true });
  const text = `
    select r.execution_time_ms as ms, count(*) as runs
    ${renderFrom(scope, [`${noIndex()}r.status = 'completed'`, 'r.classification is not null', 'r.execution_time_ms is not null'])}
    group by r.execution_time_ms`;
  return all<{ ms: number; runs: number }>(sqlNamed(text, scope.params));
}
