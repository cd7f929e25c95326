import { McpError } from '@modelcontextprotocol/sdk/types.js';

/** Formats a byte count for messages: "10 MB", "512 KB", "900 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** A server sent more than MAX_REMOTE_BYTES over one connection: it is cut off, not buffered. */
export class RemoteTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`the server sent more than ${formatBytes(limitBytes)}, the cap on data read from an MCP server (MAX_REMOTE_BYTES)`);
    this.name = 'RemoteTooLargeError';
  }
}

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
  if (err instanceof McpTimeoutError || err instanceof RemoteTooLargeError) return err.message;
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
