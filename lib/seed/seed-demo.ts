import 'server-only';
import { getDb } from '@/db/client';
import { getMeta, setMeta } from '@/db/queries/app-meta';
import { findServerConflict, getServersByNames, insertServer } from '@/db/queries/servers';
import { insertTestCase } from '@/db/queries/test-cases';
import type { DemoServerId } from '../mcp/demo/types';
import { DEMO_TEST_CASES } from './demo-test-cases';

const SEEDED_KEY = 'demo_seeded_at';

/** How each demo server is registered: two over streamable HTTP, one over SSE, so both transports are exercised. */
export const DEMO_REGISTRATIONS: { id: DemoServerId; transport: 'streamable-http' | 'sse'; path: string }[] = [
  { id: 'rag', transport: 'streamable-http', path: '/demo/rag/mcp' },
  { id: 'todo', transport: 'streamable-http', path: '/demo/todo/mcp' },
  { id: 'valuerank', transport: 'sse', path: '/demo/valuerank/sse' },
];

export function demoServerUrl(appUrl: string, id: DemoServerId): string {
  const reg = DEMO_REGISTRATIONS.find((r) => r.id === id);
  if (!reg) throw new Error(`unknown demo server ${id}`);
  return `${appUrl}${reg.path}`;
}

/**
 * Registers the demo servers and their test cases once per database (first start). A user who
 * deletes them later does not get them back on the next start.
 */
export function seedDemoData(appUrl: string): { seeded: boolean; servers: number; testCases: number } {
  if (getMeta(SEEDED_KEY)) return { seeded: false, servers: 0, testCases: 0 };
  return getDb().transaction(() => {
    let servers = 0;
    for (const reg of DEMO_REGISTRATIONS) {
      const url = `${appUrl}${reg.path}`;
      if (findServerConflict(reg.id, url)) continue;
      insertServer({ name: reg.id, transport: reg.transport, url, headers: {}, authType: 'none', authSecret: null, status: 'inactive' });
      servers++;
    }
    const byName = new Map(getServersByNames(DEMO_REGISTRATIONS.map((r) => r.id)).map((s) => [s.name, s.id]));
    let testCases = 0;
    for (const tc of DEMO_TEST_CASES) {
      const serverIds = tc.servers.map((name) => byName.get(name));
      if (serverIds.some((id) => id === undefined)) continue;
      insertTestCase(
        {
          name: tc.name,
          query: tc.query,
          expectedMcpServerName: tc.expectedServer,
          expectedToolName: tc.expectedTool,
          expectedParameters: tc.expectedParameters,
        },
        serverIds as string[],
      );
      testCases++;
    }
    setMeta(SEEDED_KEY, new Date().toISOString());
    return { seeded: true, servers, testCases };
  });
}
