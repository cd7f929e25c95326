import { listRuns } from '@/db/queries/runs';
import { toRunDto } from '@/lib/eval/api/dto';
import { RunListQuerySchema } from '@/lib/eval/api/schemas';
import { json, parseQuery, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';

const Query = PageQuerySchema.extend(RunListQuerySchema.shape);

export const GET = route(async (req) => {
  const q = parseQuery(req, Query);
  const { rows, total } = await listRuns(q);
  return json(listBody(rows.map(toRunDto), total, q));
});
