import { exportVariant } from '@/lib/experiments/export';
import { ExportQuerySchema } from '@/lib/experiments/schemas';
import { json, parseQuery, route } from '@/lib/http';

type Ctx = { params: Promise<{ id: string; name: string }> };

/** ?format=patch (RFC 6902 per server, the default) or tools (the full edited lists). */
export const GET = route<Ctx>(async (req, { params }) => {
  const { id, name } = await params;
  const { format } = parseQuery(req, ExportQuerySchema);
  return json(await exportVariant(id, name, format));
});
