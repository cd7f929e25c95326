import { z } from 'zod';
import { readMetricsSnapshot } from '@/db/queries/metrics';
import { json, parseQuery, route } from '@/lib/http';
import { getCallMetrics } from '@/lib/metrics/calls';
import { PROVIDER_IDS } from '@/lib/providers/catalog';

const Query = z
  .object({ batchId: z.string().max(100).optional(), provider: z.enum(PROVIDER_IDS).optional(), model: z.string().max(200).optional() })
  .strict();

/**
 * The per-call figures of the sequence runs among the runs in view (?batchId, provider, model): the summary's `calls`
 * alone, for the runs page's line above its table. The whole summary took 0.7 s at 1M runs on every /runs view; this
 * reads the sequence runs' partial index and ends at once when there are none.
 */
export const GET = route(async (req) => {
  const q = parseQuery(req, Query);
  return json({ calls: await readMetricsSnapshot(() => getCallMetrics({ batchId: q.batchId, provider: q.provider, model: q.model })) });
});
