import { McpError } from '@modelcontextprotocol/sdk/types.js';

export class McpTimeoutError extends Error {
  constructor(readonly phase: string, readonly timeoutMs: number) {
    super(`${phase} timed out after ${timeoutMs} ms`);
    this.name = 'McpTimeoutError';
  }
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host lookup failed',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_SOCKET: 'socket closed',
  ENOENT: 'command not found',
  EACCES: 'permission denied',
};

/** One readable line for statusDetail and API errors; never includes request headers. */
export function describeMcpError(err: unknown): string {
  if (err instanceof McpTimeoutError) return err.message;
  if (err instanceof McpError) return err.message;
  if (err instanceof Error) {
    // The SDK's HTTP transport errors carry the response status as a numeric code.
    const status = (err as { code?: unknown }).code;
    if (typeof status === 'number' && status >= 400 && status < 600) return `HTTP ${status}: ${err.message}`;
    const cause = (err as Error & { cause?: unknown }).cause;
    const code = (cause as { code?: unknown } | undefined)?.code ?? (err as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES[code]) return `${NETWORK_CODES[code]} (${code})`;
    if (cause instanceof Error && cause.message && err.message === 'fetch failed') return cause.message;
    return err.message || err.name;
  }
  return String(err);
}
