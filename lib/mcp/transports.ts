import 'server-only';
import type { ChildProcess } from 'node:child_process';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ByteBudget } from './byte-budget';
import { countingFetch } from './byte-budget';
import type { ServerConnection } from './connection';
import { openStaticTransport } from './static-server';

export type OpenedTransport = {
  transport: SdkTransport;
  /** The child process of a stdio server, so failures can kill it at once. */
  pid(): number | null;
  /** The last lines a stdio server wrote to stderr: the usual explanation of a failed start. */
  stderrTail(): string;
};

const STDERR_TAIL_BYTES = 2000;

/** Everything the connection reads (stdout or HTTP bodies) draws on `budget`. */
export function openTransport(conn: ServerConnection, budget: ByteBudget): OpenedTransport {
  if (conn.transport === 'static') {
    return { transport: openStaticTransport(conn.name, conn.tools ?? []), pid: () => null, stderrTail: () => '' };
  }
  if (conn.transport === 'stdio') {
    if (!conn.command) throw new Error(`stdio server '${conn.name}' has no command`);
    const transport = new StdioClientTransport({
      command: conn.command,
      args: conn.args ?? [],
      env: { ...getDefaultEnvironment(), ...(conn.env ?? {}) },
      stderr: 'pipe',
      // A line without a newline is buffered whole: never more than the budget.
      maxBufferSize: budget.limitBytes,
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
      countStdout(transport, budget);
      return started;
    };
    return { transport, pid: () => spawnedPid, stderrTail: () => tail.trim() };
  }
  if (!conn.url) throw new Error(`${conn.transport} server '${conn.name}' has no url`);
  const url = new URL(conn.url);
  const requestInit: RequestInit = { headers: conn.headers ?? {} };
  const fetch = countingFetch(budget);
  const transport =
    conn.transport === 'sse'
      ? new SSEClientTransport(url, { requestInit, fetch })
      : new StreamableHTTPClientTransport(url, { requestInit, fetch });
  return { transport, pid: () => null, stderrTail: () => '' };
}

/**
 * The SDK keeps the child private and only bounds one unterminated line; a server printing
 * complete lines forever would still be read without end. Count all of its stdout, and kill
 * it once past the budget (the SDK spawns synchronously inside start(), so it exists here).
 */
function countStdout(transport: StdioClientTransport, budget: ByteBudget): void {
  const child = (transport as unknown as { _process?: ChildProcess })._process;
  child?.stdout?.on('data', (chunk: Buffer) => {
    if (budget.take(chunk.length)) child.kill('SIGKILL');
  });
}
