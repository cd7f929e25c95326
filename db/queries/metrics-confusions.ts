import 'server-only';
import { getSqlite } from '../client';
import { canReadRollup, selectRollupConfusionCounts } from './metrics-rollup';
import { buildEvaluationScope, renderFrom, type MetricsScope } from './metrics-scope';

/** One off-diagonal confusion-matrix cell (NULL tool = none), and the latest run that made this mistake. */
export type ConfusionCell = {
  expectedServer: string | null;
  expectedTool: string | null;
  selectedServer: string | null;
  selectedTool: string | null;
  count: number;
  /** Its tool snapshot shows both tools as the model saw them most recently. */
  latestRunId: string;
};

/** A tool as one run's snapshot showed it to the model. */
export type SnapshotTool = { server: string; name: string; description: string };

// `is` compares NULLs as equal, so a rightly empty answer (none -> none) is the diagonal too.
const OFF_DIAGONAL = 'not (e.expected_tool is e.selected_tool and e.expected_server is e.selected_server)';

/**
 * The evaluated runs of the scope that picked another tool than expected (or none, or one
 * where none was expected), counted per (expected, selected) pair, most frequent first.
 */
export async function selectConfusionCells(filters: MetricsScope): Promise<ConfusionCell[]> {
  if (canReadRollup(filters)) return selectConfusionCellsFromRollup(filters);
  // As selectToolCells: idx_evaluation_results_tool_pair read in GROUP BY order, dates tested on
  // it; it covers the latest created_at too, so counting reads no table row.
  const scope = buildEvaluationScope(filters, { unindexedDates: true });
  const sql = `
    select e.expected_server as expectedServer, e.expected_tool as expectedTool,
      e.selected_server as selectedServer, e.selected_tool as selectedTool, count(*) as count,
      max(e.run_created_at) as latestAt
    ${renderFrom(scope, [OFF_DIAGONAL])}
    group by e.expected_server, e.expected_tool, e.selected_server, e.selected_tool
    order by count desc, expectedServer nulls last, expectedTool nulls last, selectedServer nulls last, selectedTool nulls last`;
  const sqlite = getSqlite();
  const cells = sqlite.prepare<Record<string, string>, Omit<ConfusionCell, 'latestRunId'> & { latestAt: string | null }>(sql).all(scope.params);
  // Then one run per pair, sought on the same index by pair and time (a table row per pair,
  // not per mistake: at 100k runs that was most of the time).
  const latest = sqlite
    .prepare<Record<string, string | null>, string>(
      `select e.test_run_id ${renderFrom(scope, [
        'e.expected_server is @es', 'e.expected_tool is @et', 'e.selected_server is @ss', 'e.selected_tool is @st', 'e.run_created_at is @at',
      ])} limit 1`,
    )
    .pluck();
  return cells.map(({ latestAt, ...cell }) => ({
    ...cell,
    latestRunId:
      latest.get({ ...scope.params, es: cell.expectedServer, et: cell.expectedTool, ss: cell.selectedServer, st: cell.selectedTool, at: latestAt }) ?? '',
  }));
}

/** The tools of one run's snapshot by (server, name), through uq_tool_definitions_run_tool. */
export async function selectSnapshotTool(runId: string, server: string, name: string): Promise<SnapshotTool | undefined> {
  return getSqlite()
    .prepare<[string, string, string], SnapshotTool>(
      'select server_name as server, name, description from tool_definitions where test_run_id = ? and server_name = ? and name = ?',
    )
    .get(runId, server, name);
}

/**
 * The same cells counted from metrics_rollup's groups, then one run per cell: the pair's
 * latest evaluation in scope, sought backwards on idx_evaluation_results_tool_pair (pair, then
 * the run's created_at), so no mistake but the latest is read.
 */
async function selectConfusionCellsFromRollup(filters: MetricsScope): Promise<ConfusionCell[]> {
  const scope = buildEvaluationScope(filters, { unindexedDates: true });
  const latest = getSqlite()
    .prepare<Record<string, string | null>, string>(
      `select e.test_run_id ${renderFrom(scope, [
        'e.expected_server is @es', 'e.expected_tool is @et', 'e.selected_server is @ss', 'e.selected_tool is @st',
      ])} order by e.run_created_at desc limit 1`,
    )
    .pluck();
  return (await selectRollupConfusionCounts(filters)).map((cell) => ({
    ...cell,
    latestRunId: latest.get({ ...scope.params, es: cell.expectedServer, et: cell.expectedTool, ss: cell.selectedServer, st: cell.selectedTool }) ?? '',
  }));
}
