import { json, parseQuery, route } from '@/lib/http';
import { compareBatches } from '@/lib/metrics/compare';
import { BatchCompareQuerySchema } from '@/lib/metrics/filters';

export const GET = route(async (req) => {
  const { a, b } = parseQuery(req, BatchCompareQuerySchema);
  return json(await compareBatches(a, b));
});
