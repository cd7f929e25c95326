import 'server-only';
import type { McpServerRow } from '@/db/schema';
import { listAllTools, withMcpClient, type Tool } from '../mcp/client';
import { toConnection } from '../servers/stored-secrets';
import type { CircuitBreakers } from './circuit-breaker';

export const LIST_TOOLS_TIMEOUT_MS = 15_000;

/**
 * Tools are listed once per server per batch: every run of the batch shares the same
 * listing. A failed listing is forgotten so the next run retries it (through the server's
 * circuit breaker, which opens after repeated failures).
 */
export class ToolCache {
  private readonly entries = new Map<string, Promise<Tool[]>>();

  constructor(
    private readonly breakers: CircuitBreakers,
    private readonly signal?: AbortSignal,
  ) {}

  tools(server: McpServerRow): Promise<Tool[]> {
    const hit = this.entries.get(server.id);
    if (hit) return hit;
    const listing = this.breakers.run(`mcp:${server.name}`, () =>
      withMcpClient(toConnection(server), (client, s) => listAllTools(client, s), { timeoutMs: LIST_TOOLS_TIMEOUT_MS, signal: this.signal }),
    );
    this.entries.set(server.id, listing);
    listing.catch(() => this.entries.delete(server.id));
    return listing;
  }
}
