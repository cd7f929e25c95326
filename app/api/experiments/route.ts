import { createExperiment, listExperimentDtos } from '@/lib/experiments/service';
import { ExperimentInputSchema } from '@/lib/experiments/schemas';
import { json, parseBody, parseQuery, route } from '@/lib/http';
import { listBody, PageQuerySchema } from '@/lib/pagination';
import { readApiKeys } from '@/lib/providers/api-keys';

export const GET = route(async (req) => {
  const q = parseQuery(req, PageQuerySchema);
  const { items, total } = await listExperimentDtos(q);
  return json(listBody(items, total, q));
});

/** One batch per variant ("original" first), run in the background: 202 with the pending experiment. */
export const POST = route(async (req) => {
  const input = await parseBody(req, ExperimentInputSchema);
  return json(await createExperiment(input, readApiKeys(req.headers)), { status: 202 });
});
