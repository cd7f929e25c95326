import type { ToolRule } from '../types';

export const schemaNotObject: ToolRule = {
  id: 'schema-not-object',
  severity: 'error',
  category: 'schema',
  scope: 'tool',
  description: 'The input schema is not of type "object", as MCP requires.',
  check(tool) {
    if (!tool.inputSchema || tool.inputSchema.type === 'object') return [];
    const given = tool.inputSchema.type === undefined ? 'no type' : `type ${JSON.stringify(tool.inputSchema.type)}`;
    return [
      {
        message: `The input schema has ${given}; MCP tools take their arguments as one JSON object.`,
        fix: 'Declare {"type": "object", "properties": {...}} at the top of the input schema.',
      },
    ];
  },
};
