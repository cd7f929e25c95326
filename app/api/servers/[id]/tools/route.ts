import { json, route } from '@/lib/http';
import { listServerTools } from '@/lib/servers/service';

type Ctx = { params: Promise<{ id: string }> };

export const GET = route<Ctx>(async (req, { params }) => {
  const { tools, durationMs } = await listServerTools((await params).id, req.signal);
  return json({ items: tools, total: tools.length, durationMs });
});
