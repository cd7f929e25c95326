import 'server-only';
import { isPostgres } from '@/db/dialect';
import { analyzeSimilarityTool } from './analyze-similarity';
import { getMetricsTool } from './get-metrics';
import { getRunTool } from './get-run';
import { listRunsTool } from './list-runs';
import { listServersTool } from './list-servers';
import { listTestCasesTool } from './list-test-cases';
import { querySqlTool } from './query-sql';
import type { AnyEndpointTool } from './types';

export const TOOL_NAMES = ['list_servers', 'list_test_cases', 'list_runs', 'get_run', 'get_metrics', 'analyze_similarity', 'query_sql'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

const TOOLS: Record<ToolName, AnyEndpointTool> = {
  list_servers: listServersTool,
  list_test_cases: listTestCasesTool,
  list_runs: listRunsTool,
  get_run: getRunTool,
  get_metrics: getMetricsTool,
  analyze_similarity: analyzeSimilarityTool,
  query_sql: querySqlTool,
};

/**
 * query_sql runs the caller's SQL in a separate process on a read-only SQLite connection, after
 * checking its compiled program for reads of secret columns. Postgres has no such check here
 * (only a role with column privileges could give one), so on Postgres the tool is not offered
 * and a call to it is answered with why (README, "MCP endpoint").
 */
const SQLITE_ONLY_TOOLS: Partial<Record<ToolName, string>> = {
  query_sql:
    'query_sql needs the SQLite storage: on Postgres (DATABASE_URL) arbitrary SQL cannot be kept away from the secret columns, so the tool is not offered. Use list_runs, get_run, get_metrics and list_test_cases, or query Postgres directly with a role of your own',
};

/** The tools this instance offers (query_sql only on SQLite). */
export function availableToolNames(): ToolName[] {
  return isPostgres() ? TOOL_NAMES.filter((n) => SQLITE_ONLY_TOOLS[n] === undefined) : [...TOOL_NAMES];
}

export function listEndpointTools(): AnyEndpointTool[] {
  return availableToolNames().map((n) => TOOLS[n]);
}

export function findEndpointTool(name: string): AnyEndpointTool | undefined {
  return (availableToolNames() as string[]).includes(name) ? TOOLS[name as ToolName] : undefined;
}

/** Why a known tool is not offered by this instance, or null. */
export function unavailableToolReason(name: string): string | null {
  if (findEndpointTool(name) || !(TOOL_NAMES as readonly string[]).includes(name)) return null;
  return SQLITE_ONLY_TOOLS[name as ToolName] ?? null;
}
