import { getEnv } from '../../env';
import { listAllTools, withMcpClient, type Tool } from '../../mcp/client';
import type { ServerConnection } from '../../mcp/connection';
import { LIST_TOOLS_TIMEOUT_MS, STDIO_DISABLED_MESSAGE } from '../../servers/service';
import type { ServerInput } from '../../servers/schemas';
import { authHeaders } from '../../servers/stored-secrets';
import { InfrastructureError, SuiteError } from '../errors';

/** A suite's live server (stdio or HTTP) as the MCP client reaches it: the fields `run` registers, secrets kept for scrubbing. */
export function connectionOf(name: string, input: ServerInput): ServerConnection {
  if (input.transport === 'stdio') {
    const env = input.env ?? {};
    return { name, transport: 'stdio', command: input.command ?? null, args: input.args ?? [], env, secrets: Object.values(env) };
  }
  const auth = input.auth && input.auth.type !== 'none' ? authHeaders(input.auth) : {};
  const headers = { ...(input.headers ?? {}), ...auth };
  return { name, transport: input.transport, url: input.url ?? null, headers, secrets: Object.values(auth) };
}

/**
 * Lists a suite's live server with the MCP client `run` uses (lib/mcp withMcpClient, which
 * always closes the session and kills a stdio child that fails), under the same rules: stdio
 * only where ALLOW_STDIO_SERVERS allows it (exit 2, as `run` refuses to register it), and an
 * unreachable server is exit 3.
 */
export async function listLiveTools(file: string, name: string, input: ServerInput, signal: AbortSignal): Promise<Tool[]> {
  if (input.transport === 'stdio' && !getEnv().allowStdioServers) throw new SuiteError([{ file, line: null, field: `servers.${name}`, message: STDIO_DISABLED_MESSAGE }]);
  try {
    return await withMcpClient(connectionOf(name, input), (client, s) => listAllTools(client, s), { timeoutMs: LIST_TOOLS_TIMEOUT_MS, signal });
  } catch (err) {
    throw new InfrastructureError(`server ${name} is unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
}
