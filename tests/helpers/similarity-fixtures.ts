import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { connectDemoClient } from './demo-client';
import type { DemoServerId } from '@/lib/mcp/demo/types';

/** Tool sets for the similarity tests: the demo servers' real tools and the shared 2,797-tool file. */

export type McpStyleServer = { name: string; tools: { name: string; description?: string; inputSchema: Record<string, unknown> }[] };

type ListedTool = { name: string; description?: string | undefined; inputSchema: object };

function asServer(name: string, tools: ListedTool[]): McpStyleServer {
  return { name, tools: tools.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}), inputSchema: t.inputSchema as Record<string, unknown> })) };
}

export async function listDemoServers(ids: DemoServerId[] = ['rag', 'todo', 'valuerank']): Promise<McpStyleServer[]> {
  const servers: McpStyleServer[] = [];
  for (const id of ids) {
    const demo = await connectDemoClient(id);
    try {
      const { tools } = await demo.client.listTools();
      servers.push(asServer(id, tools));
    } finally {
      await demo.close();
    }
  }
  return servers;
}

/**
 * The npm reference servers @modelcontextprotocol/server-filesystem (14 tools) and
 * server-memory (9 tools), started over stdio in a scratch directory and listed for real.
 */
export async function listNpmServers(): Promise<McpStyleServer[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-npm-servers-'));
  const launches: { name: string; bin: string; args: string[]; env: Record<string, string> }[] = [
    { name: 'filesystem', bin: 'server-filesystem', args: [dir], env: {} },
    { name: 'memory', bin: 'server-memory', args: [], env: { MEMORY_FILE_PATH: path.join(dir, 'memory.jsonl') } },
  ];
  try {
    const servers: McpStyleServer[] = [];
    for (const launch of launches) {
      const client = new Client({ name: 'similarity-labeled-set', version: '1.0.0' });
      const entry = path.resolve('node_modules/@modelcontextprotocol', launch.bin, 'dist/index.js');
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [entry, ...launch.args], env: { PATH: process.env.PATH ?? '', ...launch.env }, stderr: 'ignore' }));
      try {
        const { tools } = await client.listTools();
        servers.push(asServer(launch.name, tools));
      } finally {
        await client.close();
      }
    }
    return servers;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
