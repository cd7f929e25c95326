import { z } from 'zod';
import { parseQuery, route } from '@/lib/http';
import { batchReportFile } from '@/lib/batch-reports/service';

type Ctx = { params: Promise<{ id: string }> };

const Query = z.object({ format: z.string().trim().min(1).max(20).default('html') });

/** The batch as a file: ?format=html (default) | md | csv | json; 404 for an unknown batch, 400 for an unknown format. */
export const GET = route<Ctx>(async (req, { params }) => {
  const { format } = parseQuery(req, Query);
  const file = await batchReportFile((await params).id, format, new URL(req.url).origin);
  return new Response(file.body, {
    headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${file.fileName}"`, 'cache-control': 'no-store' },
  });
});
