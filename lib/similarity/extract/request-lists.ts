import type { ServerEntryInput, ToolEntryInput } from '../schemas';
import type { DraftTool } from './draft';
import { readParameters } from './parameters';

/** MCP annotations kept for the description lint when a listed tool carries them (unknown keys pass the schema). */
function annotationsOf(tool: Record<string, unknown>): { annotations?: Record<string, unknown> } {
  const a = tool.annotations;
  return typeof a === 'object' && a !== null && !Array.isArray(a) ? { annotations: { ...(a as Record<string, unknown>) } } : {};
}

/** The MCP outputSchema, kept when a listed tool carries one (recommendations compare outputs). */
function outputSchemaOf(tool: Record<string, unknown>): { outputSchema?: Record<string, unknown> } {
  const o = tool.outputSchema;
  return typeof o === 'object' && o !== null && !Array.isArray(o) ? { outputSchema: o as Record<string, unknown> } : {};
}

/** serverList: the shared data file format, or servers whose tools are MCP tool objects. */
export function fromServerList(servers: ServerEntryInput[]): DraftTool[] {
  return servers.flatMap((server) =>
    server.tools.map((tool) => ({
      server: server.name,
      name: tool.name,
      description: (tool.description ?? '').trim(),
      parameters: readParameters(tool),
      ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
      ...annotationsOf(tool),
      ...outputSchemaOf(tool),
      source: 'request' as const,
    })),
  );
}

/** toolList: tools with an optional server; without one the id is the bare tool name. */
export function fromToolList(tools: ToolEntryInput[]): DraftTool[] {
  return tools.map((tool) => ({
    server: tool.server ?? '',
    name: tool.name,
    description: (tool.description ?? '').trim(),
    parameters: readParameters(tool),
    ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
    ...annotationsOf(tool),
    ...outputSchemaOf(tool),
    source: 'request' as const,
  }));
}
