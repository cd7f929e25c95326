import 'server-only';
import { getServersByNames } from '@/db/queries/servers';
import { ConflictError, UnprocessableError } from '../errors';
import { applyToolOverrides } from '../eval/run/tool-overrides';
import { getCircuitBreakers } from '../eval/run/circuit-breaker';
import { ToolCache } from '../eval/run/tool-cache';
import { parseWith } from '../http';
import { ServerPatchSchema } from '../servers/schemas';
import { updateServer } from '../servers/service';
import { findVariant } from './export';

export type AppliedServer = { serverId: string; server: string; tools: string[] };

/**
 * Adopts a variant on the static servers holding its changed tools: their stored lists as they
 * are now, with the variant's changes, replace the lists (validated like any edit of a static
 * server). A live server cannot be changed from here: 409 `not_static`, export instead.
 * `serverId` limits the adoption to one of the variant's servers.
 */
export async function applyVariant(experimentId: string, name: string, serverId?: string): Promise<{ applied: AppliedServer[] }> {
  const { variant } = await findVariant(experimentId, name);
  const names = [...new Set(variant.changes.map((c) => c.server))];
  const rows = await getServersByNames(names);
  const targets = serverId ? rows.filter((r) => r.id === serverId) : rows;
  if (serverId && targets.length === 0) {
    throw new UnprocessableError('server_not_in_variant', `Server ${serverId} holds none of variant "${name}"'s changed tools`, { serverId, servers: names });
  }
  const missing = names.filter((n) => !rows.some((r) => r.name === n));
  if (!serverId && missing.length) throw new UnprocessableError('unknown_server', `Server(s) no longer registered: ${missing.join(', ')}`, { servers: missing });
  const live = targets.filter((r) => r.transport !== 'static');
  if (live.length) {
    throw new ConflictError(
      `Server "${live[0]!.name}" is not static: its tools live on the server itself, so export the variant instead`,
      { servers: live.map((r) => r.name) },
      'not_static',
    );
  }
  const cache = new ToolCache(getCircuitBreakers());
  // Every list is read and checked before any is written.
  const edits = await Promise.all(
    targets.map(async (row) => {
      const current = await cache.tools(row);
      const changes = variant.changes.filter((c) => c.server === row.name);
      const gone = changes.filter((c) => !current.some((t) => t.name === c.tool)).map((c) => c.tool);
      if (gone.length) throw new ConflictError(`Server "${row.name}" no longer lists ${gone.join(', ')}`, { server: row.name, tools: gone }, 'tool_missing');
      const tools = applyToolOverrides(row.name, current, changes);
      return { row, patch: parseWith(ServerPatchSchema, { tools }), changed: changes.map((c) => c.name ?? c.tool) };
    }),
  );
  const applied: AppliedServer[] = [];
  for (const { row, patch, changed } of edits) {
    await updateServer(row.id, patch);
    applied.push({ serverId: row.id, server: row.name, tools: changed });
  }
  return { applied };
}
