import 'server-only';
import {
  deleteServer as deleteServerRow,
  findServerConflict,
  getServer,
  insertServer,
  setServerStatus,
  testCaseIdsUsingServer,
  updateServer as updateServerRow,
} from '@/db/queries/servers';
import { uniqueViolation } from '@/db/queries/util';
import type { McpServerRow, NewMcpServerRow } from '@/db/schema';
import { getEnv } from '../env';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { parseWith } from '../http';
import { checkConnectivity, listAllTools, withMcpClient, type ConnectivityResult, type Tool } from '../mcp/client';
import { assertNoActiveRuns } from '../test-cases/service';
import { toServerDto, type ServerDto } from './dto';
import { ServerInputSchema, type ServerInput, type ServerPatch } from './schemas';
import { toStoredValues } from './static-tools/store';
import { authColumns, envColumn, MASKED_VALUE, readEnv, toConnection } from './stored-secrets';

export const STDIO_DISABLED_MESSAGE =
  'Registering stdio servers runs commands on this machine and is disabled: set ALLOW_STDIO_SERVERS=true to allow it';

export async function requireServer(id: string): Promise<McpServerRow> {
  const row = await getServer(id);
  if (!row) throw new NotFoundError('Server', id);
  return row;
}

function assertTransportAllowed(transport: ServerInput['transport']): void {
  if (transport === 'stdio' && !getEnv().allowStdioServers) throw new ForbiddenError('stdio_not_allowed', STDIO_DISABLED_MESSAGE);
}

async function assertNoConflict(name: string, url: string | undefined, exceptId?: string): Promise<void> {
  const conflict = await findServerConflict(name, url, exceptId);
  if (conflict) {
    throw new ConflictError(`A server with this ${conflict} already exists`, { field: conflict, value: conflict === 'name' ? name : url });
  }
}

/** The DB has the final word on uniqueness (two requests can race past the pre-check). */
async function translateUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const column = uniqueViolation(err);
    if (column) throw new ConflictError(`A server with this ${column.split('.').pop()} already exists`, { field: column });
    throw err;
  }
}

export function plainColumns(input: ServerInput): Omit<NewMcpServerRow, 'id' | 'authType' | 'authSecret' | 'envSecret'> {
  const stdio = input.transport === 'stdio';
  if (input.transport === 'static') return { name: input.name, transport: 'static', url: null, command: null, args: null, headers: null };
  return {
    name: input.name,
    transport: input.transport,
    url: stdio ? null : (input.url ?? null),
    command: stdio ? (input.command ?? null) : null,
    args: stdio ? (input.args ?? []) : null,
    headers: stdio ? null : (input.headers ?? {}),
  };
}

/** Runs the handshake and records the outcome on the row. */
async function recordConnectivity(row: McpServerRow): Promise<{ row: McpServerRow; check: ConnectivityResult }> {
  const check = await checkConnectivity(await toConnection(row));
  const updated = await setServerStatus(row.id, check.ok ? { ok: true } : { ok: false, detail: check.detail });
  return { row: updated ?? row, check };
}

/** A static server is written with its tools in one transaction; there is nothing to connect to, so it is active. */
function insertStaticServer(input: ServerInput): Promise<McpServerRow> {
  return translateUnique(() =>
    insertServer({ ...plainColumns(input), ...authColumns(undefined), envSecret: null, status: 'active' }, toStoredValues(input.tools ?? [])),
  );
}

export async function createServer(input: ServerInput): Promise<ServerDto> {
  assertTransportAllowed(input.transport);
  await assertNoConflict(input.name, input.url);
  if (input.transport === 'static') return toServerDto(await insertStaticServer(input));
  const row = await translateUnique(() =>
    insertServer({ ...plainColumns(input), ...authColumns(input.auth), envSecret: envColumn(input.env), status: 'inactive' }),
  );
  return toServerDto((await recordConnectivity(row)).row);
}

/** The stored server in input form, secrets left out (they are kept unless replaced). */
function currentInput(row: McpServerRow): ServerInput {
  if (row.transport === 'static') return { name: row.name, transport: 'static', tools: [] };
  return row.transport === 'stdio'
    ? { name: row.name, transport: 'stdio', command: row.command ?? '', args: row.args ?? [] }
    : { name: row.name, transport: row.transport, url: row.url ?? '', headers: row.headers ?? {} };
}

/**
 * Merges a patch into a server: omitted fields keep their values (secrets included), an env
 * value of "********" keeps the stored value of that key, `auth: {type: "none"}` clears auth.
 * Changing the transport drops the fields of the old one.
 */
