import 'server-only';
import { getServersByIds } from '@/db/queries/servers';
import { UnprocessableError, UpstreamError, ValidationError } from '../../errors';
import { listAllTools, withMcpClient, type Tool } from '../../mcp/client';
import { describeEndpoint, type ServerConnection } from '../../mcp/connection';
import { describeMcpError } from '../../mcp/errors';
import { urlCredentialProblem } from '../../servers/schemas';
import { toConnection } from '../../servers/stored-secrets';
import { mapLimit } from '../map-limit';
import type { UrlEntryInput } from '../schemas';
import { humanizeName } from '@/lib/text/tokenize';
import type { DraftTool, Extraction, SourceError } from './draft';
import { fromJsonSchema } from './parameters';

const CONNECT_TIMEOUT_MS = 5_000;
const LIST_TIMEOUT_MS = 15_000;
const CONCURRENCY = 8;

/** One server to list: `label` names it in errors (never with credentials). */
type Target = { label: string; name?: string; conn: ServerConnection };
type Listing = { tools: DraftTool[]; warnings: string[] } | { error: SourceError; tooLarge?: UpstreamError };

function hostOf(url: string | null | undefined): string {
  try {
    return url ? new URL(url).host : 'server';
  } catch {
    return 'server';
  }
}

/**
 * A live tool without a description cannot be fixed in the request, so it is analysed on
 * its title or name instead (and reported), rather than failing the whole analysis.
 */
function toDraft(server: string, tool: Tool, warnings: string[]): DraftTool {
  let description = (tool.description ?? '').trim();
  let describedBy: 'title' | 'name' | undefined;
  if (!description) {
    description = (tool.title ?? tool.annotations?.title ?? '').trim() || humanizeName(tool.name);
    describedBy = tool.title || tool.annotations?.title ? 'title' : 'name';
    warnings.push(`${server}/${tool.name} has no description; it is analysed on its ${describedBy}`);
  }
  const inputSchema = tool.inputSchema as Record<string, unknown>;
  return {
    server,
    name: tool.name,
    description,
    parameters: fromJsonSchema(inputSchema),
    inputSchema,
    ...(tool.annotations ? { annotations: { ...tool.annotations } } : {}),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema as Record<string, unknown> } : {}),
    ...(describedBy ? { describedBy } : {}),
    source: 'live',
  };
}

async function listTarget(target: Target, signal: AbortSignal | undefined): Promise<Listing> {
  try {
    const { tools, reported } = await withMcpClient(
      target.conn,
      async (client, s) => ({ tools: await listAllTools(client, s), reported: client.getServerVersion()?.name }),
      { connectTimeoutMs: CONNECT_TIMEOUT_MS, timeoutMs: LIST_TIMEOUT_MS, signal },
    );
    const server = target.name ?? reported ?? hostOf(target.conn.url);
    const warnings: string[] = [];
    return { tools: tools.map((t) => toDraft(server, t, warnings)), warnings };
  } catch (err) {
    // withMcpClient already scrubbed the connection's secrets from UpstreamError messages.
    const message = err instanceof UpstreamError ? err.message : describeMcpError(err);
    return { error: { source: target.label, message }, ...(err instanceof UpstreamError && err.code === 'upstream_too_large' ? { tooLarge: err } : {}) };
  }
}

async function listTargets(targets: Target[], signal: AbortSignal | undefined): Promise<Extraction> {
  const listings = await mapLimit(targets, CONCURRENCY, (t) => listTarget(t, signal));
  // A server past the size cap is not one more unreachable source: the request fails with its 502.
  for (const listing of listings) if ('error' in listing && listing.tooLarge) throw listing.tooLarge;
  const result: Extraction = { tools: [], errors: [], warnings: [] };
  for (const listing of listings) {
    if ('error' in listing) result.errors.push(listing.error);
    else {
      result.tools.push(...listing.tools);
      result.warnings.push(...listing.warnings);
    }
  }
  return result;
}

/** urlList: live MCP servers over HTTP; each failure is reported, the others analysed. */
export function fromUrlList(entries: UrlEntryInput[], signal?: AbortSignal): Promise<Extraction> {
  const targets = entries.map((entry, index): Target => {
    const e = typeof entry === 'string' ? { url: entry, transport: 'streamable-http' as const } : entry;
    // Labels and error messages show the URL: credentials in it would be echoed back.
    const problem = urlCredentialProblem(e.url, 'send it in the entry\'s headers ({"url": ..., "headers": {"Authorization": "Bearer ..."}})');
    if (problem) throw new ValidationError(`urlList[${index}]: ${problem}`, [{ path: `urlList.${index}`, message: problem }], 'credentials_in_url');
    const headers = 'headers' in e ? (e.headers ?? {}) : {};
    const conn: ServerConnection = { name: ('name' in e && e.name) || hostOf(e.url), transport: e.transport, url: e.url, headers, secrets: Object.values(headers) };
    return { label: describeEndpoint(conn), ...('name' in e && e.name ? { name: e.name } : {}), conn };
  });
  return listTargets(targets, signal);
}

/** serverIds: servers of the registry, listed live with their stored credentials. */
export async function fromServerIds(ids: string[], signal?: AbortSignal): Promise<Extraction> {
  const unique = [...new Set(ids)];
  const rows = await getServersByIds(unique);
  const missing = unique.filter((id) => !rows.some((r) => r.id === id));
  if (missing.length) throw new UnprocessableError('unknown_server', `Unknown server id(s): ${missing.join(', ')}`, { missing });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const targets: Target[] = [];
  const unreadable: SourceError[] = [];
  for (const id of unique) {
    const row = byId.get(id);
    if (!row) continue;
    try {
      targets.push({ label: row.name, name: row.name, conn: await toConnection(row) });
    } catch (err) {
      // Secrets that no longer decrypt fail this server only.
      unreadable.push({ source: row.name, message: err instanceof Error ? err.message : String(err) });
    }
  }
  const result = await listTargets(targets, signal);
  return { ...result, errors: [...unreadable, ...result.errors] };
}
