import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ragServer } from './servers/rag';
import { todoServer } from './servers/todo';
import { valuerankServer } from './servers/valuerank';
import type { DemoServerDefinition, DemoServerId } from './types';

export const DEMO_SERVERS: Record<DemoServerId, DemoServerDefinition> = {
  rag: ragServer,
  todo: todoServer,
  valuerank: valuerankServer,
};

export const DEMO_SERVER_IDS: readonly DemoServerId[] = ['rag', 'todo', 'valuerank'];

export function getDemoServer(id: string): DemoServerDefinition | undefined {
  return Object.hasOwn(DEMO_SERVERS, id) ? DEMO_SERVERS[id as DemoServerId] : undefined;
}

/** A fresh server per connection: McpServer instances hold per-connection protocol state. */
export function createDemoMcpServer(def: DemoServerDefinition): McpServer {
  const server = new McpServer({ name: `demo-${def.id}`, version: '1.0.0' }, { instructions: def.description });
  def.register(server);
  return server;
}
