/** A tool read from some format, not yet validated: fields in MCP's names, values as found. */
export type RawTool = {
  name: unknown;
  description: unknown;
  inputSchema: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
};

export type ToolFormat = {
  id: 'mcp' | 'openai' | 'anthropic' | 'data-file';
  label: string;
  /** Whether one item (a tool definition object) is in this format. */
  matches(item: Record<string, unknown>): boolean;
  convert(item: Record<string, unknown>): RawTool;
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** MCP's description is optional; a stored static tool always has one (maybe empty). */
export function descriptionOf(value: unknown): unknown {
  return value === undefined || value === null ? '' : value;
}

/** Fields that must not be dropped silently when they come with a definition. */
export function optionalFields(item: Record<string, unknown>): Pick<RawTool, 'outputSchema' | 'annotations'> {
  return {
    ...(item.outputSchema !== undefined ? { outputSchema: item.outputSchema } : {}),
    ...(item.annotations !== undefined ? { annotations: item.annotations } : {}),
  };
}
