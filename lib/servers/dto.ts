import 'server-only';
import { countStaticTools } from '@/db/queries/static-tools';
import type { McpServerRow } from '@/db/schema';
import { maskUrlCredentials } from './schemas';
import { authHeaderName, MASKED_VALUE, readEnv } from './stored-secrets';

export type ServerDto = {
  id: string;
  name: string;
  transport: McpServerRow['transport'];
  url?: string;
  command?: string;
  args?: string[];
  /** Keys of the stdio environment; values are secrets and always masked. */
  env?: Record<string, string>;
  auth: { type: McpServerRow['authType']; configured: boolean; headerName?: string };
  headers?: Record<string, string>;
  /** Static servers: how many tools are stored (GET /api/servers/{id}/tools lists them). */
  toolCount?: number;
  status: McpServerRow['status'];
  statusDetail: string | null;
  lastConnectedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Secrets that no longer decrypt (the key changed) must not break listing the registry. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export async function toServerDto(row: McpServerRow): Promise<ServerDto> {
  const dto: ServerDto = {
    id: row.id,
    name: row.name,
    transport: row.transport,
    auth: { type: row.authType, configured: row.authType !== 'none' },
    status: row.status,
    statusDetail: row.statusDetail,
    lastConnectedAt: row.lastConnectedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
  if (row.transport === 'static') {
    dto.toolCount = (await countStaticTools([row.id])).get(row.id) ?? 0;
  } else if (row.transport === 'stdio') {
    dto.command = row.command ?? '';
    dto.args = row.args ?? [];
    dto.env = Object.fromEntries(Object.keys(safely(() => readEnv(row), {})).map((k) => [k, MASKED_VALUE]));
  } else {
    dto.url = maskUrlCredentials(row.url ?? '');
    dto.headers = row.headers ?? {};
  }
  const headerName = safely(() => authHeaderName(row), null);
  if (headerName) dto.auth.headerName = headerName;
  return dto;
}
