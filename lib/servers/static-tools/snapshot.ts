import 'server-only';
import { z } from 'zod';
import { findServerConflict } from '@/db/queries/servers';
import { ConflictError, UnprocessableError } from '../../errors';
import type { ServerDto } from '../dto';
import { ServerNameSchema } from '../schemas';
import { createServer, listServerTools, requireServer } from '../service';
import { fromLiveTool } from './store';
import { checkStaticTools } from './validate';

export const SnapshotBodySchema = z.object({ name: ServerNameSchema }).strict();
export type SnapshotBody = z.infer<typeof SnapshotBodySchema>;

/**
 * Freezes a server's current tools (every page of tools/list) into a new static server: the
 * definitions a model would be shown now, kept for design work and reproducible runs. A
 * listing that fails is the live server's failure (502); the copy changes nothing on it.
 */
export async function snapshotServer(id: string, body: SnapshotBody, signal?: AbortSignal): Promise<ServerDto & { sourceServerId: string }> {
  const source = await requireServer(id);
  // Before listing: a taken name should not wait for the live server.
  if (await findServerConflict(body.name, null)) throw new ConflictError('A server with this name already exists', { field: 'name', value: body.name });
  const { tools } = await listServerTools(id, signal);
  const { tools: checked, issues } = checkStaticTools(tools.map(fromLiveTool));
  if (issues.length) {
    throw new UnprocessableError(
      'snapshot_invalid_tools',
      `Server '${source.name}' lists tools that a static server cannot hold: ${issues[0]?.message}`,
      issues.map((i) => ({ path: ['tools', ...i.path].join('.'), message: i.message })),
    );
  }
  const created = await createServer({ name: body.name, transport: 'static', tools: checked });
  return { ...created, sourceServerId: source.id };
}
