import type { Tool } from '../../mcp/client';

/**
 * An experiment variant's change to one tool: what the model is shown instead of what the
 * server lists (description, name, input schema, annotations). The server itself is never
 * touched; a batch carries its overrides (run_batches.tool_overrides) and every run of it
 * applies them to the listing before the snapshot is stored and shown.
 */
export type ToolOverride = {
  /** The server's registered name. */
  server: string;
  /** The tool's name as the server lists it. */
  tool: string;
  description?: string;
  /** A rename: the model sees (and the judge expects) this name instead. */
  name?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
};

/** The listing of `serverName` as the variant shows it: changed tools replaced in place, order kept. */
export function applyToolOverrides(serverName: string, tools: readonly Tool[], overrides: readonly ToolOverride[]): readonly Tool[] {
  const mine = overrides.filter((o) => o.server === serverName);
  if (mine.length === 0) return tools;
  const byTool = new Map(mine.map((o) => [o.tool, o]));
  return tools.map((tool) => {
    const o = byTool.get(tool.name);
    if (!o) return tool;
    return {
      ...tool,
      ...(o.name !== undefined ? { name: o.name } : {}),
      ...(o.description !== undefined ? { description: o.description } : {}),
      ...(o.inputSchema !== undefined ? { inputSchema: o.inputSchema as Tool['inputSchema'] } : {}),
      ...(o.annotations !== undefined ? { annotations: o.annotations as Tool['annotations'] } : {}),
    };
  });
}

/**
 * A tool's name after the variant's renames. A renamed tool keeps its test cases: the
 * expected tool of a case follows the rename for the run, so the judge compares like with like.
 */
export function renamedTool(overrides: readonly ToolOverride[], server: string | null, tool: string | null): string | null {
  if (server === null || tool === null) return tool;
  const rename = overrides.find((o) => o.server === server && o.tool === tool && o.name !== undefined);
  return rename?.name ?? tool;
}
