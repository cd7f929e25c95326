import { json, parseQuery, route } from '@/lib/http';
import { listConfusions } from '@/lib/metrics/confusions';
import { MetricsFiltersSchema } from '@/lib/metrics/filters';
import { cachedUntilChanged } from '@/lib/metrics/response-cache';

/** Kept per filter until the database changes (lib/metrics/response-cache.ts). */
export const GET = route(async (req) => {
  const filters = parseQuery(req, MetricsFiltersSchema);
  return json(await cachedUntilChanged(`confusions ${JSON.stringify(filters)}`, () => listConfusions(filters)));
});
