import { anthropicFormat } from './anthropic';
import { dataFileFormat } from './data-file';
import { mcpFormat } from './mcp';
import { openaiFormat } from './openai';
import { isRecord, type RawTool, type ToolFormat } from './types';

/** Checked in this order: the first whose `matches` accepts an item converts it. */
export const TOOL_FORMATS: readonly ToolFormat[] = [openaiFormat, anthropicFormat, mcpFormat, dataFileFormat];
export type ToolFormatId = ToolFormat['id'];

export function detectToolFormat(item: unknown): ToolFormat | null {
  if (!isRecord(item)) return null;
  return TOOL_FORMATS.find((f) => f.matches(item)) ?? null;
}

export function convertTool(item: unknown): { tool: RawTool; format: ToolFormatId } | { error: string } {
  if (!isRecord(item)) return { error: 'must be an object (a tool definition)' };
  const format = detectToolFormat(item);
  if (!format) return { error: `is in no known format (${TOOL_FORMATS.map((f) => f.label).join(', ')})` };
  return { tool: format.convert(item), format: format.id };
}

/**
 * The tool definitions of a pasted or uploaded document: an MCP tools/list result
 * (`{tools: [...]}`, also `{result: {tools}}` as a JSON-RPC response), an array of
 * definitions in any format, or one definition. Items are not converted here.
 */
export function toolItemsOf(doc: unknown): unknown[] | { error: string } {
  if (Array.isArray(doc)) return doc;
  if (isRecord(doc)) {
    if (Array.isArray(doc.tools)) return doc.tools;
    if (isRecord(doc.result) && Array.isArray(doc.result.tools)) return doc.result.tools;
    if (Array.isArray(doc.functions)) return doc.functions;
    if (detectToolFormat(doc)) return [doc];
  }
  return { error: 'expected a tools/list result ({"tools": [...]}), an array of tool definitions or one definition' };
}
