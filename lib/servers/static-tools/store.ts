import 'server-only';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { listStaticTools, type StaticToolValues } from '@/db/queries/static-tools';
import type { StaticToolRow } from '@/db/schema';
import type { StaticTool } from './tool';

/** A stored row as MCP lists a tool (optional fields only when set). */
export function toMcpTool(row: StaticToolRow): Tool {
  return {
    name: row.name,
    description: row.description,
    inputSchema: row.inputSchema as Tool['inputSchema'],
    ...(row.outputSchema ? { outputSchema: row.outputSchema as Tool['outputSchema'] } : {}),
    ...(row.annotations ? { annotations: row.annotations } : {}),
  };
}

export async function storedToolsOf(serverId: string): Promise<Tool[]> {
  return (await listStaticTools(serverId)).map(toMcpTool);
}

export function toStoredValues(tools: StaticTool[]): StaticToolValues[] {
  return tools.map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema, outputSchema: t.outputSchema, annotations: t.annotations }));
}

/**
 * A live listing made storable: MCP leaves description optional, keeps fields the harness
 * does not model (title, icons, _meta) and may hand out annotations with extra keys; the
 * static copy keeps what a model is shown and what the tool editor edits.
 */
export function fromLiveTool(tool: Tool): StaticTool {
  const a = tool.annotations;
  const annotations = a
    ? Object.fromEntries(
        (['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const).filter((k) => a[k] !== undefined).map((k) => [k, a[k]]),
      )
    : undefined;
  return {
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema as Record<string, unknown>,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
    ...(annotations && Object.keys(annotations).length ? { annotations } : {}),
  };
}
