import { z } from 'zod';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { toServerDto } from '@/lib/servers/dto';
import { ServerPatchSchema } from '@/lib/servers/schemas';
import { deleteServer, requireServer, updateServer } from '@/lib/servers/service';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (_req, { params }) => json(await toServerDto(await requireServer((await params).id))));

const update = route<Ctx>(async (req, { params }) => {
  const { id } = await params;
  return json(await updateServer(id, await parseBody(req, ServerPatchSchema)));
});
export const PATCH = update;
export const PUT = update;

const DeleteQuery = z.object({ force: z.enum(['true', 'false']).default('false') });

export const DELETE = route<Ctx>(async (req, { params }) => {
  const { force } = parseQuery(req, DeleteQuery);
  return json({ deleted: true, ...(await deleteServer((await params).id, force === 'true')) });
});
