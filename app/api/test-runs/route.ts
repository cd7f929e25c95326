import { listRuns } from '@/db/queries/runs';
import { selectRunCallCounts } from '@/db/queries/run-call-counts';
import { toRunDto, type TestRunListItemDto } from '@/lib/eval/api/dto';
import { RunListQuerySchema } from '@/lib/eval/api/schemas';
import { json, parseQuery, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';

const Query = PageQuerySchema.extend(RunListQuerySchema.shape);

export const GET = route(async (req) => {
  const q = parseQuery(req, Query);
  const { rows, total } = await listRuns(q);
  // Sequence runs (a step count) carry their per-call counts: one grouped read for the page's few.
  const calls = await selectRunCallCounts(rows.filter((r) => r.steps !== null && r.steps !== undefined).map((r) => r.id));
  const items = rows.map((r): TestRunListItemDto => ({ ...toRunDto(r), calls: calls.get(r.id) ?? null }));
  return json(listBody(items, total, q));
});
