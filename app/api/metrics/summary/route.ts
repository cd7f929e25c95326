import { json, parseQuery, route } from '@/lib/http';
import { MetricsFiltersSchema } from '@/lib/metrics/filters';
import { cachedUntilChanged } from '@/lib/metrics/response-cache';
import { getMetricsSummary } from '@/lib/metrics/summary';

/** Kept per filter until the database changes (lib/metrics/response-cache.ts): a page seen again answers at once. */
export const GET = route(async (req) => {
  const filters = parseQuery(req, MetricsFiltersSchema);
  return json(await cachedUntilChanged(`summary ${JSON.stringify(filters)}`, () => getMetricsSummary(filters)));
});
