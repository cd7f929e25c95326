import 'server-only';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';

export const STATIC_SERVER_VERSION = 'static';

/**
 * A static server's tools served by a real MCP server inside this process, over an in-memory
 * pair: every caller of withMcpClient (evaluation runs, similarity, health, the playground)
 * lists them through the same MCP client code as a live server's. There is nothing behind
 * the tools, so a call answers with an error result.
 */
export function openStaticTransport(name: string, tools: Tool[]): SdkTransport {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = new Server({ name, version: STATIC_SERVER_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
  server.setRequestHandler(CallToolRequestSchema, (req) => ({
    isError: true,
    content: [{ type: 'text', text: `'${req.params.name}' belongs to the static tool set '${name}': it has a definition but no implementation to run` }],
  }));
  // connect() installs its handlers before its first await; messages sent earlier are queued.
  void server.connect(serverSide);
  return clientSide;
}
