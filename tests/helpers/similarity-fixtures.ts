import fs from 'node:fs';
import { connectDemoClient } from './demo-client';
import type { DemoServerId } from '@/lib/mcp/demo/types';

/** Tool sets for the similarity tests: the demo servers' real tools and the shared 2,797-tool file. */

export type McpStyleServer = { name: string; tools: { name: string; description?: string; inputSchema: Record<string, unknown> }[] };

export async function listDemoServers(ids: DemoServerId[] = ['rag', 'todo', 'valuerank']): Promise<McpStyleServer[]> {
  const servers: McpStyleServer[] = [];
  for (const id of ids) {
    const demo = await connectDemoClient(id);
    try {
      const { tools } = await demo.client.listTools();
      servers.push({ name: id, tools: tools.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}), inputSchema: t.inputSchema as Record<string, unknown> })) });
    } finally {
      await demo.close();
    }
  }
  return servers;
}

export const SHARED_DATA_FILE = process.env.SIMILARITY_DATA_FILE ?? '/work/shared/data/mcp-servers-2797-tools.json';
export const hasSharedData = fs.existsSync(SHARED_DATA_FILE);

export type SharedServer = { name: string; description: string; url: string; tools: { name: string; description: string; parameter: Record<string, string> }[] };

let cached: SharedServer[] | null = null;

export function readSharedData(): SharedServer[] {
  cached ??= JSON.parse(fs.readFileSync(SHARED_DATA_FILE, 'utf8')) as SharedServer[];
  return cached;
}

/** The first servers of the shared file holding at least `minTools` tools together. */
export function sharedSlice(minTools: number): SharedServer[] {
  const out: SharedServer[] = [];
  let count = 0;
  for (const server of readSharedData()) {
    if (count >= minTools) break;
    out.push(server);
    count += server.tools.length;
  }
  return out;
}
