import 'server-only';
import { isPostgres } from '../dialect';

/** The runs a metrics query covers; every value is bound as a parameter, never spliced. */
export type MetricsScope = {
  batchId?: string;
  testCaseId?: string;
  /** Runs whose expected or selected server has this name. */
  serverName?: string;
  /** Runs whose expected or selected tool has this name. */
  toolName?: string;
  provider?: string;
  model?: string;
  /** Inclusive lower bound on test_runs.created_at (ISO text). */
  createdFrom?: string;
  /** Exclusive upper bound on test_runs.created_at (ISO text). */
  createdBefore?: string;
  /**
   * Runs of these batches are left out (runs without a batch stay): the experiment variants' batches, whose
   * runs saw rewritten tools, out of the unfiltered views (lib/metrics/experiment-scope.ts). Never set with batchId.
   */
  excludeBatchIds?: string[];
};

/**
 * A scope whose tool/server filter has already been resolved, with every other filter, into
 * RESOLVED_RUNS for the current read transaction (see withResolvedRunScope in ./metrics).
 */
export type RunScope = MetricsScope & { resolved?: ResolvedRuns };

export type ResolvedRuns = {
  /**
   * 'probe' reads just these runs by rowid (a small set); 'scan' reads an index of all runs in
   * the order the query needs and keeps the members (a large set: no sort, no random reads).
   */
  access: 'probe' | 'scan';
  /** Only runs that completed with a classification were resolved: enough for the latency percentiles, not for run counts. */
  evaluatedOnly?: boolean;
};

/** Rowids of the test_runs a resolved scope covers; temp, so private to the connection. */
export const RESOLVED_RUNS = 'temp.metrics_scope_runs';

export type ScopeSql = {
  /** The `from` clause with its joins. */
  tables: string;
  /** Conditions to AND together; they use named parameters (@name) from `params`. */
  conditions: string[];
  params: Record<string, string>;
};

/**
 * A unary + before a column keeps SQLite's planner off that column's indexes (the comments at
 * each use say why); Postgres has no unary + for text and plans on its own statistics, so there
 * the column stands bare.
 */
export function noIndex(): '' | '+' {
  return isPostgres() ? '' : '+';
}

/** `from ... where ...` for a scope, with extra conditions of the query at hand. */
export function renderFrom(scope: ScopeSql, extra: string[] = []): string {
  const conditions = [...scope.conditions, ...extra];
  return `${scope.tables}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`;
}

type ToolColumns = { expectedServer: string; expectedTool: string; selectedServer: string; selectedTool: string };

/**
 * How a run-side statement tests created_at, chosen for the index that should drive it:
 * - 'index': a plain range, which idx_test_runs_created_at can serve;
 * - 'day': a range over idx_test_runs_rollup's UTC day, read in its GROUP BY order (the exact
 *   bound is tested on the two boundary days only, the only ones that need the table row);
 * - 'unindexed': a test on each row that is read anyway (idx_test_runs_latency covers it), so
 *   no date range plus sort competes with reading that index in latency order.
 */
export type CreatedAtAccess = 'index' | 'day' | 'unindexed';

/** Filters on test_runs columns that evaluation_results has no copy of. */
function hasRunOnlyFilters(s: MetricsScope): boolean {
  return Boolean(s.testCaseId);
}

export function hasToolFilters(s: MetricsScope): boolean {
  return Boolean(s.serverName || s.toolName);
}

type RunConditionOptions = {
  /** '+' keeps the planner off the model settings index (see buildRunScope). */
  modelPrefix?: '' | '+';
  /** How test_runs.created_at is tested; evaluation_results' copy is always a plain range. */
  createdAt?: CreatedAtAccess;
  /** '+' keeps the planner off idx_evaluation_results_run_created_at (see selectToolCells). */
  copyPrefix?: '' | '+';
};

/**
 * Run-side conditions. `scoped` is the alias whose batch_id, model_settings_id and
 * created_at are tested: test_runs itself, or evaluation_results, which carries copies of
 * all three (its created_at copy is run_created_at).
 */
function buildRunConditions(s: MetricsScope, scoped: 'r' | 'e' = 'r', options: RunConditionOptions = {}): string[] {
  const where: string[] = [];
  if (s.batchId) where.push(`${scoped}.batch_id = @batchId`);
  where.push(...buildExcludedBatchConditions(s, `${scoped}.batch_id`));
  if (s.testCaseId) where.push('r.test_case_id = @testCaseId');
  if (s.provider || s.model) {
    const settings = [s.provider ? 'provider = @provider' : '', s.model ? 'model = @model' : ''].filter(Boolean);
    // A set lookup instead of a join: model_settings is small, test_runs is not.
    where.push(`${options.modelPrefix ?? ''}${scoped}.model_settings_id in (select id from model_settings where ${settings.join(' and ')})`);
  }
  if (scoped === 'e') where.push(...buildCopyDateConditions(s, options.copyPrefix ?? ''));
  else where.push(...buildCreatedAtConditions(s, options.createdAt ?? 'index'));
  return where;
}

