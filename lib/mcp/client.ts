import 'server-only';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { scrubSecrets } from '../crypto/scrub';
import { getEnv } from '../env';
import { AppError, UpstreamError } from '../errors';
import { ByteBudget } from './byte-budget';
import { describeEndpoint, type ServerConnection } from './connection';
import { describeMcpError, McpTimeoutError, RemoteTooLargeError } from './errors';
import { openTransport } from './transports';

export type { Tool };

export const CONNECT_TIMEOUT_MS = 2000;
const CLIENT_INFO = { name: 'mcp-eval-harness', version: '0.1.0' };
const MAX_TOOL_PAGES = 100;
const GRACEFUL_CLOSE_WAIT_MS = 300;

export type McpCallOptions = {
  /** Bound on connect + initialize (the handshake). */
  connectTimeoutMs?: number;
  /** Bound on the whole session, handshake included. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Bytes the server may send over the whole session (default MAX_REMOTE_BYTES). */
  maxBytes?: number;
};

export type ServerInfo = { name: string; version: string; protocolVersion?: string };

function rejectOnAbort(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * Connects, runs `fn`, and always disconnects: a stdio child is killed at once on error
 * or timeout and closed gracefully (then killed by the SDK) otherwise.
 */
export async function withMcpClient<T>(
  conn: ServerConnection,
  fn: (client: Client, signal: AbortSignal) => Promise<T>,
  options: McpCallOptions = {},
): Promise<T> {
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const sessionTimer = options.timeoutMs
    ? setTimeout(() => controller.abort(new McpTimeoutError('MCP request', options.timeoutMs ?? 0)), options.timeoutMs)
    : undefined;
  const aborted = rejectOnAbort(controller.signal);
  aborted.catch(() => undefined);

  // Past the cap the session ends at once, whichever SDK call was reading.
  const budget = new ByteBudget(options.maxBytes ?? getEnv().maxRemoteBytes, (err) => controller.abort(err));
  const opened = openTransport(conn, budget);
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  let failed = false;
  try {
    const connectTimer = setTimeout(
      () => controller.abort(new McpTimeoutError('MCP initialize handshake', connectTimeoutMs)),
      connectTimeoutMs,
    );
    try {
      await Promise.race([client.connect(opened.transport, { signal: controller.signal, timeout: connectTimeoutMs }), aborted]);
    } finally {
      clearTimeout(connectTimer);
    }
    return await Promise.race([fn(client, controller.signal), aborted]);
  } catch (err) {
    failed = true;
    // Domain errors raised by `fn` (unknown tool, invalid arguments) are not server failures.
    if (err instanceof AppError) throw err;
    // The SDK may report the cut-off connection as something else ("Connection closed").
    const cause = budget.exceeded ?? err;
    const stderr = opened.stderrTail();
    // A server may print its own credentials (stderr, error bodies): never let them through.
    const reason = scrubSecrets(describeMcpError(cause) + (stderr ? `; stderr: ${stderr.split('\n').slice(-3).join(' | ')}` : ''), conn.secrets ?? []);
    if (cause instanceof RemoteTooLargeError) {
      throw new UpstreamError(
        `MCP server '${conn.name}' (${describeEndpoint(conn)}): ${cause.message}`,
        { server: conn.name, reason: cause.message, limitBytes: cause.limitBytes },
        'upstream_too_large',
      );
    }
    throw new UpstreamError(
      `MCP server '${conn.name}' (${describeEndpoint(conn)}): ${reason}`,
      { server: conn.name, reason },
      cause instanceof McpTimeoutError ? 'mcp_timeout' : 'mcp_error',
    );
  } finally {
    clearTimeout(sessionTimer);
    options.signal?.removeEventListener('abort', onOuterAbort);
    const pid = opened.pid();
    if (failed && pid) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // The SDK finishes closing (and escalates to SIGTERM/SIGKILL for stdio) in the background.
    const closing = client.close().catch(() => undefined);
    await Promise.race([closing, new Promise((r) => setTimeout(r, GRACEFUL_CLOSE_WAIT_MS).unref())]);
  }
}

/** tools/list, following nextCursor through every page. */
export async function listAllTools(client: Client, signal?: AbortSignal): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_PAGES; page++) {
    const res = await client.listTools(cursor ? { cursor } : undefined, { signal });
    tools.push(...res.tools);
    if (!res.nextCursor) return tools;
    cursor = res.nextCursor;
  }
  throw new Error(`tools/list returned more than ${MAX_TOOL_PAGES} pages`);
}

export type ConnectivityResult =
  | { ok: true; durationMs: number; serverInfo: ServerInfo }
  | { ok: false; durationMs: number; detail: string };

/** The MCP initialize handshake only, bounded at CONNECT_TIMEOUT_MS. */
export async function checkConnectivity(conn: ServerConnection, timeoutMs = CONNECT_TIMEOUT_MS): Promise<ConnectivityResult> {
  const started = performance.now();
  try {
    const serverInfo = await withMcpClient(
      conn,
      async (client) => {
        const info = client.getServerVersion();
        return { name: info?.name ?? 'unknown', version: info?.version ?? 'unknown' };
      },
      { connectTimeoutMs: timeoutMs, timeoutMs },
    );
    return { ok: true, durationMs: Math.round(performance.now() - started), serverInfo };
  } catch (err) {
    const detail = err instanceof UpstreamError ? err.message : describeMcpError(err);
    return { ok: false, durationMs: Math.round(performance.now() - started), detail };
  }
}
