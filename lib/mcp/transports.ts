import 'server-only';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ServerConnection } from './connection';

export type OpenedTransport = {
  transport: SdkTransport;
  /** The child process of a stdio server, so failures can kill it at once. */
  pid(): number | null;
  /** The last lines a stdio server wrote to stderr: the usual explanation of a failed start. */
  stderrTail(): string;
};

const STDERR_TAIL_BYTES = 2000;

export function openTransport(conn: ServerConnection): OpenedTransport {
  if (conn.transport === 'stdio') {
    if (!conn.command) throw new Error(`stdio server '${conn.name}' has no command`);
    const transport = new StdioClientTransport({
      command: conn.command,
      args: conn.args ?? [],
      env: { ...getDefaultEnvironment(), ...(conn.env ?? {}) },
      stderr: 'pipe',
    });
    let tail = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES);
    });
    // The SDK forgets the child as soon as it starts closing (e.g. after a failed initialize),
    // so remember its pid at spawn time to be able to kill it on any failure.
    let spawnedPid: number | null = null;
    const start = transport.start.bind(transport);
    transport.start = () => {
      const started = start();
      spawnedPid = transport.pid;
      return started;
    };
    return { transport, pid: () => spawnedPid, stderrTail: () => tail.trim() };
  }
  if (!conn.url) throw new Error(`${conn.transport} server '${conn.name}' has no url`);
  const url = new URL(conn.url);
  const requestInit: RequestInit = { headers: conn.headers ?? {} };
  const transport =
    conn.transport === 'sse'
      ? new SSEClientTransport(url, { requestInit })
      : new StreamableHTTPClientTransport(url, { requestInit });
  return { transport, pid: () => null, stderrTail: () => '' };
}
