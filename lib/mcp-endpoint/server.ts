import 'server-only';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { callEndpointTool, type CallOptions, type CallOutcome } from './call-tool';
import { listEndpointTools } from './tools/registry';

export const ENDPOINT_NAME = 'mcp-eval-harness';
export const ENDPOINT_VERSION = '0.1.0';

function toResult(outcome: CallOutcome): CallToolResult {
  return { content: [{ type: 'text', text: outcome.text }], ...(outcome.isError ? { isError: true } : {}) };
}

/**
 * The endpoint's server for one request (stateless). McpServer lists the tools (JSON Schema
 * from the same zod schemas that validate); tools/call is answered by callEndpointTool
 * because McpServer's own handler names no alternatives for an unknown tool and returns
 * errors without the metadata every result carries.
 */
export function createEndpointServer(options: Omit<CallOptions, 'signal'>): McpServer {
  const server = new McpServer(
    { name: ENDPOINT_NAME, version: ENDPOINT_VERSION },
    {
      instructions:
        'Read-only access to the MCP Eval Harness: registered servers, test cases, evaluation runs, metrics and similarity analysis. ' +
        'Every result is JSON text with a `metadata` object {bytes, budgetBytes, truncated, executionMs, requestId, hint?}; when truncated, follow the hint.',
    },
  );
  for (const tool of listEndpointTools()) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description(),
        inputSchema: tool.inputSchema,
        annotations: { title: tool.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: tool.name === 'analyze_similarity' },
      },
      async (args, extra) => toResult(await callEndpointTool(tool.name, args, { ...options, signal: extra.signal })),
    );
  }
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
    toResult(await callEndpointTool(request.params.name, request.params.arguments, { ...options, signal: extra.signal })),
  );
  return server;
}
