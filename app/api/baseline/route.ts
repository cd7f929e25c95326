import { json, parseBody, route } from '@/lib/http';
import { getBaseline, pinBaseline, PinBaselineSchema, unpinBaseline } from '@/lib/metrics/baseline/baseline';

/** The pinned baseline batch: {batch: Batch | null, pinnedAt}. */
export const GET = route(async () => json(await getBaseline()));

/** Pin a finished batch {batchId}: 404 unknown batch, 409 while it runs. */
export const PUT = route(async (req) => {
  const { batchId } = await parseBody(req, PinBaselineSchema);
  return json(await pinBaseline(batchId));
});

export const DELETE = route(async () => json(await unpinBaseline()));
