import 'server-only';
import { getSqlite } from '../client';
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
export function selectConfusionCells(filters: MetricsScope): ConfusionCell[] {
  // As selectToolCells: idx_evaluation_results_tool_pair read in GROUP BY order, dates tested on it.
  const scope = buildEvaluationScope(filters, { unindexedDates: true });
  // A bare column next to a single max() comes from the row holding that max (SQLite's documented rule).
  const sql = `
    select e.expected_server as expectedServer, e.expected_tool as expectedTool,
      e.selected_server as selectedServer, e.selected_tool as selectedTool, count(*) as count,
      max(e.run_created_at) as latestAt, e.test_run_id as latestRunId
    ${renderFrom(scope, [OFF_DIAGONAL])}
    group by e.expected_server, e.expected_tool, e.selected_server, e.selected_tool
    order by count desc, expectedServer nulls last, expectedTool nulls last, selectedServer nulls last, selectedTool nulls last`;
  const rows = getSqlite().prepare<Record<string, string>, ConfusionCell & { latestAt: string | null }>(sql).all(scope.params);
  return rows.map(({ latestAt: _latestAt, ...cell }) => cell);
}

/** The tools of one run's snapshot by (server, name), through uq_tool_definitions_run_tool. */
export function selectSnapshotTool(runId: string, server: string, name: string): SnapshotTool | undefined {
  return getSqlite()
    .prepare<[string, string, string], SnapshotTool>(
      'select server_name as server, name, description from tool_definitions where test_run_id = ? and server_name = ? and name = ?',
    )
    .get(runId, server, name);
}
