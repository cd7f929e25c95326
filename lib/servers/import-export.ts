import 'server-only';
import { maskUrlCredentials } from './schemas';
import { findServerConflict, insertServer, listAllServers, setServerStatus } from '@/db/queries/servers';
import { getEnv } from '../env';
import { checkConnectivity } from '../mcp/client';
import { exportMcpConfig, parseMcpConfig, type ExportableServer, type McpConfigFormat } from './mcp-config';
import { plainColumns, STDIO_DISABLED_MESSAGE } from './service';
import { authColumns, authHeaderName, envColumn, readEnv, toConnection } from './stored-secrets';

export type ServerImportResult = {
  name: string;
  status: 'created' | 'skipped' | 'failed';
  id?: string;
  reason?: string;
  warnings: string[];
  connection?: 'active' | 'failed';
};

export type ServerImportReport = { total: number; created: number; skipped: number; failed: number; results: ServerImportResult[] };

/**
 * Registers every server of an mcp.json-style document. Existing names/urls are skipped, bad
 * entries reported; each entry is written on its own, then all new servers are checked in
 * parallel (each bounded at 2 s), so the import answers in about 2 s whatever the count.
 */
export async function importServers(doc: unknown): Promise<ServerImportReport> {
  const allowStdio = getEnv().allowStdioServers;
  const results: ServerImportResult[] = [];
  const created: { id: string; result: ServerImportResult; conn: Awaited<ReturnType<typeof toConnection>> }[] = [];
  for (const entry of parseMcpConfig(doc).entries) {
    if ('error' in entry) {
      results.push({ name: entry.name, status: 'failed', reason: entry.error, warnings: [] });
      continue;
    }
    const { input, warnings } = entry;
    if (input.transport === 'stdio' && !allowStdio) {
      results.push({ name: entry.name, status: 'failed', reason: STDIO_DISABLED_MESSAGE, warnings });
      continue;
    }
    const conflict = await findServerConflict(input.name, input.url);
    if (conflict) {
      results.push({ name: entry.name, status: 'skipped', reason: `a server with this ${conflict} already exists`, warnings });
      continue;
    }
    const row = await insertServer({ ...plainColumns(input), envSecret: envColumn(input.env), ...authColumns(input.auth) });
    const result: ServerImportResult = { name: row.name, status: 'created', id: row.id, warnings };
    results.push(result);
    created.push({ id: row.id, result, conn: await toConnection(row) });
  }
  await Promise.all(
    created.map(async ({ id, result, conn }) => {
      const check = await checkConnectivity(conn);
      await setServerStatus(id, check.ok ? { ok: true } : { ok: false, detail: check.detail });
      result.connection = check.ok ? 'active' : 'failed';
    }),
  );
  const count = (s: ServerImportResult['status']) => results.filter((r) => r.status === s).length;
  return { total: results.length, created: count('created'), skipped: count('skipped'), failed: count('failed'), results };
}

/** The registry as an mcp.json document; secrets are replaced by placeholders. */
export async function exportServers(format: McpConfigFormat): Promise<Record<string, unknown>> {
  // mcp.json describes how to reach a server; a static tool set has no address to write there.
  const servers: ExportableServer[] = (await listAllServers()).filter((row) => row.transport !== 'static').map((row) => ({
    name: row.name,
    transport: row.transport,
    url: row.url === null ? null : maskUrlCredentials(row.url),
    command: row.command,
    args: row.args,
    envKeys: Object.keys(readEnv(row)),
    headers: row.headers,
    authType: row.authType,
    authHeaderName: authHeaderName(row),
  }));
  return exportMcpConfig(servers, format);
}
