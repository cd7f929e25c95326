import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * Stand-ins for lib/mcp/client's withMcpClient and listAllTools, so eval tests list tools
 * without a network: each server (by its registered name) answers with the listing set here.
 * Use in a test file with
 *   vi.mock('@/lib/mcp/client', async (original) => ({ ...(await original()), ...(await import('@/tests/helpers/fake-mcp')).fakeMcpClient }));
 */
type Lister = () => Tool[] | Promise<Tool[]>;
type FakeClient = { fakeServer: string };

const listers = new Map<string, Lister>();
/** Server names in the order their tools were listed (one entry per listing). */
export const listingCalls: string[] = [];

export function setFakeTools(serverName: string, listing: Tool[] | Lister): void {
  listers.set(serverName, typeof listing === 'function' ? listing : () => listing);
}

export function resetFakeMcp(): void {
  listers.clear();
  listingCalls.length = 0;
}

export function fakeTool(name: string, description = `The ${name} tool.`, inputSchema: Tool['inputSchema'] = { type: 'object' }): Tool {
  return { name, description, inputSchema };
}

export const fakeMcpClient = {
  async withMcpClient<T>(conn: { name: string }, fn: (client: FakeClient, signal: AbortSignal) => Promise<T>, options: { signal?: AbortSignal } = {}): Promise<T> {
    return fn({ fakeServer: conn.name }, options.signal ?? new AbortController().signal);
  },
  async listAllTools(client: FakeClient): Promise<Tool[]> {
    listingCalls.push(client.fakeServer);
    const lister = listers.get(client.fakeServer);
    if (!lister) throw new Error(`fake MCP server '${client.fakeServer}' has no listing`);
    return lister();
  },
};
