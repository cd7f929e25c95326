import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { insertServer } from '@/db/queries/servers';
import { resolveCall, type ResolveOptions } from '@/lib/eval/run/sequence/execute-call';
import { RESULT_TEXT_LIMIT, SESSION_MAX_BYTES } from '@/lib/eval/run/sequence/limits';
import { McpSessions } from '@/lib/eval/run/sequence/sessions';
import { envColumn } from '@/lib/servers/stored-secrets';
import { EVERYTHING_BIN, freePort } from '@/tests/helpers/everything';
import { waitFor } from '@/tests/helpers/wait';

/**
 * One executed call of the agent loop against the real server-everything over stdio: its
 * timeout, a cancellation while it runs, a server that cannot be reached, and secrets a
 * server echoes back.
 */

const SECRET = 'zq-SEQUENCE-secret-4b1d9e77c2';
const marker = (tag: string) => `sequence-execute-${tag}-${process.pid}`;
/** server-everything over stdio, found among processes by its marker argument. */
const everythingServer = (tag: string) =>
  insertServer({ name: `everything-${tag}`, transport: 'stdio', command: process.execPath, args: [EVERYTHING_BIN, 'stdio', marker(tag)], envSecret: envColumn({ API_TOKEN: SECRET }) });
const everything = await everythingServer('shared');
const longRunning: Tool = { name: 'trigger-long-running-operation', inputSchema: { type: 'object' } };
const echo: Tool = { name: 'echo', inputSchema: { type: 'object' } };
const getEnv: Tool = { name: 'get-env', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } };
const sessionsToClose: McpSessions[] = [];

afterAll(async () => {
  await Promise.all(sessionsToClose.map((s) => s.close()));
});

function options(signal: AbortSignal, extra: Partial<ResolveOptions> = {}): ResolveOptions {
  const sessions = new McpSessions(signal);
  sessionsToClose.push(sessions);
  return { policy: { allow: [{ server: 'everything-shared', tool: longRunning.name }, { server: 'everything-cancel', tool: longRunning.name }] }, mocks: null, sessions, signal, ...extra };
}

function processesWith(text: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', '--', text], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return [];
  }
}

describe('an executed call', () => {
  it('times out on its own limit and comes back as an error result', async () => {
    const started = performance.now();
    const call = { server: 'everything-shared', tool: longRunning.name, arguments: { duration: 10, steps: 10 } };
    const resolution = await resolveCall(call, { server: everything, listed: longRunning }, options(new AbortController().signal, { callTimeoutMs: 500 }));
    expect(resolution.source).toBe('error');
    expect(resolution.result).toMatchObject({ isError: true, text: expect.stringMatching(/^The tool call failed: .*timed out/i) as unknown as string });
    expect(performance.now() - started).toBeLessThan(8_000);
  });

  it('is given up when the run is cancelled, and the server child is gone with the session', async () => {
    const controller = new AbortController();
    const server = await everythingServer('cancel');
    const opts = options(controller.signal);
    const call = { server: 'everything-shared', tool: longRunning.name, arguments: { duration: 30, steps: 30 } };
    const pending = resolveCall(call, { server, listed: longRunning }, opts);
    await waitFor(() => processesWith(marker('cancel')).length > 0);
    controller.abort(new Error('batch cancelled'));
    await expect(pending).rejects.toThrow('batch cancelled');
    await opts.sessions.close();
    await waitFor(() => processesWith(marker('cancel')).length === 0, 5_000);
  });

  it('scrubs the secrets the server was started with from what it returns', async () => {
    const opts = options(new AbortController().signal, { policy: 'read-only' });
    const resolution = await resolveCall({ server: 'everything-shared', tool: 'get-env', arguments: {} }, { server: everything, listed: getEnv }, opts);
    expect(resolution.source).toBe('executed');
    expect(resolution.result.text).toContain('"API_TOKEN": "[redacted]"');
    expect(JSON.stringify(resolution.result)).not.toContain(SECRET);
  });

  it('cuts a session off past its byte budget (that call fails), opens a fresh one for the next call, and caps the text shown', async () => {
    const opts = options(new AbortController().signal, { policy: { allow: [{ server: 'everything-shared', tool: 'echo' }] } });
    const target = { server: everything, listed: echo };
    const huge = await resolveCall({ server: 'everything-shared', tool: 'echo', arguments: { message: 'x'.repeat(SESSION_MAX_BYTES + 1024) } }, target, opts);
    expect(huge).toMatchObject({ source: 'error', result: { isError: true } });
    expect(huge.result.text).toMatch(/sent more than 4 MB/);
    const big = await resolveCall({ server: 'everything-shared', tool: 'echo', arguments: { message: 'y'.repeat(RESULT_TEXT_LIMIT * 2) } }, target, opts);
    expect(big.source).toBe('executed');
    expect(big.result.text).toHaveLength(RESULT_TEXT_LIMIT + `\n[truncated: ${RESULT_TEXT_LIMIT + 6} more characters]`.length);
    expect(big.result.text.startsWith('Echo: yyy')).toBe(true);
  });

  it('reports a server that cannot be reached as the call result', async () => {
    const port = await freePort();
    const down = await insertServer({ name: 'down', transport: 'streamable-http', url: `http://127.0.0.1:${port}/mcp` });
    const tool: Tool = { name: 'anything', inputSchema: { type: 'object' } };
    const resolution = await resolveCall({ server: 'down', tool: 'anything', arguments: {} }, { server: down, listed: tool }, options(new AbortController().signal, { policy: { allow: [{ server: 'down', tool: 'anything' }] } }));
    expect(resolution).toMatchObject({ source: 'error', result: { isError: true } });
    expect(resolution.result.text).toMatch(/^The tool call failed: MCP server 'down' \(http:\/\/127\.0\.0\.1:\d+\/mcp\): /);
  });

  it('does not try a server that could not be reached again in the same run', async () => {
    const server = http.createServer(() => undefined); // accepts connections and never answers: each try waits the connect timeout
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const silent = await insertServer({ name: 'silent', transport: 'streamable-http', url: `http://127.0.0.1:${port}/mcp` });
      const tool: Tool = { name: 'anything', inputSchema: { type: 'object' } };
      const opts = options(new AbortController().signal, { policy: { allow: [{ server: 'silent', tool: 'anything' }] } });
      const first = await resolveCall({ server: 'silent', tool: 'anything', arguments: {} }, { server: silent, listed: tool }, opts);
      const started = performance.now();
      const second = await resolveCall({ server: 'silent', tool: 'anything', arguments: {} }, { server: silent, listed: tool }, opts);
      expect(performance.now() - started).toBeLessThan(500);
      expect(first.result.text).toMatch(/initialize handshake timed out after 5000 ms/);
      expect(second).toMatchObject({ source: 'error', result: { text: first.result.text, isError: true } });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
