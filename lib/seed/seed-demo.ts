import 'server-only';
import { withTransaction } from '@/db/transaction';
import { getMeta, setMeta } from '@/db/queries/app-meta';
import { findServerConflict, getServersByNames, insertServer, updateServer } from '@/db/queries/servers';
import { insertTestCase } from '@/db/queries/test-cases';
import type { DemoServerId } from '../mcp/demo/types';
import { DEMO_TEST_CASES } from './demo-test-cases';

const SEEDED_KEY = 'demo_seeded_at';
/** The app's own base URL that the demo registrations point at. */
const APP_URL_KEY = 'demo_app_url';

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
export async function seedDemoData(appUrl: string): Promise<{ seeded: boolean; servers: number; testCases: number }> {
  if (await getMeta(SEEDED_KEY)) return { seeded: false, servers: 0, testCases: 0 };
  return withTransaction(async () => {
    let servers = 0;
    for (const reg of DEMO_REGISTRATIONS) {
      const url = `${appUrl}${reg.path}`;
      if (await findServerConflict(reg.id, url)) continue;
      await insertServer({ name: reg.id, transport: reg.transport, url, headers: {}, authType: 'none', authSecret: null, status: 'inactive' });
      servers++;
    }
    const byName = new Map((await getServersByNames(DEMO_REGISTRATIONS.map((r) => r.id))).map((s) => [s.name, s.id]));
    let testCases = 0;
    for (const tc of DEMO_TEST_CASES) {
      const serverIds = tc.servers.map((name) => byName.get(name));
      if (serverIds.some((id) => id === undefined)) continue;
      await insertTestCase(
        {
          name: tc.name,
          query: tc.query,
          expectedMcpServerName: tc.expectedServer,
          expectedToolName: tc.expectedTool,
          expectedParameters: tc.expectedParameters,
          ...(tc.sequence ? { mode: 'sequence' as const, ...tc.sequence } : {}),
        },
        serverIds as string[],
      );
      testCases++;
    }
    await setMeta(SEEDED_KEY, new Date().toISOString());
    await setMeta(APP_URL_KEY, appUrl);
    return { seeded: true, servers, testCases };
  });
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** For databases seeded before the app URL was recorded: a loopback URL of the demo path. */
function looksLikeOwnDemoUrl(url: string, path: string): boolean {
  try {
    const parsed = new URL(url);
    return LOOPBACK.has(parsed.hostname) && parsed.pathname === path && !parsed.search;
  } catch {
    return false;
  }
}

/**
 * The demo servers live inside this app, so their registrations name the app's own address.
 * When the app starts on another one (PORT or APP_URL changed), the registrations that still
 * point at the previous address follow it; a demo server the user re-pointed elsewhere,
 * renamed or deleted is left alone. Returns how many moved.
 */
export async function repointDemoServers(appUrl: string): Promise<number> {
  const previous = await getMeta(APP_URL_KEY);
  if (previous === appUrl || !(await getMeta(SEEDED_KEY))) return 0;
  return withTransaction(async () => {
    const rows = await getServersByNames(DEMO_REGISTRATIONS.map((r) => r.id));
    let moved = 0;
    for (const reg of DEMO_REGISTRATIONS) {
      const row = rows.find((r) => r.name === reg.id);
      if (!row?.url || row.transport !== reg.transport) continue;
      const wasOurs = previous ? row.url === `${previous}${reg.path}` : looksLikeOwnDemoUrl(row.url, reg.path);
      const next = `${appUrl}${reg.path}`;
      if (!wasOurs || row.url === next || (await findServerConflict(reg.id, next, row.id))) continue;
      await updateServer(row.id, { url: next, status: 'inactive', statusDetail: null });
      moved++;
    }
    await setMeta(APP_URL_KEY, appUrl);
    return moved;
  });
}
