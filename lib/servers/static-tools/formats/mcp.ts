import { descriptionOf, optionalFields, type ToolFormat } from './types';

/** An item of an MCP tools/list result: `{name, description?, inputSchema, outputSchema?, annotations?}`. */
export const mcpFormat: ToolFormat = {
  id: 'mcp',
  label: 'MCP tools/list',
  matches: (item) => 'inputSchema' in item,
  convert: (item) => ({ name: item.name, description: descriptionOf(item.description), inputSchema: item.inputSchema, ...optionalFields(item) }),
};