export async function updateServer(id: string, patch: ServerPatch): Promise<ServerDto> {
  const row = await requireServer(id);
  const transportChanged = patch.transport !== undefined && patch.transport !== row.transport;
  const base: Partial<ServerInput> = transportChanged ? { name: row.name } : currentInput(row);
  const storedEnv = readEnv(row);
  const env = patch.env
    ? Object.fromEntries(Object.entries(patch.env).map(([k, v]) => [k, v === MASKED_VALUE && k in storedEnv ? (storedEnv[k] ?? v) : v]))
    : undefined;
  // Tools were converted and validated with the patch; the stored list stands in when omitted.
  const toStatic = (patch.transport ?? row.transport) === 'static';
  const merged = parseWith(ServerInputSchema, { ...base, ...patch, ...(env ? { env } : {}), tools: toStatic ? [] : patch.tools });
  if (merged.transport === 'static') return updateStaticServer(row, merged, patch);
  if (merged.transport !== row.transport || merged.command !== row.command) assertTransportAllowed(merged.transport);
  await assertNoConflict(merged.name, merged.url, id);

  const values: Partial<NewMcpServerRow> = { ...plainColumns(merged), status: 'inactive', statusDetail: null };
  if (patch.auth) Object.assign(values, authColumns(patch.auth));
  else if (merged.transport === 'stdio') Object.assign(values, authColumns(undefined));
  if (env) values.envSecret = envColumn(env);
  else if (merged.transport !== 'stdio') values.envSecret = null;

  // A static server made live lists its own tools from now on.
  const updated = await translateUnique(() => updateServerRow(id, values, row.transport === 'static' ? [] : undefined));
  if (!updated) throw new NotFoundError('Server', id);
  return toServerDto((await recordConnectivity(updated)).row);
}

/**
 * A static server's update: `tools` replaces the list, omitted keeps it (a server turned static
 * must bring its tools). A static server turned live loses its stored tools in updateServer.
 */
async function updateStaticServer(row: McpServerRow, merged: ServerInput, patch: ServerPatch): Promise<ServerDto> {
  if (!patch.tools && row.transport !== 'static') {
    throw new ValidationError('Request body is invalid: tools: tools is required to make a server static', [
      { path: 'tools', message: 'tools is required to make a server static' },
    ]);
  }
  await assertNoConflict(merged.name, undefined, row.id);
  const values: Partial<NewMcpServerRow> = {
    ...plainColumns(merged),
    ...authColumns(undefined),
    envSecret: null,
    status: 'active',
    statusDetail: null,
  };
  const updated = await translateUnique(() => updateServerRow(row.id, values, patch.tools ? toStoredValues(patch.tools) : undefined));
  if (!updated) throw new NotFoundError('Server', row.id);
  return toServerDto(updated);
}

export async function deleteServer(id: string, force: boolean): Promise<{ deletedTestCases: number }> {
  await requireServer(id);
  const users = await testCaseIdsUsingServer(id);
  if (users.length && !force) {
    throw new ConflictError(
      `Server is used by ${users.length} test case(s); delete them first or pass ?force=true to delete them with the server`,
      { testCaseIds: users.slice(0, 100), count: users.length },
      'server_in_use',
    );
  }
  if (force) await assertNoActiveRuns(users);
  await deleteServerRow(id, force);
  return { deletedTestCases: force ? users.length : 0 };
}

export async function checkServer(id: string): Promise<ServerDto & { check: ConnectivityResult }> {
  const { row, check } = await recordConnectivity(await requireServer(id));
  return { ...(await toServerDto(row)), check };
}

export const LIST_TOOLS_TIMEOUT_MS = 15_000;

/** The live tool list (every page), for authoring; nothing is stored. */
export async function listServerTools(id: string, signal?: AbortSignal): Promise<{ tools: Tool[]; durationMs: number }> {
  const row = await requireServer(id);
  const started = performance.now();
  const tools = await withMcpClient(await toConnection(row), (client, s) => listAllTools(client, s), {
    timeoutMs: LIST_TOOLS_TIMEOUT_MS,
    signal,
  });
  // A listing that worked is a connection that worked: a server whose first check timed out (a
  // stdio child slow to start) must not keep saying "failed, never connected" beside its tools.
  if (row.status !== 'active') await setServerStatus(row.id, { ok: true });
  return { tools, durationMs: Math.round(performance.now() - started) };
}
