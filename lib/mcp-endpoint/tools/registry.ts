import 'server-only';
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

export function listEndpointTools(): AnyEndpointTool[] {
  return TOOL_NAMES.map((n) => TOOLS[n]);
}

export function findEndpointTool(name: string): AnyEndpointTool | undefined {
  return (TOOL_NAMES as readonly string[]).includes(name) ? TOOLS[name as ToolName] : undefined;
}
