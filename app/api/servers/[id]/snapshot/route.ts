import { json, parseBody, route } from '@/lib/http';
import { snapshotServer, SnapshotBodySchema } from '@/lib/servers/static-tools/snapshot';

type Ctx = { params: Promise<{ id: string }> };

export const POST = route<Ctx>(async (req, { params }) => {
  const { id } = await params;
  return json(await snapshotServer(id, await parseBody(req, SnapshotBodySchema), req.signal), { status: 201 });
});
