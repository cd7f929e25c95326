import { z } from 'zod';
import { listServers } from '@/db/queries/servers';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';
import { toServerDto } from '@/lib/servers/dto';
import { ServerInputSchema, TRANSPORTS } from '@/lib/servers/schemas';
import { createServer } from '@/lib/servers/service';

const ListQuery = PageQuerySchema.extend({
  search: z.string().max(200).optional(),
  status: z.enum(['inactive', 'active', 'failed']).optional(),
  transport: z.enum(TRANSPORTS).optional(),
});

export const GET = route(async (req) => {
  const q = parseQuery(req, ListQuery);
  const { rows, total } = await listServers(q);
  return json(listBody(await Promise.all(rows.map(toServerDto)), total, q));
});

export const POST = route(async (req) => {
  const input = await parseBody(req, ServerInputSchema);
  return json(await createServer(input), { status: 201 });
});
