import 'server-only';

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
};

export type ScopeSql = {
  /** The `from` clause with its joins. */
  tables: string;
  /** Conditions to AND together; they use named parameters (@name) from `params`. */
  conditions: string[];
  params: Record<string, string>;
};

/** `from ... where ...` for a scope, with extra conditions of the query at hand. */
export function renderFrom(scope: ScopeSql, extra: string[] = []): string {
  const conditions = [...scope.conditions, ...extra];
  return `${scope.tables}${conditions.length ? ` where ${conditions.join(' and ')}` : ''}`;
}

type ToolColumns = { expectedServer: string; expectedTool: string; selectedServer: string; selectedTool: string };

/** Filters on test_runs columns that evaluation_results has no copy of. */
function hasRunOnlyFilters(s: MetricsScope): boolean {
  return Boolean(s.testCaseId || s.createdFrom || s.createdBefore);
}

function hasToolFilters(s: MetricsScope): boolean {
  return Boolean(s.serverName || s.toolName);
}

/**
 * Run-side conditions. `scoped` is the alias whose batch_id and model_settings_id are
 * tested: test_runs itself, or evaluation_results, which carries copies of both.
 */
function buildRunConditions(s: MetricsScope, scoped: 'r' | 'e' = 'r', modelPrefix = ''): string[] {
  const where: string[] = [];
  if (s.batchId) where.push(`${scoped}.batch_id = @batchId`);
  if (s.testCaseId) where.push('r.test_case_id = @testCaseId');
  if (s.provider || s.model) {
    const settings = [s.provider ? 'provider = @provider' : '', s.model ? 'model = @model' : ''].filter(Boolean);
    // A set lookup instead of a join: model_settings is small, test_runs is not.
    where.push(`${modelPrefix}${scoped}.model_settings_id in (select id from model_settings where ${settings.join(' and ')})`);
  }
  if (s.createdFrom) where.push('r.created_at >= @createdFrom');
  if (s.createdBefore) where.push('r.created_at < @createdBefore');
  return where;
}

function buildToolConditions(s: MetricsScope, c: ToolColumns): string[] {
  const where: string[] = [];
  if (s.serverName) where.push(`(${c.expectedServer} = @serverName or ${c.selectedServer} = @serverName)`);
  if (s.toolName) where.push(`(${c.expectedTool} = @toolName or ${c.selectedTool} = @toolName)`);
  return where;
}

function collectParams(s: MetricsScope): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(s)) if (typeof value === 'string') params[key] = value;
  return params;
}

/**
 * Evaluated runs, read from evaluation_results (alias `e`): a row there means the run
 * completed with a classification. Batch and model filters use the run's batch_id and
 * model_settings_id copied onto evaluation_results (and their indexes); test_runs (alias
 * `r`) is joined only for a test case or date filter, because that join costs b-tree
 * probes per row and dominates at 100k runs.
 */
export function buildEvaluationScope(s: MetricsScope): ScopeSql {
  const join = hasRunOnlyFilters(s) ? ' join test_runs r on r.id = e.test_run_id' : '';
  const conditions = [
    ...buildRunConditions(s, 'e'),
    ...buildToolConditions(s, { expectedServer: 'e.expected_server', expectedTool: 'e.expected_tool', selectedServer: 'e.selected_server', selectedTool: 'e.selected_tool' }),
  ];
  return { tables: `from evaluation_results e${join}`, conditions, params: collectParams(s) };
}

/**
 * Runs of every status (alias `r`). A server/tool filter becomes a set of run ids, so only
 * the matching runs are probed: evaluated runs match on their evaluation's expected or
 * selected tool; runs that never completed match on their test case's expectation or
 * their own selection.
 */
export function buildRunScope(s: MetricsScope, options: { scanForModel?: boolean } = {}): ScopeSql {
  // A unary + keeps the planner off the model settings index: a model is usually a large
  // share of the runs, and a covering index scan with the test in the index beats that
  // many table lookups plus a sort.
  const conditions = buildRunConditions(s, 'r', options.scanForModel ? '+' : '');
  if (hasToolFilters(s)) {
    const evaluated = buildToolConditions(s, { expectedServer: 'e.expected_server', expectedTool: 'e.expected_tool', selectedServer: 'e.selected_server', selectedTool: 'e.selected_tool' });
    const unfinished = buildToolConditions(s, { expectedServer: 'tc.expected_mcp_server_name', expectedTool: 'tc.expected_tool_name', selectedServer: 'u.selected_server', selectedTool: 'u.selected_tool' });
    conditions.push(`r.id in (
      select e.test_run_id from evaluation_results e where ${evaluated.join(' and ')}
      union all
      select u.id from test_runs u join test_cases tc on tc.id = u.test_case_id
      where u.status in ('pending', 'running', 'failed', 'cancelled') and ${unfinished.join(' and ')})`);
  }
  return { tables: 'from test_runs r', conditions, params: collectParams(s) };
}
