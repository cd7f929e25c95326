import 'server-only';
import { z } from 'zod';
import { listServers } from '@/db/queries/servers';
import { toServerDto } from '@/lib/servers/dto';
import { TRANSPORTS } from '@/lib/servers/schemas';
import { fitList } from '../budget';
import { pageShape } from './page';
import { defineTool } from './types';

export const listServersTool = defineTool({
  name: 'list_servers',
  title: 'List registered MCP servers',
  description: () =>
    'The MCP servers registered in the harness (the servers whose tools models choose from), by name. ' +
    'Returns {items, total, limit, offset, returned, nextOffset, metadata}; each item: id, name, transport (static: a tool set held in the harness), url, command or toolCount, status, statusDetail, lastConnectedAt.',
  inputSchema: z
    .object({
      search: z.string().max(200).optional().describe('Part of the name or URL'),
      status: z.enum(['inactive', 'active', 'failed']).optional(),
      transport: z.enum(TRANSPORTS).optional(),
      ...pageShape,
    })
    .strict(),
  run: async (args, ctx) => {
    const { rows, total } = await listServers(args);
    const items = (await Promise.all(rows.map(toServerDto))).map((s) => ({
      id: s.id,
      name: s.name,
      transport: s.transport,
      ...(s.transport === 'static' ? { toolCount: s.toolCount ?? 0 } : s.url !== undefined ? { url: s.url } : { command: [s.command, ...(s.args ?? [])].join(' ') }),
      status: s.status,
      statusDetail: s.statusDetail,
      lastConnectedAt: s.lastConnectedAt,
    }));
    return fitList({ items, total, limit: args.limit, offset: args.offset }, ctx);
  },
});
