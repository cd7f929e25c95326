import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createDemoMcpServer, DEMO_SERVERS } from '@/lib/mcp/demo/registry';
import type { DemoServerId } from '@/lib/mcp/demo/types';

export type ToolOutcome = { isError: boolean; text: string; data: Record<string, unknown> };

export type DemoClient = {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<ToolOutcome>;
  /** Like call, but fails the test on an isError result. */
  ok<T = Record<string, unknown>>(name: string, args?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
};

/** A real SDK Client talking to a demo server in-process. */
export async function connectDemoClient(id: DemoServerId): Promise<DemoClient> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = createDemoMcpServer(DEMO_SERVERS[id]);
  const client = new Client({ name: 'demo-test', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);

  const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolOutcome> => {
    const result = await client.callTool({ name, arguments: args });
    const content = Array.isArray(result.content) ? (result.content as { type: string; text?: string }[]) : [];
    return {
      isError: result.isError === true,
      text: content.map((c) => c.text ?? '').join('\n'),
      data: (result.structuredContent ?? {}) as Record<string, unknown>,
    };
  };

  return {
    client,
    call,
    async ok<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
      const outcome = await call(name, args);
      if (outcome.isError) throw new Error(`${name} failed: ${outcome.text}`);
      return outcome.data as T;
    },
    async close() {
      await client.close();
      await server.close();
    },
  };
}
