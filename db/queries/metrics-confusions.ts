import 'server-only';
import { sql } from 'drizzle-orm';
import { isPostgres } from '../dialect';
import { all, get, sqlNamed } from '../sql';
import { canReadRollup, selectRollupConfusionCounts } from './metrics-rollup';
import { buildEvaluationScope, renderFrom, type MetricsScope, type ScopeSql } from './metrics-scope';

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

// `is not distinct from` compares NULLs as equal, so a rightly empty answer (none -> none) is the diagonal too.
const OFF_DIAGONAL = 'not (e.expected_tool is not distinct from e.selected_tool and e.expected_server is not distinct from e.selected_server)';

type PairKey = { es: string | null; et: string | null; ss: string | null; st: string | null };

/**
 * `column = @name`, or `column is null` for a NULL value: both seek the tool-pair index on
 * either dialect (Postgres cannot seek `is not distinct from`). At most 2^5 statement texts.
 */
function equalOrNull(column: string, name: string, value: string | null): string {
  return value === null ? `${column} is null` : `${column} = @${name}`;
}

function pairConditions(key: PairKey): string[] {
  return [
    equalOrNull('e.expected_server', 'es', key.es),
    equalOrNull('e.expected_tool', 'et', key.et),
    equalOrNull('e.selected_server', 'ss', key.ss),
    equalOrNull('e.selected_tool', 'st', key.st),
  ];
}

function pairParams(scope: ScopeSql, key: PairKey, extra: Record<string, string | null> = {}): Record<string, string | null> {
  const params: Record<string, string | null> = { ...scope.params };
  for (const [name, value] of Object.entries({ ...key, ...extra })) if (value !== null) params[name] = value;
  return params;
}

const keyOf = (cell: Omit<ConfusionCell, 'latestRunId' | 'count'>): PairKey => ({
  es: cell.expectedServer,
  et: cell.expectedTool,
  ss: cell.selectedServer,
  st: cell.selectedTool,
});

/** Ties sort by code point on both dialects, NULL (none) last. */
function tieOrder(column: string): string {
  return `${column}${isPostgres() ? ' collate "C"' : ''} nulls last`;
}

/**
 * The evaluated runs of the scope that picked another tool than expected (or none, or one
 * where none was expected), counted per (expected, selected) pair, most frequent first.
 */
export async function selectConfusionCells(filters: MetricsScope): Promise<ConfusionCell[]> {
  if (canReadRollup(filters)) return selectConfusionCellsFromRollup(filters);
  // As selectToolCells: idx_evaluation_results_tool_pair read in GROUP BY order, dates tested on
  // it; it covers the latest created_at too, so counting reads no table row.
  const scope = buildEvaluationScope(filters, { unindexedDates: true });
  const columns = ['e.expected_server', 'e.expected_tool', 'e.selected_server', 'e.selected_tool'];
  const text = `
    select e.expected_server as "expectedServer", e.expected_tool as "expectedTool",
      e.selected_server as "selectedServer", e.selected_tool as "selectedTool", count(*) as count,
      max(e.run_created_at) as "latestAt"
    ${renderFrom(scope, [OFF_DIAGONAL])}
    group by ${columns.join(', ')}
    order by count(*) desc, ${columns.map(tieOrder).join(', ')}`;
  const cells = await all<Omit<ConfusionCell, 'latestRunId'> & { latestAt: string | null }>(sqlNamed(text, scope.params));
  // Then one run per pair, sought on the same index by pair and time (a table row per pair,
  // not per mistake: at 100k runs that was most of the time).
  const found: ConfusionCell[] = [];
  for (const { latestAt, ...cell } of cells) {
    const key = keyOf(cell);
    const latest = await get<{ id: string }>(
      sqlNamed(
        `select e.test_run_id as id ${renderFrom(scope, [...pairConditions(key), equalOrNull('e.run_created_at', 'at', latestAt)])} limit 1`,
        pairParams(scope, key, { at: latestAt }),
      ),
    );
    found.push({ ...cell, latestRunId: latest?.id ?? '' });
  }
  return found;
}

/** The tools of one run's snapshot by (server, name), through uq_tool_definitions_run_tool. */
export async function selectSnapshotTool(runId: string, server: string, name: string): Promise<SnapshotTool | undefined> {
  return get<SnapshotTool>(
    sql`select server_name as server, name, description from tool_definitions where test_run_id = ${runId} and server_name = ${server} and name = ${name}`,
  );
}

/**
 * The same cells counted from metrics_rollup's groups, then one run per cell: the pair's
 * latest evaluation in scope, sought backwards on idx_evaluation_results_tool_pair (pair, then
 * the run's created_at), so no mistake but the latest is read. The dated runs are sought first:
 * a plain descending order reads the index backwards on both dialects (SQLite puts NULLs
 * last there, Postgres first; `nulls last` would make Postgres sort every mistake of the pair).
 * A pair whose runs are all undated, if any, takes one of those.
 */
async function selectConfusionCellsFromRollup(filters: MetricsScope): Promise<ConfusionCell[]> {
  const scope = buildEvaluationScope(filters, { unindexedDates: true });
  const found: ConfusionCell[] = [];
  for (const cell of await selectRollupConfusionCounts(filters)) {
    const key = keyOf(cell);
    const params = pairParams(scope, key);
    const latest =
      (await get<{ id: string }>(
        sqlNamed(`select e.test_run_id as id ${renderFrom(scope, [...pairConditions(key), 'e.run_created_at is not null'])} order by e.run_created_at desc limit 1`, params),
      )) ?? (await get<{ id: string }>(sqlNamed(`select e.test_run_id as id ${renderFrom(scope, pairConditions(key))} limit 1`, params)));
    found.push({ ...cell, latestRunId: latest?.id ?? '' });
  }
  return found;
}
