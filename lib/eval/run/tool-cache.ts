import 'server-only';
import { getServersByIds } from '@/db/queries/servers';
import type { McpServerRow } from '@/db/schema';
import { listAllTools, withMcpClient, type Tool } from '../../mcp/client';
import { toConnection } from '../../servers/stored-secrets';
import type { CircuitBreakers } from './circuit-breaker';

export const LIST_TOOLS_TIMEOUT_MS = 15_000;
/**
 * Bound on the handshake of a batch's listing. Registration keeps its 2 s bound (a quick
 * answer to the user); here a listing serves every run of the batch, so a server that is
 * slow for a moment (a loaded machine, a cold start) must not fail all the runs waiting on it.
 */
export const LIST_TOOLS_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Tools are listed once per server per batch: every run of the batch shares the same
 * listing. A failed listing is forgotten so the next run retries it (through the server's
 * circuit breaker, which opens after repeated failures).
 */
export class ToolCache {
  private readonly entries = new Map<string, Promise<Tool[]>>();
  private readonly rows = new Map<string, McpServerRow>();

  constructor(
    private readonly breakers: CircuitBreakers,
    private readonly signal?: AbortSignal,
  ) {}

  /** The registry rows of these servers, read once per batch (in the order given; missing ones skipped). */
  async servers(ids: string[]): Promise<McpServerRow[]> {
    const missing = ids.filter((id) => !this.rows.has(id));
    if (missing.length) for (const row of await getServersByIds(missing)) this.rows.set(row.id, row);
    return ids.map((id) => this.rows.get(id)).filter((r): r is McpServerRow => r !== undefined);
  }

  tools(server: McpServerRow): Promise<Tool[]> {
    const hit = this.entries.get(server.id);
    if (hit) return hit;
    const listing = this.breakers.run(`mcp:${server.name}`, () =>
      toConnection(server).then((conn) => withMcpClient(conn, (client, s) => listAllTools(client, s), { connectTimeoutMs: LIST_TOOLS_CONNECT_TIMEOUT_MS, timeoutMs: LIST_TOOLS_TIMEOUT_MS, signal: this.signal })),
    );
    this.entries.set(server.id, listing);
    listing.catch(() => this.entries.delete(server.id));
    return listing;
  }
}
