import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '../servers/schemas';

/** Everything needed to reach one MCP server, secrets already decrypted (never persisted in this form). */
export type ServerConnection = {
  name: string;
  transport: Transport;
  url?: string | null;
  command?: string | null;
  args?: string[] | null;
  env?: Record<string, string> | null;
  /** Extra headers plus the auth header, for HTTP transports. */
  headers?: Record<string, string>;
  /** Secret values (auth, env) to scrub from any message about this server. */
  secrets?: string[];
  /** A static server's stored tools, served in-process (lib/mcp/static-server.ts). */
  tools?: Tool[];
};

/** Where the server lives, for messages: never includes secrets. */
export function describeEndpoint(conn: ServerConnection): string {
  if (conn.transport === 'stdio') return [conn.command, ...(conn.args ?? [])].join(' ');
  if (conn.transport === 'static') return '(static tool set)';
  if (!conn.url) return '(no url)';
  try {
    // origin + path only: userinfo and query strings often carry credentials
    const u = new URL(conn.url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid url)';
  }
}
