import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export type DemoServerId = 'rag' | 'todo' | 'valuerank';

/** One demo server: `register` adds its tools to a fresh McpServer (one per request or SSE session). */
export type DemoServerDefinition = {
  id: DemoServerId;
  title: string;
  description: string;
  register(server: McpServer): void;
};
