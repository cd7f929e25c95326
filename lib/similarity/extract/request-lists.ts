import type { ServerEntryInput, ToolEntryInput } from '../schemas';
import type { DraftTool } from './draft';
import { readParameters } from './parameters';

/** serverList: the shared data file format, or servers whose tools are MCP tool objects. */
export function fromServerList(servers: ServerEntryInput[]): DraftTool[] {
  return servers.flatMap((server) =>
    server.tools.map((tool) => ({
      server: server.name,
      name: tool.name,
      description: (tool.description ?? '').trim(),
      parameters: readParameters(tool),
      ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
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
    source: 'request' as const,
  }));
}