/** The named parameter of the i-th excluded batch id (collectParams binds them). */
const excludedBatchParam = (i: number) => `excludedBatch${i}`;

/**
 * `column` (a run's batch, NULL for none) outside the excluded batches; nothing without any. NOT IN alone
 * would drop the runs without a batch (NULL NOT IN (...) is NULL).
 */
export function buildExcludedBatchConditions(s: MetricsScope, column: string, options: { nullable?: boolean } = {}): string[] {
  const ids = s.excludeBatchIds ?? [];
  if (ids.length === 0) return [];
  const list = ids.map((_, i) => `@${excludedBatchParam(i)}`).join(', ');
  return options.nullable === false ? [`${column} not in (${list})`] : [`(${column} is null or ${column} not in (${list}))`];
}

/** The excluded batch ids as named parameters, for a statement that binds its own (see buildExcludedBatchConditions). */
export function excludedBatchParams(s: MetricsScope): Record<string, string> {
  return Object.fromEntries((s.excludeBatchIds ?? []).map((id, i) => [excludedBatchParam(i), id]));
}

function buildCopyDateConditions(s: MetricsScope, prefix: '' | '+'): string[] {
  const where: string[] = [];
  if (s.createdFrom) where.push(`${prefix}e.run_created_at >= @createdFrom`);
  if (s.createdBefore) where.push(`${prefix}e.run_created_at < @createdBefore`);
  return where;
}

/** The UTC day of a created_at, written as idx_test_runs_rollup's expression so the planner matches it. */
const RUN_DAY = 'substr(r.created_at, 1, 10)';

function buildCreatedAtConditions(s: MetricsScope, access: CreatedAtAccess): string[] {
  if (access === 'day') return buildDayRangeConditions(s);
  const column = access === 'unindexed' ? `${noIndex()}r.created_at` : 'r.created_at';
  const where: string[] = [];
  if (s.createdFrom) where.push(`${column} >= @createdFrom`);
  if (s.createdBefore) where.push(`${column} < @createdBefore`);
  return where;
}

/**
 * The same bounds through the UTC day, for text of any shape: a prefix of created_at orders
 * as created_at does (the first 10 characters of both sides), so `created_at >= from` holds
 * exactly when its day is past from's day, or is from's day and the full text passes. The
 * day range is what idx_test_runs_rollup can seek; the full text needs the table row, which
 * SQLite reads only when the OR gets that far, i.e. on a boundary day.
 */
function buildDayRangeConditions(s: MetricsScope): string[] {
  const where: string[] = [];
  if (s.createdFrom) {
    const day = 'substr(@createdFrom, 1, 10)';
    where.push(`${RUN_DAY} >= ${day}`, `(${RUN_DAY} > ${day} or ${noIndex()}r.created_at >= @createdFrom)`);
  }
  if (s.createdBefore) {
    const day = 'substr(@createdBefore, 1, 10)';
    where.push(`${RUN_DAY} <= ${day}`, `(${RUN_DAY} < ${day} or ${noIndex()}r.created_at < @createdBefore)`);
  }
  return where;
}

function buildToolConditions(s: MetricsScope, c: ToolColumns): string[] {
  const where: string[] = [];
  if (s.serverName) where.push(`(${c.expectedServer} = @serverName or ${c.selectedServer} = @serverName)`);
  if (s.toolName) where.push(`(${c.expectedTool} = @toolName or ${c.selectedTool} = @toolName)`);
  return where;
}

/** Where evaluated runs keep their tools, and where runs that never completed find theirs (alias `run`). */
const EVALUATED_TOOLS: ToolColumns = { expectedServer: 'e.expected_server', expectedTool: 'e.expected_tool', selectedServer: 'e.selected_server', selectedTool: 'e.selected_tool' };
const unfinishedTools = (run: string): ToolColumns => ({ expectedServer: 'tc.expected_mcp_server_name', expectedTool: 'tc.expected_tool_name', selectedServer: `${run}.selected_server`, selectedTool: `${run}.selected_tool` });
const UNFINISHED = (run: string) => `${run}.status in ('pending', 'running', 'failed', 'cancelled')`;

function collectParams(s: MetricsScope): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(s)) if (typeof value === 'string') params[key] = value;
  return { ...params, ...excludedBatchParams(s) };
}

