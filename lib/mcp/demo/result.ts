import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Text content for clients that only read `content`, structured content for those that can use it. */
export function jsonResult(data: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(data, null, 2) }], structuredContent: data };
}

/** Domain failures (unknown id, bad combination of arguments) are tool results, not protocol errors. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