/**
 * Evaluated runs, read from evaluation_results (alias `e`): a row there means the run
 * completed with a classification. Batch, model and date filters use the run's batch_id,
 * model_settings_id and created_at copied onto evaluation_results (and their indexes);
 * test_runs (alias `r`) is joined only for a test case filter, because that join costs
 * b-tree probes per row and dominates at 100k runs. `unindexedDates` tests the date copy on
 * each row read instead of seeking its index (see selectToolCells).
 */
export function buildEvaluationScope(s: MetricsScope, options: { unindexedDates?: boolean } = {}): ScopeSql {
  const join = hasRunOnlyFilters(s) ? ' join test_runs r on r.id = e.test_run_id' : '';
  const conditions = [
    ...buildRunConditions(s, 'e', { copyPrefix: options.unindexedDates ? noIndex() : '' }),
    ...buildToolConditions(s, EVALUATED_TOOLS),
  ];
  return { tables: `from evaluation_results e${join}`, conditions, params: collectParams(s) };
}

/**
 * Runs of every status (alias `r`). A server/tool filter becomes a set of run ids, so only
 * the matching runs are probed: evaluated runs match on their evaluation's expected or
 * selected tool; runs that never completed match on their test case's expectation or
 * their own selection. A resolved scope reads that set, already narrowed by every filter,
 * from RESOLVED_RUNS instead.
 */
export function buildRunScope(s: RunScope, options: { scanForModel?: boolean; createdAt?: CreatedAtAccess; evaluatedOnly?: boolean } = {}): ScopeSql {
  if (s.resolved) {
    if (s.resolved.evaluatedOnly && !options.evaluatedOnly) throw new Error('a scope resolved to its evaluated runs only cannot count every run');
    return buildResolvedRunScope(s.resolved);
  }
  // A unary + keeps the planner off the model settings index: a model is usually a large
  // share of the runs, and a covering index scan with the test in the index beats that
  // many table lookups plus a sort.
  const conditions = buildRunConditions(s, 'r', { modelPrefix: options.scanForModel ? noIndex() : '', createdAt: options.createdAt });
  if (hasToolFilters(s)) {
    const evaluated = buildToolConditions(s, EVALUATED_TOOLS);
    const unfinished = buildToolConditions(s, unfinishedTools('u'));
    // evaluatedOnly: a statement that keeps completed runs only never finds one among the unfinished.
    const unfinishedRuns = options.evaluatedOnly
      ? ''
      : `
      union all
      select u.id from test_runs u join test_cases tc on tc.id = u.test_case_id
      where ${UNFINISHED('u')} and ${unfinished.join(' and ')}`;
    conditions.push(`r.id in (
      select e.test_run_id from evaluation_results e where ${evaluated.join(' and ')}${unfinishedRuns})`);
  }
  return { tables: 'from test_runs r', conditions, params: collectParams(s) };
}

/**
 * The rowids of the runs buildRunScope covers when it has a tool filter, as two selects whose
 * union is that set (a run in both is listed twice): evaluated runs reached from their
 * evaluation, one text-id probe each, which is cheaper than collecting the ids into a sorted
 * set first; and runs that never completed, matched on their test case and own selection.
 */
export function buildToolRunRowids(s: MetricsScope, options: { evaluatedOnly?: boolean } = {}): { selects: string[]; params: Record<string, string> } {
  // Evaluated runs test batch, model and dates on evaluation_results' copies, as the
  // evaluation figures do, so those indexes can narrow the evaluations before any run is probed.
  const evaluated = [...buildToolConditions(s, EVALUATED_TOOLS), ...buildRunConditions(s, 'e')];
  const unfinished = [UNFINISHED('r'), ...buildToolConditions(s, unfinishedTools('r')), ...buildRunConditions(s, 'r')];
  const evaluatedRuns = `select r.rowid from evaluation_results e join test_runs r on r.id = e.test_run_id where ${evaluated.join(' and ')}`;
  const unfinishedRuns = `select r.rowid from test_runs r join test_cases tc on tc.id = r.test_case_id where ${unfinished.join(' and ')}`;
  return { selects: options.evaluatedOnly ? [evaluatedRuns] : [evaluatedRuns, unfinishedRuns], params: collectParams(s) };
}

/**
 * The runs already in RESOLVED_RUNS and nothing else: every filter was applied when they were
 * resolved. A unary + on rowid turns the set into a membership test, so the planner reads
 * the rollup or latency index in order instead of probing each run and sorting.
 */
function buildResolvedRunScope(resolved: ResolvedRuns): ScopeSql {
  const rowid = resolved.access === 'scan' ? '+r.rowid' : 'r.rowid';
  return { tables: 'from test_runs r', conditions: [`${rowid} in (select run from ${RESOLVED_RUNS})`], params: {} };
}
